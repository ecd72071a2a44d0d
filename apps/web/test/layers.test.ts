import { describe, expect, it } from 'vitest';

/**
 * The web's layers (docs/ARCHITECTURE.md, "Web"): the shell (`layout/`) draws the pages of
 * `views/`, so a page never reaches into the shell; what both use (the menu's icons, the session's
 * hooks) lives below them, in `components/` and `store/`.
 */
// The pages' sources as text (Vite's raw import), keyed by their path from this folder.
const pages = import.meta.glob<string>('../src/views/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `a/b/../c` → `a/c`. */
function normalise(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  }
  return out;
}

describe('web layers', () => {
  it('has no page importing the shell', () => {
    const offending: string[] = [];
    for (const [file, text] of Object.entries(pages)) {
      // The folders from src/ down to the file (`views/home`).
      const dir = file.replace('../src/', '').split('/').slice(0, -1);
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = normalise([...dir, ...(m[1] ?? '').split('/')]);
        if (target[0] === 'layout') offending.push(`${file} → ${target.join('/')}`);
      }
    }
    expect(Object.keys(pages).length).toBeGreaterThan(100);
    expect(offending).toEqual([]);
  });
});
