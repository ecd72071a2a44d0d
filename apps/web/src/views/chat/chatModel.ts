/**
 * Chat emoji (docs/rules.md#chat): codes 100-219 in square brackets, e.g. [100], each always the same image.
 * The images are Twemoji graphics (© Twitter, Inc. and other contributors, CC-BY 4.0), from the
 * @twemoji/svg package; the order below fixes which code means which image, so never reorder it —
 * append only.
 */
export const EMOJI_FIRST = 100;

/** Unicode code points (file names in @twemoji/svg) of codes 100, 101, … 219. */
export const EMOJI_CODEPOINTS = [
  '1f600',
  '1f601',
  '1f602',
  '1f603',
  '1f604',
  '1f605',
  '1f606',
  '1f607',
  '1f608',
  '1f609',
  '1f60a',
  '1f60b',
  '1f60c',
  '1f60d',
  '1f60e',
  '1f60f',
  '1f610',
  '1f611',
  '1f612',
  '1f613',
  '1f614',
  '1f615',
  '1f616',
  '1f617',
  '1f618',
  '1f619',
  '1f61a',
  '1f61b',
  '1f61c',
  '1f61d',
  '1f61e',
  '1f61f',
  '1f620',
  '1f621',
  '1f622',
  '1f623',
  '1f624',
  '1f625',
  '1f626',
  '1f627',
  '1f628',
  '1f629',
  '1f62a',
  '1f62b',
  '1f62c',
  '1f62d',
  '1f62e',
  '1f62f',
  '1f630',
  '1f631',
  '1f632',
  '1f633',
  '1f634',
  '1f635',
  '1f636',
  '1f637',
  '1f638',
  '1f639',
  '1f63a',
  '1f63b',
  '1f63c',
  '1f63d',
  '1f63e',
  '1f63f',
  '1f640',
  '1f641',
  '1f642',
  '1f643',
  '1f644',
  '1f645',
  '1f646',
  '1f647',
  '1f648',
  '1f649',
  '1f64a',
  '1f64b',
  '1f64c',
  '1f64d',
  '1f64e',
  '1f64f',
  '1f44d',
  '1f44e',
  '1f44f',
  '1f44c',
  '1f44b',
  '1f4aa',
  '270c',
  '1f91d',
  '1f440',
  '1f91e',
  '2764',
  '1f494',
  '1f389',
  '1f381',
  '1f339',
  '1f340',
  '2615',
  '1f37a',
  '1f382',
  '1f4a1',
  '1f4af',
  '2705',
  '274c',
  '2753',
  '2757',
  '1f525',
  '2b50',
  '1f319',
  '2600',
  '1f308',
  '26a1',
  '1f4e7',
  '1f4de',
  '1f4c5',
  '1f4ce',
  '1f4dd',
  '1f4bc',
  '1f4b0',
  '1f69a',
  '1f3ed',
] as const;

export const EMOJI_LAST = EMOJI_FIRST + EMOJI_CODEPOINTS.length - 1;

/** Twemoji graphics are licensed CC-BY 4.0: this attribution is shown with the picker. */
export const EMOJI_ATTRIBUTION = 'Twemoji © Twitter, Inc. and other contributors, CC-BY 4.0';

export type ChatPart = { kind: 'text'; text: string } | { kind: 'emoji'; code: number };

/** Splits a message text into plain text and known emoji codes; unknown codes stay text. */
export function parseChatText(text: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d{3})\]/g)) {
    const code = Number(match[1]);
    if (code < EMOJI_FIRST || code > EMOJI_LAST) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'emoji', code });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The text to send: trimmed; null when nothing is left (empty messages are not sent). */
export function outgoingText(raw: string): string | null {
  const text = raw.trim();
  return text ? text : null;
}

/** Messages oldest first, without duplicates: pages and live frames may bring the same one twice. */
export function mergeMessages<T extends { id: string }>(current: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) =>
    BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0,
  );
}

/** An image message's content, or null when it is not one. */
export function imageOf(
  content: string,
): { path: string; name: string; width: number; height: number } | null {
  try {
    const value = JSON.parse(content) as {
      path?: unknown;
      name?: unknown;
      width?: unknown;
      height?: unknown;
    };
    if (typeof value?.path !== 'string') return null;
    return {
      path: value.path,
      name: String(value.name ?? ''),
      width: Number(value.width) || 0,
      height: Number(value.height) || 0,
    };
  } catch {
    return null;
  }
}
