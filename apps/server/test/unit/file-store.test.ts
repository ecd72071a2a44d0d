import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStore, LocalFileStore } from '../../src/core/file-store';
import { S3FileStore } from '../../src/core/s3-store';

/**
 * The file store's contract, on the local folder and on an S3-compatible server (s3rver, a
 * local S3 implementation from the npm registry, on a loopback port).
 */
const read = async (store: FileStore, key: string) => {
  const got = await store.get(key);
  if (!got) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of got.body) chunks.push(Buffer.from(chunk as Buffer));
  return { size: got.size, text: Buffer.concat(chunks).toString() };
};

let dir: string;
let s3: S3rver;
const stores: [string, () => FileStore][] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'srm-store-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'srm', configs: [] }],
  });
  const { port } = await s3.run();
  const local = new LocalFileStore(path.join(dir, 'uploads'));
  const remote = new S3FileStore({
    bucket: 'srm',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'test/',
  });
  stores.push(['local', () => local], ['s3', () => remote]);
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s file store', (kind) => {
  const store = (): FileStore => {
    const found = stores.find(([k]) => k === kind);
    if (!found) throw new Error(`no ${kind} store`);
    return found[1]();
  };

  it('stores, reads back with its size, and deletes', async () => {
    await store().put('7/IM/abc.txt', Buffer.from('你好, files'), 'text/plain');
    expect(await read(store(), '7/IM/abc.txt')).toEqual({
      size: Buffer.byteLength('你好, files'),
      text: '你好, files',
    });
    await store().delete('7/IM/abc.txt');
    expect(await store().get('7/IM/abc.txt')).toBeNull();
  });

  it('moves a received file in, streamed with its length, and the received file is gone', async () => {
    await mkdir(store().spoolDir, { recursive: true });
    const received = path.join(store().spoolDir, 'r.part');
    const body = Buffer.alloc(3 * 1024 * 1024 + 7, 'x');
    await writeFile(received, body);
    await store().putFile('7/vendor/r.pdf', received, 'application/pdf');
    expect(existsSync(received)).toBe(false);
    const got = await read(store(), '7/vendor/r.pdf');
    expect(got?.size).toBe(body.length);
    expect(got?.text).toBe(body.toString());
    await store().delete('7/vendor/r.pdf');
  });

  it('answers null for a missing key and refuses keys that leave the store', async () => {
    expect(await store().get('7/IM/none.png')).toBeNull();
    for (const key of ['../x', '7/../../x', '/etc/passwd', '7//x', '']) {
      await expect(store().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/bad file key/);
    }
  });
});

it('the local store keeps uploads where the server always kept them', async () => {
  await stores[0]?.[1]().put('7/userAvatar/a.png', Buffer.from('png'), 'image/png');
  expect((await readFile(path.join(dir, 'uploads', '7', 'userAvatar', 'a.png'))).toString()).toBe('png');
});
