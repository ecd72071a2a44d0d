import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

// A small build of its own (the API tests run before `npm test` builds the web app): an index, a
// hashed script with its .br/.gz twins as the web build writes them, and an unhashed icon.
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(800))};\n`;
const INDEX = `<!doctype html><html><head><title>SRM</title></head><body>${'<div></div>'.repeat(200)}<script type="module" src="/assets/index-AbC123xy.js"></script></body></html>`;
const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<g></g>'.repeat(300)}</svg>`;
const HASHED = '/assets/index-AbC123xy.js';
// What the web build writes about the sign-in page (apps/web/vite.config.ts).
const SIGN_IN_PRELOADS = {
  locales: {
    'zh-CN': ['/assets/common.zh-CN-Aa1.js', '/assets/auth.zh-CN-Bb2.js'],
    'en-US': ['/assets/common.en-US-Cc3.js', '/assets/auth.en-US-Dd4.js'],
    'zh-TW': ['/assets/common.zh-TW-Ee5.js', '/assets/auth.zh-TW-Ff6.js', '/assets/zh_TW-Gg7.js'],
  },
  styles: ['/assets/auth-Hh8.css'],
};

let t: TestApp;
let dist: string;
let admin: string;

async function writeWithTwins(file: string, text: string) {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text, { level: 9 }));
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'srm-web-fixture-'));
  await mkdir(path.join(dist, 'assets'));
  await writeWithTwins(path.join(dist, 'index.html'), INDEX);
  await writeWithTwins(path.join(dist, HASHED), SCRIPT);
  await writeFile(path.join(dist, 'favicon.svg'), ICON);
  await writeFile(path.join(dist, 'sign-in-preloads.json'), JSON.stringify(SIGN_IN_PRELOADS));
  t = await createTestApp({ webDist: dist });
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('compressed answers', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('sends assets, index.html and the SPA fallback as %s → %s', async (accept, expected) => {
    const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
    for (const [url, text] of [
      [HASHED, SCRIPT],
      ['/', INDEX],
      ['/permission/user', INDEX],
      ['/index.html', INDEX],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(expected);
      expect(decode(expected, res.rawPayload), url).toBe(text);
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
    }
    const script = await get(HASHED, headers);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('compresses an unhashed SVG that has no twin on the fly', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode('br', res.rawPayload)).toBe(ICON);
  });

  it('never serves a compressed twin under its own name', async () => {
    const res = await get(`${HASHED}.br`, { 'accept-encoding': 'br' });
    expect(res.headers['content-type']).toMatch(/text\/html/); // the SPA fallback, not the twin
  });

  it('compresses API JSON above the threshold, in brotli or gzip, and leaves small answers alone', async () => {
    const auth = { authorization: `Bearer ${admin}` };
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get('/api/sys/menu-ent/nav', { ...auth, 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(decode(encoding, res.rawPayload)).code).toBe(0);
    }
    const plain = await get('/api/sys/menu-ent/nav', auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().code).toBe(0);
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends an Excel export intact to a client that accepts compression', async () => {
    const res = await get('/api/permission/Users/Actions/Export', {
      authorization: `Bearer ${admin}`,
      'accept-encoding': 'br, gzip',
    });
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK'); // a zip file, as sent
  });
});

describe('cache headers', () => {
  it('caches hashed assets for a year and makes index.html and unhashed files revalidate', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
      expect((await get(HASHED, headers)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      for (const url of ['/', '/index.html', '/home', '/favicon.svg']) {
        const res = await get(url, headers);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers.etag, url).toBeTruthy();
        expect(res.headers['last-modified'], url).toBeTruthy();
      }
    }
  });

  it('answers 304 with no body to a revalidation that still matches, 200 once it does not', async () => {
    for (const url of ['/', '/home', '/favicon.svg', HASHED]) {
      const first = await get(url, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      const since = await get(url, {
        'accept-encoding': 'br',
        'if-modified-since': String(first.headers['last-modified']),
      });
      expect(since.statusCode, url).toBe(304);
      const changed = await get(url, { 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
      expect(changed.statusCode, url).toBe(200);
    }
  });
});

describe('the sign-in page announces what it fetches next', () => {
  const links = (header: unknown) => String(header ?? '').split(', ');

  it('preloads the brand call, its stylesheet and its texts in the language asked for', async () => {
    const en = await get('/login', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    expect(links(en.headers.link)).toEqual([
      '</api/oauth/LoginConfig>; rel=preload; as=fetch; crossorigin=anonymous',
      '</assets/auth-Hh8.css>; rel=preload; as=style; crossorigin',
      '</assets/common.en-US-Cc3.js>; rel=modulepreload',
      '</assets/auth.en-US-Dd4.js>; rel=modulepreload',
    ]);
    // The answer differs by language now: caches must key on it.
    expect(en.headers.vary).toBe('accept-encoding, accept-language');

    const tw = await get('/login?redirect=%2Fhome', { 'accept-language': 'zh-TW' });
    expect(links(tw.headers.link).slice(2)).toEqual(
      SIGN_IN_PRELOADS.locales['zh-TW'].map((chunk) => `<${chunk}>; rel=modulepreload`),
    );
    // No language asked for: the product's default, simplified Chinese.
    const none = await get('/login');
    expect(links(none.headers.link)).toContain('</assets/common.zh-CN-Aa1.js>; rel=modulepreload');
  });

  it('announces nothing with the other pages of the app', async () => {
    const home = await get('/home', { 'accept-language': 'en-US' });
    expect(home.statusCode).toBe(200);
    expect(home.headers.link).toBeUndefined();
    expect(home.headers.vary).toBe('accept-encoding');
  });

  it("without the build's list (or with a damaged one) still preloads the brand call, and starts", async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'srm-web-bare-'));
    await writeFile(path.join(bare, 'index.html'), INDEX);
    await writeFile(
      path.join(bare, 'sign-in-preloads.json'),
      '{"locales": {"en-US": ["javascript:alert(1)"]}',
    );
    const other = await createTestApp({ webDist: bare });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBe('</api/oauth/LoginConfig>; rel=preload; as=fetch; crossorigin=anonymous');
    } finally {
      await other.close();
      await rm(bare, { recursive: true, force: true });
    }
  });
});
