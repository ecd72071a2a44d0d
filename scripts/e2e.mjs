// Builds the product and runs the browser tests (arguments go to Playwright, e.g. a spec file).
// With E2E_BUILD=<name> the build goes to .build/<name>/ instead of the dist folders, so several
// runs (on different E2E_PORTs) can work side by side without overwriting each other's build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = process.env.E2E_BUILD;
const env = { ...process.env };
if (name) {
  const base = path.join(root, '.build', name);
  env.SERVER_OUT_DIR = path.join(base, 'server');
  env.E2E_SERVER = path.join(base, 'server', 'main.js');
  env.WEB_DIST = path.join(base, 'web');
}

const run = (cmd, args, cwd = root) => {
  const result = spawnSync(cmd, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.env.E2E_SKIP_BUILD) {
  const webOut = env.WEB_DIST ? ['--outDir', env.WEB_DIST, '--emptyOutDir'] : [];
  // The probe first: it records which modules the start-up chunk groups (apps/web/vite.config.ts).
  run('npm', ['run', 'build:probe'], path.join(root, 'apps/web'));
  run('npx', ['vite', 'build', ...webOut], path.join(root, 'apps/web'));
  run('node', ['build.mjs'], path.join(root, 'apps/server'));
}
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
