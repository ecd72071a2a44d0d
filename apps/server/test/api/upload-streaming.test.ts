import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FlowTaskApi, UserApi, VendorRegisterApi } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { MB, PDF_HEAD, PDF_TAIL, STREAM_BOUNDARY, streamedFile } from '../streamed-upload';

/**
 * Every upload route receives its file as a stream into the file store, the size checked as the
 * bytes arrive: over the limit the body stops being read, the partial file is removed and the
 * route answers its translated size message; memory does not grow with the file.
 */
const en = { 'accept-language': 'en-US' };

let t: TestApp;
let admin: string;

/** Every file under the data folder's uploads (the store and its incoming folder). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const post = (url: string, body: Readable, token?: string) =>
  t.request({
    method: 'POST',
    url,
    payload: body,
    headers: {
      'content-type': `multipart/form-data; boundary=${STREAM_BOUNDARY}`,
      ...en,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

describe('an upload over its limit', () => {
  it('is refused while it streams: 30 MB against 10 MB stops being read, leaves no file and no record', async () => {
    const before = await storedFiles();
    const files = await t.db.selectFrom('vendor_file').select('id').execute();
    const { body, sent } = streamedFile(30 * MB, PDF_HEAD, PDF_TAIL);
    const res = await post('/api/base/vendorNotice/upload', body, admin);
    expect(res.body).toMatchObject({ code: 400, msg: 'The file cannot exceed 10 MB' });
    // The limit's 10 MB, and what was in flight; never the rest of the 30.
    expect(sent.pulled).toBeGreaterThan(10 * MB);
    expect(sent.pulled).toBeLessThan(12 * MB);
    expect(await storedFiles()).toEqual(before);
    expect(await t.db.selectFrom('vendor_file').select('id').execute()).toEqual(files);
  });

  it('is refused while it streams on every upload route, each with its own message', async () => {
    const routes: { url: string; limit: number; msg: string; token?: string }[] = [
      { url: '/api/file/Uploader/IM', limit: 5 * MB, msg: 'Image size cannot exceed 5M', token: admin },
      { url: FlowTaskApi.upload, limit: 5 * MB, msg: 'The file cannot exceed 5 MB', token: admin },
      { url: UserApi.import, limit: 5 * MB, msg: 'The file cannot exceed 5M', token: admin },
      {
        url: '/api/base/vendorNotice/upload',
        limit: 10 * MB,
        msg: 'The file cannot exceed 10 MB',
        token: admin,
      },
      { url: VendorRegisterApi.upload, limit: 10 * MB, msg: 'The file cannot exceed 10 MB' },
    ];
    for (const route of routes) {
      const before = await storedFiles();
      const { body, sent } = streamedFile(3 * route.limit, PDF_HEAD, PDF_TAIL);
      const res = await post(route.url, body, route.token);
      expect(res.body.code, route.url).toBe(400);
      expect(res.body.msg, route.url).toBe(route.msg);
      expect(sent.pulled, route.url).toBeLessThan(route.limit + 2 * MB);
      expect(await storedFiles(), route.url).toEqual(before);
    }
  });

  it('over a real connection: the client reads the answer, and the server stops taking the body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { body, sent } = streamedFile(30 * MB, PDF_HEAD, PDF_TAIL);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/base/vendorNotice/upload',
          headers: {
            'content-type': `multipart/form-data; boundary=${STREAM_BOUNDARY}`,
            authorization: `Bearer ${admin}`,
            ...en,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => {
            body.unpipe(req);
            req.destroy();
            resolve({ status: res.statusCode ?? 0, text });
          });
          res.on('error', reject);
        },
      );
      // Writes after the server closed fail; the answer has been read by then.
      req.on('error', () => undefined);
      body.pipe(req);
    });
    expect(JSON.parse(answer.text)).toMatchObject({ code: 400, msg: 'The file cannot exceed 10 MB' });
    // The limit, the little read and dropped after the answer, the sockets' buffers: far from 30 MB.
    expect(sent.pulled).toBeLessThan(24 * MB);
  });
});

describe('an upload within its limit', () => {
  it('is stored with its size while memory stays flat: 40 MB through, no growth of 40 MB', async () => {
    expect((await t.put('/api/system/SysConfig/upload', { uploadMaxMb: 100 }, admin)).body.code).toBe(0);
    const { body, sent } = streamedFile(40 * MB, PDF_HEAD, PDF_TAIL, true);
    const res = await post(FlowTaskApi.upload, body, admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ size: 40 * MB, contentType: 'application/pdf' });
    // A server that gathered the file would be 30 MB or more up by the last samples.
    expect(sent.peakGrowth).toBeLessThan(12 * MB);
    const stored = await t.db
      .selectFrom('flow_file')
      .select(['storage_key', 'size'])
      .where('id', '=', (res.body.data as { id: string }).id)
      .executeTakeFirstOrThrow();
    expect(stored.size).toBe(40 * MB);
    const got = await t.app.deps.files.get(stored.storage_key);
    got?.body.destroy();
    expect(got?.size).toBe(40 * MB);
    // Nothing left in the incoming folder.
    expect((await storedFiles()).filter((f) => f.includes('.incoming'))).toEqual([]);
  });
});
