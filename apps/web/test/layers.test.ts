import { describe, expect, it } from 'vitest';

/**
 * The web's layers (docs/ARCHITECTURE.md, "Web"): the shell (`layout/`) draws the pages of
 * `views/`, so a page never reaches into the shell; what both use (the menu's icons, the session's
 * hooks) lives below them, in `components/` and `store/`.
 */
// The sources as text (Vite's raw import), keyed by their path from this folder.
const pages = import.meta.glob<string>('../src/views/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const requestLayer = import.meta.glob<string>('../src/api/**/*.{ts,tsx}', {
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

/** Each relative import of the files that lands in one of `folders` (top folders of src/). */
function importsInto(files: Record<string, string>, folders: string[]): string[] {
  const offending: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    // The folders from src/ down to the file (`views/home`).
    const dir = file.replace('../src/', '').split('/').slice(0, -1);
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = normalise([...dir, ...(m[1] ?? '').split('/')]);
      if (folders.includes(target[0] ?? '')) offending.push(`${file} → ${target.join('/')}`);
    }
  }
  return offending;
}

describe('web layers', () => {
  it('has no page importing the shell', () => {
    expect(Object.keys(pages).length).toBeGreaterThan(100);
    expect(importsInto(pages, ['layout'])).toEqual([]);
  });

  it('has a request layer that imports no store, page or shell (they are set up above it)', () => {
    expect(Object.keys(requestLayer).length).toBeGreaterThan(0);
    expect(importsInto(requestLayer, ['store', 'views', 'layout', 'router'])).toEqual([]);
  });
});
