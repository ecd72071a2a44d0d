#!/usr/bin/env node
// `npm run bench`: builds, then runs every benchmark under bench/ and prints its figures.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status === 0;
if (!run('npm', ['run', 'build'])) process.exit(1);
for (const bench of [
  'bench/server.mjs',
  'bench/users.mjs',
  'bench/logs.mjs',
  'bench/chat.mjs',
  'bench/web-size.mjs',
]) {
  if (!existsSync(`${root}/${bench}`)) continue;
  console.log(`\n━━ ${bench} ━━`);
  run(process.execPath, [bench]);
}
