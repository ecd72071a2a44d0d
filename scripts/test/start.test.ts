import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config';
import { createLogger } from '../../apps/server/src/core/access-log';

const { quietStep } = (await import('../quiet-step.mjs')) as {
  quietStep: (
    label: string,
    command: string,
    args: string[],
    options: { out: NodeJS.WritableStream },
  ) => Promise<void>;
};

/** What a stream received, as text. */
function sink() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString() };
}

const NOISY = `for (let i = 0; i < 500; i++) console.log('dist/assets/chunk-' + i + '.js.br  0.1 kB');`;

describe('npm start, as a new user meets it', () => {
  it('tells a build in one line, keeping its 500 lines of detail back', async () => {
    const out = sink();
    await quietStep('Building the web app', process.execPath, ['-e', NOISY], { out: out.stream });
    expect(out.text()).toMatch(/^Building the web app… done \(\d+ s\)\n$/);
  });

  it('shows the held-back output when a build fails, so the user sees why', async () => {
    const out = sink();
    const failing = `console.log('transforming…'); console.error('src/x.ts: unexpected token'); process.exit(2);`;
    await expect(
      quietStep('Building the server', process.execPath, ['-e', failing], { out: out.stream }),
    ).rejects.toThrow('exit code 2');
    expect(out.text()).toContain('Building the server… failed (exit code 2)');
    expect(out.text()).toContain('src/x.ts: unexpected token');
  });

  it('listens on this machine only with the embedded database and its demo passwords', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/srm' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.1.2.3', DATABASE_URL: 'postgres://db/srm' }).host).toBe('10.1.2.3');
  });

  it('logs text at a terminal and JSON lines for a collector', () => {
    const config = { logger: true, logLevel: 'info' } as const;
    const atTerminal = sink();
    createLogger({ ...config, logStream: atTerminal.stream }, true)?.info('demo data seeded');
    expect(atTerminal.text()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: demo data seeded\n$/);
    const collected = sink();
    createLogger({ ...config, logStream: collected.stream }, false)?.info('demo data seeded');
    expect(JSON.parse(collected.text())).toMatchObject({ level: 30, msg: 'demo data seeded' });
  });
});
