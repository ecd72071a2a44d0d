import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's folders depend one way (docs/ARCHITECTURE.md, "Server"): a folder imports only
 * folders before it in this order, so no two import each other. A new domain takes its place here.
 */
const ORDER = [
  'db',
  'jobs',
  'core',
  'system',
  'message',
  'org',
  'file',
  'auth',
  'permission',
  'sso',
  'chat',
  'workflow',
  'supplier',
  'procurement',
  'onlinedev',
  // The domains written by the code generator (generated/<model code>/, docs/online-development.md).
  'generated',
  'setup',
  'platform',
];

const SRC = path.resolve(__dirname, '../../src');

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesOf(full);
    return /\.ts$/.test(name) ? [full] : [];
  });
}

/** The top-level folders a file imports by relative path ('' for a file at the root: app.ts, config.ts). */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = path.relative(SRC, path.resolve(path.dirname(file), match[1] ?? ''));
    const [top, ...rest] = target.split(path.sep);
    out.push(rest.length ? (top ?? '') : '');
  }
  return out;
}

describe('server folder order', () => {
  it('lists every top-level folder', () => {
    const folders = readdirSync(SRC).filter((name) => statSync(path.join(SRC, name)).isDirectory());
    expect([...folders].sort()).toEqual([...ORDER].sort());
  });

  it('each folder imports only the folders before it', () => {
    const wrong: string[] = [];
    for (const folder of ORDER) {
      const allowed = new Set(['', folder, ...ORDER.slice(0, ORDER.indexOf(folder))]);
      for (const file of filesOf(path.join(SRC, folder)))
        for (const imported of importedFolders(file))
          if (!allowed.has(imported)) wrong.push(`${path.relative(SRC, file)} imports ${imported}/`);
    }
    expect(wrong).toEqual([]);
  });
});
