import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { commandName, nodeProblem } = require('../check-node.cjs') as {
  commandName: (event?: string) => string;
  nodeProblem: (version: string, range: string, command: string, execPath?: string) => string | null;
};
const script = fileURLToPath(new URL('../check-node.cjs', import.meta.url));

describe('the Node.js version check before npm start, test, dev and bench', () => {
  it('explains in one paragraph which Node is needed and how to get it', () => {
    const message = nodeProblem('v20.20.2', '>=22.12', 'npm start', '/usr/bin/node');
    expect(message).toContain('needs Node.js 22.12 or later');
    expect(message).toContain('`npm start` ran on Node.js v20.20.2 (/usr/bin/node)');
    expect(message).toContain('npm install --prefix ~/node24 node@24');
    expect(message).not.toContain('\n');
  });

  it('lets 22.12 and later through, and stops 22.11', () => {
    expect(nodeProblem('v22.12.0', '>=22.12', 'npm test')).toBeNull();
    expect(nodeProblem('v24.0.0', '>=22.12', 'npm test')).toBeNull();
    expect(nodeProblem('v26.1.0', '>=22.12', 'npm test')).toBeNull();
    expect(nodeProblem('v22.11.9', '>=22.12', 'npm test')).toContain('22.12 or later');
    expect(nodeProblem('v18.20.0', '>=22.12', 'npm test')).toContain('v18.20.0');
  });

  it('names the command as the user typed it', () => {
    expect(commandName('start')).toBe('npm start');
    expect(commandName('test')).toBe('npm test');
    expect(commandName('dev')).toBe('npm run dev');
    expect(commandName('bench')).toBe('npm run bench');
  });

  it('passes quietly on this Node (which meets the engines)', () => {
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});
