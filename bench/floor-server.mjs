#!/usr/bin/env node
// The floor of a row of `npm run bench`: bare Fastify (no plugins, no logger, no hooks) answering
// byte for byte what the product answered to a route — the same headers (the security set included)
// and the same body — with nothing else to do. What a product row costs above its floor is the
// product's own work (session, hooks, handler); what the floor costs above the bare route is the
// answer itself. The recorded header lines are written as one block after the status line, the
// way the product writes its security set (apps/server/src/core/security-headers.ts), so the floor
// is the cheapest way Node sends them. The answers come from the file named on the command line
// (bench/run.mjs writes it): { "/floor/<name>": { "headers": { … }, "body": "<base64>" } }.
import { readFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
/** Each route's header lines but its content type (which Fastify sets from the reply). */
const blocks = new Map();
const storeHeader = ServerResponse.prototype._storeHeader;
class RecordedHeaders extends ServerResponse {
  _storeHeader(statusLine, headers) {
    return storeHeader.call(this, statusLine + (blocks.get(this.req.url) ?? ''), headers);
  }
}
const app = Fastify({ logger: false, http: { ServerResponse: RecordedHeaders } });
for (const [route, answer] of Object.entries(answers)) {
  const body = Buffer.from(answer.body, 'base64');
  const { 'content-type': type, ...rest } = answer.headers;
  blocks.set(
    route,
    Object.entries(rest)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join(''),
  );
  app.get(route, (_request, reply) => {
    reply.type(type).send(body);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => app.close().then(() => process.exit(0)));
