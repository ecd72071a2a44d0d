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
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 costs about what gzip does; the build files get brotli's highest level once.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
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
