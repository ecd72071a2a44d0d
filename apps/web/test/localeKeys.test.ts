import { describe, expect, it } from 'vitest';

/**
 * Every text key the screens ask for by name exists in the English texts of the namespace the
 * screen loads, and a key that has only count forms (`_one`/`_other`) is asked with a `count`: a
 * missing or renamed key shows on screen as its raw name ("log.total" under a list, once).
 * Keys built at run time (template strings) are not checked here.
 */
// The sources as text (Vite's raw import), locale files and tests aside.
const files = import.meta.glob<string>(['../src/**/*.{ts,tsx}', '!../src/locales/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const modules = import.meta.glob<{ default: unknown }>('../src/locales/*.en-US.json', { eager: true });
const english: Record<string, unknown> = {};
for (const [path, mod] of Object.entries(modules))
  english[path.split('/').pop()!.split('.')[0]!] = mod.default;

function lookup(ns: string, key: string): unknown {
  let node: unknown = english[ns];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** 'text' (a leaf), 'counted' (only `_one`/`_other` forms), or undefined (no such key). */
function kindOf(ns: string, key: string): 'text' | 'counted' | undefined {
  if (typeof lookup(ns, key) === 'string') return 'text';
  const dot = key.lastIndexOf('.');
  const parent = dot < 0 ? english[ns] : lookup(ns, key.slice(0, dot));
  const leaf = key.slice(dot + 1);
  if (
    parent &&
    typeof parent === 'object' &&
    typeof (parent as Record<string, unknown>)[`${leaf}_other`] === 'string'
  )
    return 'counted';
  return undefined;
}

/** The namespaces a file's `useTranslation` calls load; `useTranslation()` is the default, common. */
function namespacesOf(code: string): string[] {
  const found = new Set<string>();
  for (const call of code.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const args = call[1]!.trim();
    if (!args) found.add('common');
    for (const literal of args.matchAll(/'([\w-]+)'/g)) found.add(literal[1]!);
  }
  return [...found];
}

describe('text keys asked for by the screens', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const [file, code] of Object.entries(files)) {
    const namespaces = namespacesOf(code);
    for (const call of code.matchAll(/(?<![\w.])t\(\s*'([\w.:-]+)'\s*(?:,\s*(\{[^}]*\}))?/g)) {
      const [, name, options = ''] = call;
      const colon = name!.indexOf(':');
      const candidates = colon > 0 ? [name!.slice(0, colon)] : namespaces;
      const key = colon > 0 ? name!.slice(colon + 1) : name!;
      if (candidates.length === 0) continue;
      checked++;
      const kinds = candidates.map((ns) => kindOf(ns, key)).filter(Boolean);
      const where = `${file.replace('../src/', '')}: t('${name}')`;
      if (kinds.length === 0) problems.push(`${where} is in none of ${candidates.join(', ')}`);
      else if (kinds[0] === 'counted' && !/\bcount\b/.test(options))
        problems.push(`${where} has only count forms but is asked without a count`);
    }
  }

  it('exist, and count forms get a count', () => {
    expect(checked).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });
});
