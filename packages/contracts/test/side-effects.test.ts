import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const contracts = fileURLToPath(new URL('..', import.meta.url));

/** What a bundler that honours `sideEffects` (the server's esbuild build) keeps of an entry's import. */
async function bundle(entry: string): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { loginBodySchema } from '${entry}';\nconsole.log(loginBodySchema.parse);`,
      resolveDir: contracts,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    // As in the server's build: zod stays a package of its own (its source names `jitless` too).
    external: ['zod'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

// package.json declares the contracts free of side effects, so that the web's bundler drops what a
// page does not use; the entries that export schemas must still set zod's jitless mode for every
// process that imports them (the server's bundle), or zod would generate code under the CSP.
describe('the contracts bundled with tree-shaking', () => {
  it('keep zod in jitless mode through the main entry and the schemas entry', async () => {
    expect(await bundle('./src/index.ts')).toContain('jitless');
    expect(await bundle('./src/schemas.ts')).toContain('jitless');
  });
});
