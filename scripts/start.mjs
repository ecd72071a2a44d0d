#!/usr/bin/env node
// `npm start`: builds what is not built (or is older than its sources), then runs the server,
// which migrates, seeds the demo data on first start and serves the web app and the API on one port.
// Each build is one line here (scripts/quiet-step.mjs); `npm run build` shows the builds' detail.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quietStep } from './quiet-step.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(join(root, dir)) > built);
}

async function build(label, workspace) {
  try {
    await quietStep(label, 'npm', ['run', 'build', '-w', workspace], { cwd: root });
  } catch {
    process.exit(1);
  }
}

if (needsBuild(join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'packages/contracts/src'])) {
  await build('Building the web app', 'apps/web');
}
if (needsBuild(join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/contracts/src'])) {
  await build('Building the server', 'apps/server');
}
console.log('Starting the server (it migrates the database, and seeds the demo data on a first start)…');

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
