import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { LOCALES, type Locale, SysConfigApi } from '@srm/contracts/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Vite writes content-hashed files (`name-<hash>.js`) under this folder of the build only. */
const HASHED_DIR = 'assets';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Anything not hashed is revalidated on every use (ETag / Last-Modified, answered by a 304). */
export const REVALIDATE = 'no-cache';

/**
 * Compresses answers on the fly (brotli where accepted, else gzip) above a small threshold.
 * It attaches its onSend hook to each route registered after it, so register it before the routes;
 * route hooks run after the app's own onSend hooks, which therefore still read the envelope text.
 * Answers that already carry a Content-Encoding (the pre-compressed build files) are left alone,
 * and so are types that do not compress (Excel files, images), the not-found answers (no route)
 * and the chat socket's upgrade.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The product's clients never send compressed bodies: no decompression hook on every request.
  // And the hooks each route has before the plugin adds its own (see trimCompressHooks).
  const before = new WeakMap<object, { onRequest: unknown[]; onSend: unknown[] }>();
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
    before.set(route, { onRequest: hookList(route.onRequest), onSend: hookList(route.onSend) });
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 costs about what gzip does; the build files get brotli's highest level once.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  app.addHook('onRoute', (route) => trimCompressHooks(route, before.get(route)));
}

type CompressHook = (
  request: unknown,
  reply: unknown,
  payload: unknown,
  done: (...args: unknown[]) => void,
) => void;

const hookList = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? [...hooks] : hooks ? [hooks] : []);

/**
 * The compression plugin gives every route two hooks: one that decorates the reply with
 * `reply.compress` on each request (the product never calls it) and one that reads four headers
 * and the request's Accept-Encoding on every answer. Most API answers are a few hundred bytes,
 * below the threshold: for them the plugin's answer is always the payload as it is. So its
 * decorating hook is dropped, and its reply hook is asked only for a payload at or above the
 * threshold (a string's UTF-8 takes at most 3 bytes per UTF-16 unit: short ones are not measured). Only hooks the
 * plugin itself added, one of each, are touched; anything else leaves the route as the plugin made it.
 */
export function trimCompressHooks(
  route: { onRequest?: unknown; onSend?: unknown; compress?: unknown },
  hooksBefore: { onRequest: unknown[]; onSend: unknown[] } | undefined,
): void {
  // A route with options of its own (its threshold, its handler of unsupported encodings) keeps
  // the plugin's hooks as they are.
  if (!hooksBefore || (typeof route.compress === 'object' && route.compress !== null)) return;
  const onRequest = hookList(route.onRequest);
  const onSend = hookList(route.onSend);
  const addedRequest = onRequest.filter((hook) => !hooksBefore.onRequest.includes(hook));
  const addedSend = onSend.filter((hook) => !hooksBefore.onSend.includes(hook));
  if (addedRequest.length === 1) route.onRequest = onRequest.filter((hook) => hook !== addedRequest[0]);
  if (addedSend.length !== 1 || typeof addedSend[0] !== 'function') return;
  const compressOnSend = addedSend[0] as CompressHook;
  const maySkip = (payload: unknown) =>
    typeof payload === 'string'
      ? payload.length * 3 < COMPRESS_THRESHOLD_BYTES ||
        (payload.length < COMPRESS_THRESHOLD_BYTES && Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES)
      : Buffer.isBuffer(payload) && payload.length < COMPRESS_THRESHOLD_BYTES;
  const smallAsIs: CompressHook = (request, reply, payload, done) =>
    maySkip(payload) ? done(null, payload) : compressOnSend(request, reply, payload, done);
  route.onSend = onSend.map((hook) => (hook === compressOnSend ? smallAsIs : hook));
}

function cacheHeaders(root: string) {
  return (reply: FastifyReply, filePath: string) => {
    const relative = path.relative(root, filePath).split(path.sep);
    reply.header('cache-control', relative.length > 1 && relative[0] === HASHED_DIR ? IMMUTABLE : REVALIDATE);
    // The same URL answers brotli, gzip or plain text: caches must key on the request's encodings
    // (and the sign-in page's announced texts on its language).
    reply.header('vary', reply.hasHeader('link') ? 'accept-encoding, accept-language' : 'accept-encoding');
  };
}

/**
 * Serves the built web app: the `.br` / `.gz` files written next to each asset at build time when
 * the client accepts them, hashed assets cached for a year, everything else revalidated.
 * `sendIndex` answers the SPA's index.html (same compression and cache rules).
 */
export async function registerWebAssets(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed twins are served in place of their original, never under their own name.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: cacheHeaders(webDist),
  });
}

/** The sign-in page's path: its answer announces what the page will fetch next (`signInLinks`). */
export const SIGN_IN_PATH = '/login';

const signInPreloadsSchema = z.object({
  locales: z.record(z.string(), z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/))),
  styles: z.array(z.string().regex(/^\/assets\/[\w.-]+\.css$/)),
});
export type SignInPreloads = z.infer<typeof signInPreloadsSchema>;

/**
 * What the web build wrote about the sign-in page (`sign-in-preloads.json`, apps/web/vite.config.ts):
 * per language, the chunks of its texts; its stylesheets. None (an older build, a test fixture):
 * the page is announced without them.
 */
export function readSignInPreloads(webDist: string): SignInPreloads | null {
  try {
    const parsed = signInPreloadsSchema.safeParse(
      JSON.parse(readFileSync(path.join(webDist, 'sign-in-preloads.json'), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The `Link` header of the sign-in page in `locale`: the page's public brand call (which the page
 * sends bare so that this preload answers it), its texts in that language and its stylesheet. They
 * would otherwise start only once the entry script has run (texts, stylesheet) and the page has
 * rendered (brand): on a slow phone each is a round trip before the page's heading is drawn.
 */
export function signInLinks(preloads: SignInPreloads | null, locale: Locale): string {
  const links = [`<${SysConfigApi.loginConfig}>; rel=preload; as=fetch; crossorigin=anonymous`];
  for (const sheet of preloads?.styles ?? []) links.push(`<${sheet}>; rel=preload; as=style; crossorigin`);
  const texts = (LOCALES as readonly string[]).includes(locale) ? (preloads?.locales[locale] ?? []) : [];
  for (const chunk of texts) links.push(`<${chunk}>; rel=modulepreload`);
  return links.join(', ');
}
