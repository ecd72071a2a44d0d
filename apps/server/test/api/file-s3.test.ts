import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TempLink, UserApi } from '@srm/contracts';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, uploadFile } from '../helpers';
import { MB, PDF_HEAD, PDF_TAIL, STREAM_BOUNDARY, streamedFile } from '../streamed-upload';

/** With S3_* set, uploads and export files go to the bucket (s3rver on a loopback port), not DATA_DIR. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

let dir: string;
let s3: S3rver;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'srm-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'files', configs: [] }],
  });
  const { port } = await s3.run();
  t = await createTestApp({
    s3: {
      bucket: 'files',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

it('an avatar is uploaded to the bucket, shown and downloaded from it', async () => {
  const buyer = await t.login('buyer', 'buyer123');
  const up = await uploadFile(t, '/api/file/Uploader/userAvatar', buyer, {
    name: 'p.png',
    content: PNG,
    type: 'image/png',
  });
  expect(up.body.code).toBe(0);
  expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
  expect(
    (await t.put(`/api/permission/Users/Current/Avatar/${up.body.data.name}`, undefined, buyer)).body.code,
  ).toBe(0);
  const shown = await t.app.inject({
    method: 'GET',
    url: up.body.data.url,
    headers: { authorization: `Bearer ${buyer}` },
  });
  expect(shown.rawPayload.equals(PNG)).toBe(true);
  const got = await t.app.inject({
    method: 'GET',
    url: `/api/file/Download/userAvatar/${up.body.data.name}`,
    headers: { authorization: `Bearer ${buyer}` },
  });
  expect(got.statusCode).toBe(200);
  expect(got.rawPayload.equals(PNG)).toBe(true);
});

it('an export link is served once from the bucket', async () => {
  const admin = await t.login('admin', 'admin123');
  const link = await t.get<TempLink>(`${UserApi.export}?link=true`, admin);
  expect(link.body.code).toBe(0);
  const first = await t.app.inject({ method: 'GET', url: link.body.data.url });
  expect(first.statusCode).toBe(200);
  expect(first.rawPayload.subarray(0, 2).toString()).toBe('PK');
  expect(JSON.parse((await t.app.inject({ method: 'GET', url: link.body.data.url })).body).code).toBe(404);
});

/** Every file under a folder (the bucket's objects are files of s3rver's folder). */
async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

it('an upload over its limit is refused while it streams and leaves nothing in the bucket or on the disk', async () => {
  const admin = await t.login('admin', 'admin123');
  const before = await filesUnder(dir);
  const { body, sent } = streamedFile(30 * MB, PDF_HEAD, PDF_TAIL);
  const res = await t.request({
    method: 'POST',
    url: '/api/base/vendorNotice/upload',
    payload: body,
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${STREAM_BOUNDARY}`,
      'accept-language': 'en-US',
    },
  });
  expect(res.body).toMatchObject({ code: 400, msg: 'The file cannot exceed 10 MB' });
  expect(sent.pulled).toBeLessThan(12 * MB);
  expect(await filesUnder(dir)).toEqual(before);
  expect(await filesUnder(t.dataDir).then((f) => f.filter((n) => n.includes('incoming')))).toEqual([]);

  // Within the limit it goes to the bucket, streamed from the disk, and the disk keeps nothing.
  const { body: fits } = streamedFile(6 * MB, PDF_HEAD, PDF_TAIL);
  const ok = await t.request({
    method: 'POST',
    url: '/api/base/vendorNotice/upload',
    payload: fits,
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${STREAM_BOUNDARY}`,
    },
  });
  expect(ok.body).toMatchObject({ code: 0, data: { size: 6 * MB, contentType: 'application/pdf' } });
  const got = await t.app.inject({
    method: 'GET',
    url: (ok.body.data as { url: string }).url,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(got.rawPayload.length).toBe(6 * MB);
  expect(await filesUnder(t.dataDir).then((f) => f.filter((n) => n.includes('incoming')))).toEqual([]);
});
