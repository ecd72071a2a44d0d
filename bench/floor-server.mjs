#!/usr/bin/env node
// The floor of a row of `npm run bench`: bare Fastify (no plugins, no logger, no hooks) answering
// byte for byte what the product answered to a route — the same headers (the security set included)
// and the same body — with nothing else to do. What a product row costs above its floor is the
// product's own work (session, hooks, handler); what the floor costs above the bare route is the
// answer itself. The answers come from the file named on the command line (bench/run.mjs writes it):
// { "/floor/<name>": { "headers": { … }, "body": "<base64>" } }.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const [route, answer] of Object.entries(answers)) {
  const body = Buffer.from(answer.body, 'base64');
  app.get(route, (_request, reply) => {
    reply.headers(answer.headers).send(body);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => app.close().then(() => process.exit(0)));
