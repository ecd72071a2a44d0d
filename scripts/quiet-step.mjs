// One step of `npm start` told in one line: "Building the web app… done (13 s)". The command's own
// output (every chunk Vite wrote, with its compressed twins) is kept for `npm run build`; here it is
// held back and shown only when the step fails, so the user sees why.
import { spawn } from 'node:child_process';

/**
 * Runs `command args` with its output captured; writes `label… ` then `done (N s)` to `out`.
 * Resolves on success; on failure writes the captured output and the exit code, and rejects.
 */
export function quietStep(label, command, args, { cwd, out = process.stdout, env = process.env } = {}) {
  const started = Date.now();
  out.write(`${label}… `);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const captured = [];
    child.stdout.on('data', (chunk) => captured.push(chunk));
    child.stderr.on('data', (chunk) => captured.push(chunk));
    child.on('error', (error) => {
      out.write(`failed: ${error.message}\n`);
      reject(error);
    });
    child.on('close', (code) => {
      if (code === 0) {
        out.write(`done (${Math.max(1, Math.round((Date.now() - started) / 1000))} s)\n`);
        resolve();
        return;
      }
      out.write(`failed (exit code ${code}):\n${Buffer.concat(captured).toString()}\n`);
      reject(new Error(`${label} failed with exit code ${code}`));
    });
  });
}
