import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('starting transactions', () => {
  it('happens only in db/transaction.ts (retried on deadlock), nowhere else in the server', async () => {
    const root = path.resolve(__dirname, '../../src');
    const files = (await readdir(root, { recursive: true })).filter((f) => /\.tsx?$/.test(f));
    expect(files).toContain(path.join('db', 'transaction.ts'));
    const offenders: string[] = [];
    for (const file of files) {
      if (file === path.join('db', 'transaction.ts')) continue;
      const text = await readFile(path.join(root, file), 'utf8');
      // Kysely's builders, or a transaction begun by hand in SQL.
      if (/\.(transaction|startTransaction)\s*\(|['`]\s*begin\b/i.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
