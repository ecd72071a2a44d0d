// Bundles src/main.ts into dist/main.js: node_modules packages stay external, except the
// workspace package @srm/contracts (TypeScript source), which is bundled.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// SERVER_OUT_DIR (inside the repository, so node_modules resolve) lets parallel test runs keep apart.
const outDir = process.env.SERVER_OUT_DIR
  ? path.resolve(process.env.SERVER_OUT_DIR)
  : path.join(here, 'dist');
const outfile = path.join(outDir, 'main.js');

/**
 * Keeps bare imports external, except @srm/* workspace sources and the packages npm installs
 * under apps/server/node_modules rather than at the root (altcha-lib): bundled, a build outside
 * apps/server (SERVER_OUT_DIR=.build/…) still finds them.
 */
const BUNDLED = ['altcha-lib'];
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) => {
      if (args.path.startsWith('@srm/')) return undefined;
      if (BUNDLED.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      return { path: args.path, external: true };
    });
  },
};

await rm(outDir, { recursive: true, force: true });
// esbuild's summary flags any output over 1 MB (⚠️), a measure for what a browser downloads; this
// bundle is read once from disk at start, so the build prints its own summary line instead.
const started = performance.now();
const result = await build({
  entryPoints: [path.join(here, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  sourcemap: true,
  plugins: [externalPackages],
  banner: {
    js: "import { createRequire as __srmCreateRequire } from 'node:module'; const require = __srmCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});
const bytes = result.metafile.outputs[path.relative(process.cwd(), outfile)]?.bytes;
const size = bytes ? `${(bytes / 1024 / 1024).toFixed(1)} MB, ` : '';
console.log(
  `${path.relative(process.cwd(), outfile)} (${size}${Math.round(performance.now() - started)} ms)`,
);
