#!/usr/bin/env node
// `npm run typecheck`: the four TypeScript projects, as many at a time as there are cores. Each
// `tsc -p` is one thread and the projects do not depend on each other's output (all read the
// contracts' sources), so on the 2-core CI machine two at once take little more than the longest.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The longest first, so that the last one to start is a short one.
const projects = ['apps/web', 'apps/server', 'e2e', 'packages/contracts'];
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...projects];
const results = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    // Each project's messages together, not interleaved with another's.
    if (result.output) process.stdout.write(result.output);
    results.push(result);
  }
}
await Promise.all(
  Array.from({ length: Math.min(projects.length, Math.max(2, availableParallelism())) }, worker),
);
const failed = results.filter((r) => !r.ok).map((r) => r.project);
if (failed.length) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
