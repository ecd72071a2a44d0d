import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Two places of Fastify's own objects that every request reaches, read without the public
 * accessors, which cost more than the work they serve on the hot path: `request.routeOptions`
 * builds a new object of twelve fields (and asks the router for its constraint strategies) on each
 * call, and `reply.headers()` lower-cases each name and stores it under a new key. The symbols are
 * found by their descriptions on the first request; if a Fastify release renames them, both
 * fall back to the public way (test/unit/fastify-internals.test.ts fails first).
 */
let routeContextKey: symbol | null | undefined;
let replyHeadersKey: symbol | null | undefined;

const ownSymbol = (object: object, description: string) =>
  Object.getOwnPropertySymbols(object).find((key) => key.description === description) ?? null;

/** The route's `config` (what `request.routeOptions.config` answers). */
export function routeConfigOf(request: FastifyRequest): FastifyContextConfig | undefined {
  if (routeContextKey === undefined) routeContextKey = ownSymbol(request, 'fastify.context');
  if (routeContextKey === null) return request.routeOptions.config;
  const context = (request as unknown as Record<symbol, { config?: FastifyContextConfig }>)[routeContextKey];
  return context?.config;
}

/**
 * Gives a reply that has no header yet `headers` (names in lower case) as its own copy: one
 * object copy for the whole set. A reply that has headers already gets them one by one.
 */
export function setFirstHeaders(reply: FastifyReply, headers: Readonly<Record<string, string>>): void {
  if (replyHeadersKey === undefined) replyHeadersKey = ownSymbol(reply, 'fastify.reply.headers');
  const slots = reply as unknown as Record<symbol, Record<string, unknown>>;
  if (replyHeadersKey !== null && isEmpty(slots[replyHeadersKey])) slots[replyHeadersKey] = { ...headers };
  else reply.headers(headers);
}

function isEmpty(object: object | undefined): boolean {
  if (!object) return false;
  for (const _ in object) return false;
  return true;
}

/** Whether both places were found (for the unit test). */
export function fastifyInternalsFound(): { routeContext: boolean; replyHeaders: boolean } {
  return { routeContext: Boolean(routeContextKey), replyHeaders: Boolean(replyHeadersKey) };
}
