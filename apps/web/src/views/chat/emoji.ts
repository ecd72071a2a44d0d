import { EMOJI_CODEPOINTS, EMOJI_FIRST } from './chatModel';

// The 120 images, bundled as separate files (not inlined) so the chat chunk stays small.
const files = import.meta.glob<string>(
  '../../../../../node_modules/@twemoji/svg/{1f600,1f601,1f602,1f603,1f604,1f605,1f606,1f607,1f608,1f609,1f60a,1f60b,1f60c,1f60d,1f60e,1f60f,1f610,1f611,1f612,1f613,1f614,1f615,1f616,1f617,1f618,1f619,1f61a,1f61b,1f61c,1f61d,1f61e,1f61f,1f620,1f621,1f622,1f623,1f624,1f625,1f626,1f627,1f628,1f629,1f62a,1f62b,1f62c,1f62d,1f62e,1f62f,1f630,1f631,1f632,1f633,1f634,1f635,1f636,1f637,1f638,1f639,1f63a,1f63b,1f63c,1f63d,1f63e,1f63f,1f640,1f641,1f642,1f643,1f644,1f645,1f646,1f647,1f648,1f649,1f64a,1f64b,1f64c,1f64d,1f64e,1f64f,1f44d,1f44e,1f44f,1f44c,1f44b,1f4aa,270c,1f91d,1f440,1f91e,2764,1f494,1f389,1f381,1f339,1f340,2615,1f37a,1f382,1f4a1,1f4af,2705,274c,2753,2757,1f525,2b50,1f319,2600,1f308,26a1,1f4e7,1f4de,1f4c5,1f4ce,1f4dd,1f4bc,1f4b0,1f69a,1f3ed}.svg',
  { eager: true, query: '?url&no-inline', import: 'default' },
);

const byCodepoint = new Map<string, string>();
for (const [path, url] of Object.entries(files))
  byCodepoint.set(path.slice(path.lastIndexOf('/') + 1, -4), url);

/** The image address of an emoji code (100-219), or undefined for an unknown code. */
export function emojiUrl(code: number): string | undefined {
  const codepoint = EMOJI_CODEPOINTS[code - EMOJI_FIRST];
  return codepoint ? byCodepoint.get(codepoint) : undefined;
}
