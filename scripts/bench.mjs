#!/usr/bin/env node
// `npm run bench`: builds, then bench/run.mjs (the server against a bare Fastify route, one table;
// its options pass through, e.g. `npm run bench -- --quick`), then the suppliers at scale
// (bench/vendor.mjs: the supplier list at 100,000 suppliers, a notice published to 5,000), the web's
// JavaScript weight and, with DATABASE_URL, the workflow at a million tasks (bench/workflow.mjs).
// --no-build measures the build that is there (or BENCH_SERVER).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2).filter((a) => a !== '--no-build');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status === 0;
if (!process.argv.includes('--no-build') && !run('npm', ['run', 'build'])) process.exit(1);
if (!run(process.execPath, ['bench/run.mjs', ...args])) process.exit(1);
// A subset or a quick run is about the server only.
if (args.includes('--quick') || args.includes('--only')) process.exit(0);
const after = [
  'bench/vendor.mjs',
  'bench/web-size.mjs',
  ...(process.env.DATABASE_URL ? ['bench/workflow.mjs'] : []),
];
for (const bench of after) {
  if (!existsSync(`${root}/${bench}`)) continue;
  console.log(`\n━━ ${bench} ━━`);
  run(process.execPath, [bench]);
}
