import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyInternalsFound, routeConfigOf, setFirstHeaders } from '../../src/core/fastify-internals';

describe("Fastify's own places read on the hot path", () => {
  it('finds the route config and the reply headers in the installed Fastify', async () => {
    const app = Fastify();
    app.get('/a', { config: { auth: 'none' } }, (request, reply) => {
      setFirstHeaders(reply, { 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff' });
      reply.header('x-request-id', 'r1');
      reply.send({ config: routeConfigOf(request)?.auth ?? null });
    });
    app.get('/b', (request, reply) => {
      reply.header('x-first', '1');
      // Headers already there: the set is added to them, not put in their place.
      setFirstHeaders(reply, { 'x-frame-options': 'DENY' });
      reply.send({ config: routeConfigOf(request)?.auth ?? null });
    });
    const a = await app.inject({ url: '/a' });
    expect(a.json()).toEqual({ config: 'none' });
    expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['x-request-id']).toBe('r1');
    const b = await app.inject({ url: '/b' });
    expect(b.json()).toEqual({ config: null });
    expect(b.headers['x-first']).toBe('1');
    expect(b.headers['x-frame-options']).toBe('DENY');
    // Both by the quick way: a Fastify that renamed them would still work, slower; this says so.
    expect(fastifyInternalsFound()).toEqual({ routeContext: true, replyHeaders: true });
    await app.close();
  });
});
