import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository this test runs in. */
export const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * A throwaway copy of the repository's files as they are in the working tree (tracked and new ones,
 * not the ignored), with the installed packages linked rather than copied: each entry of
 * `node_modules` is a link to the original's, but the workspace's own packages (`@srm/*`) link to
 * the copy's folders, so the copy's contracts, server and web are the ones imported there.
 */
export function repositoryCopy(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'srm-codegen-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  const made = new Set<string>();
  for (const file of files) {
    const target = path.join(dir, file);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    try {
      copyFileSync(path.join(ROOT, file), target);
    } catch (error) {
      // A file deleted in the working tree but still in the index is not part of the copy.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '@srm') continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
  mkdirSync(path.join(modules, '@srm'));
  for (const [name, folder] of [
    ['contracts', 'packages/contracts'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
  ] as const)
    symlinkSync(path.join(dir, folder), path.join(modules, '@srm', name));
  symlinkSync(path.join(ROOT, 'apps/server/node_modules'), path.join(dir, 'apps/server/node_modules'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
