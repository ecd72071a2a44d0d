import { buildApp } from './app';
import { loadConfig } from './config';
import { holdTickRecordShape } from './core/tick-shape';
import { DEMO_ACCOUNTS } from './setup/seed';

// Before the app is built, whose start-up runs the full collections that would free the tick
// records' shape (core/tick-shape.ts; the packages this file imports are loaded by then).
holdTickRecordShape();

const config = loadConfig();
const port = Number(process.env.PORT || 3000);

const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out after 15 s');
    process.exit(1);
  }, 15_000);
  timer.unref();
  try {
    // Stops accepting, waits for in-flight requests, then the onClose hooks close the database.
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  const address = await app.listen({ port, host: config.host ?? '127.0.0.1' });
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}/pglite`;
  const lines = [
    `SRM server listening on ${address}  (database: ${db})`,
    `  API docs: ${address}/api/docs`,
    config.webDist ? `  web app: ${config.webDist}` : '  web app: not built (apps/web/dist missing)',
    '  demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `    ${a.account} / ${a.password}   (${a.note})`),
  ];
  console.log(lines.join('\n'));
} catch (error) {
  app.log.error({ err: error }, 'failed to start');
  await app.close().catch(() => {});
  process.exit(1);
}
