import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { codegenSpec } from '../../src/onlinedev/codegen';
import { codegenPatch } from '../../src/onlinedev/codegen-patch';
import { repositorySource } from '../../src/onlinedev/codegen-service';
import { ROOT, repositoryCopy } from './repo-copy';
import { SAMPLE_DESIGN, TINY_DESIGN } from './sample';

/**
 * Code generation, end to end (docs/online-development.md, "Code generation"): the patch of a
 * sample design, applied with `git apply` to a copy of this repository, lints, type-checks and passes
 * its own generated API test there (its browser spec is type-checked and linted; it runs with the
 * browser tests once applied), with the project's guards that read every file (folder order,
 * table owners, the generated database files, the locale key sets and the web's layers). Its own
 * vitest project (`codegen`), run once whatever the database: the copy's tests use PGlite.
 */
const run = promisify(execFile);
const number = (n: number) => String(n).padStart(4, '0');
const copy = repositoryCopy();
const timings: string[] = [];

async function step(name: string, command: string, args: string[]): Promise<void> {
  const started = Date.now();
  try {
    await run(command, args, { cwd: copy.dir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: '' } });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${name} failed in ${copy.dir}:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`);
  } finally {
    timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

afterAll(() => {
  console.log(`code generation in a copy of the repository — ${timings.join(', ')}`);
  copy.remove();
});

describe('code generation', () => {
  it('makes a patch that applies to a clean copy, lints, type-checks and passes its own tests', async () => {
    const spec = codegenSpec(SAMPLE_DESIGN);
    const { patch, files } = await codegenPatch(spec, repositorySource(ROOT));
    const touched = [...patch.matchAll(/^diff --git a\/(\S+) b\//gm)].map((m) => m[1] ?? '');
    // New files, and one line or two in each of the three lists they join: nothing is taken out
    // (but the first module's `export {}`, which kept the empty list a module).
    const edited = touched.filter((file) => !files.some((f) => f.path === file));
    expect(edited.sort()).toEqual([
      'apps/server/src/db/migrations/index.ts',
      'apps/server/src/db/schema.ts',
      'apps/server/src/generated/modules.ts',
    ]);
    const removed = patch
      .split('\n')
      .filter((l) => l.startsWith('-') && !l.startsWith('--- ') && l !== '-export {};');
    expect(removed).toEqual([]);
    // The fields the generator does not store are left out, not half made.
    expect(spec.skipped).toEqual(['owner (user)', 'lines (lines)']);
    expect(touched).toContain('apps/server/test/api/gen-sample-order.test.ts');
    expect(touched).toContain('e2e/tests/gen-sample-order.spec.ts');
    // The patch's migration is the next after the repository's last.
    const last = Math.max(
      ...(repositorySource(ROOT).list('apps/server/src/db/migrations') ?? []).map(
        (n) => Number(n.slice(0, 4)) || 0,
      ),
    );
    expect(touched).toContain(`apps/server/src/db/migrations/${number(last + 1)}_gen_sample_order.ts`);
    for (const lang of ['zh-CN', 'en-US', 'zh-TW'])
      expect(touched).toContain(`apps/web/src/locales/gen_sample_order.${lang}.json`);

    const patchFile = path.join(copy.dir, 'codegen.patch');
    writeFileSync(patchFile, patch);
    await step('git init', 'git', ['init', '-q']);
    await step('git apply', 'git', ['apply', '--whitespace=error-all', patchFile]);

    // A second domain, generated from the copy that holds the first: the next migration number,
    // the lists in order.
    const tiny = await codegenPatch(codegenSpec(TINY_DESIGN), repositorySource(copy.dir));
    expect(tiny.patch).toContain(`apps/server/src/db/migrations/${number(last + 2)}_gen_tiny_counter.ts`);
    writeFileSync(patchFile, tiny.patch);
    await step('git apply', 'git', ['apply', '--whitespace=error-all', patchFile]);
    touched.push(...[...tiny.patch.matchAll(/^diff --git a\/(\S+) b\//gm)].map((m) => m[1] ?? ''));

    const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
    await step('biome', bin('biome'), ['check', '--error-on-warnings', ...new Set(touched)]);

    // Only the projects the patch touches, and there the patched files and what they import.
    const project = (dir: string, extra: string[]) => {
      const own = [...new Set(touched)].filter((f) => f.startsWith(`${dir}/`) && /\.tsx?$/.test(f));
      const config = path.join(copy.dir, dir, 'tsconfig.codegen.json');
      const list = [...own.map((f) => path.relative(dir, f)), ...extra];
      writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', include: [], files: list }));
      return config;
    };
    // The copy's tests first, beside the two light type checks (a database test's setup is what a
    // busy machine slows past its timeout); then the two heavy type checks side by side.
    await Promise.all([
      step('vitest', bin('vitest'), [
        'run',
        '--project',
        'server-api',
        '--project',
        'server-unit',
        '--project',
        'web-unit',
        'apps/server/test/api/gen-sample-order.test.ts',
        'apps/server/test/api/gen-tiny-counter.test.ts',
        'apps/server/test/unit/db-generated.test.ts',
        'apps/server/test/unit/folder-order.test.ts',
        'apps/server/test/unit/table-owners.test.ts',
        'apps/web/test/locales.test.ts',
        'apps/web/test/localeKeys.test.ts',
        'apps/web/test/layers.test.ts',
      ]),
      step('tsc contracts', bin('tsc'), ['-p', 'packages/contracts']),
      step('tsc e2e', bin('tsc'), ['-p', project('e2e', [])]),
    ]);
    await Promise.all([
      step('tsc server', bin('tsc'), ['-p', project('apps/server', ['src/app.ts', 'test/global-setup.ts'])]),
      step('tsc web', bin('tsc'), ['-p', project('apps/web', ['src/views/registry.ts'])]),
    ]);
  }, 900_000);
});
