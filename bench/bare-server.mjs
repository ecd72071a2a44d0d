#!/usr/bin/env node
// The yardstick of `npm run bench`: a bare Fastify server (no plugins, no logger, no hooks) whose
// one route answers the same envelope as the product's /api/bench/ping. Every figure of the bench
// is also given as a ratio to this route, measured in the same run on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/bench/ping', async () => ({ code: 0, msg: 'Success', data: null }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => app.close().then(() => process.exit(0)));
