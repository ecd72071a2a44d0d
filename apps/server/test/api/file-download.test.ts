import { FileApi, type TempLink, UserApi } from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf, uploadFile } from '../helpers';

/**
 * Attachments served by `GET /api/file/Download/{type}/{id}` only to users who may see the record
 * they belong to, and one-time export links (`GET /api/common/temp-download/{token}`).
 */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, string> = {};
let imName: string;
let avatarName: string;

async function upload(type: string, who: string): Promise<string> {
  const res = await uploadFile<{ name: string }>(t, `/api/file/Uploader/${type}`, token[who] ?? '', {
    name: 'p.png',
    content: PNG,
    type: 'image/png',
  });
  expect(res.body.code).toBe(0);
  return res.body.data.name;
}

const raw = (url: string, who?: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${token[who]}` } : {} });
const codeOf = (res: { body: string }) => {
  try {
    return (JSON.parse(res.body) as { code: number }).code;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [account, password] of [
    ['admin', 'admin123'],
    ['buyer', 'buyer123'],
    ['vendor', 'vendor123'],
  ] as const) {
    token[account] = await t.login(account, password);
    const row = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    id[account] = String(row.id);
  }
  await t.seedOtherTenant('fd');
  token.other = await t.login('fdadmin', 'admin123');
  const tenantId = await tenantIdOf(t.db, 'buyer');
  // A chat image the buyer sent to the administrator.
  imName = await upload('IM', 'buyer');
  const [lo, hi] = [id.buyer, id.admin].sort((a, b) => Number(a) - Number(b));
  await t.db
    .insertInto('im_message')
    .values({
      tenant_id: tenantId,
      send_user_id: id.buyer as string,
      receive_user_id: id.admin as string,
      pair_lo: lo as string,
      pair_hi: hi as string,
      content_type: 'image',
      content: JSON.stringify({ path: `/api/file/Image/IM/${imName}`, name: 'p.png', width: 1, height: 1 }),
    })
    .execute();
  // The buyer's avatar.
  avatarName = await upload('userAvatar', 'buyer');
  expect(
    (await t.put(`/api/permission/Users/Current/Avatar/${avatarName}`, undefined, token.buyer)).body.code,
  ).toBe(0);
});
afterAll(async () => {
  await t?.close();
});

describe('attachment download', () => {
  it('serves a chat image to its sender and receiver, inline, with its type and nosniff', async () => {
    for (const who of ['buyer', 'admin']) {
      const res = await raw(`${FileApi.download}/IM/${imName}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="${imName}"; filename*=UTF-8''${imName}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('is 404 to another user of the tenant, to another tenant, and for an unknown file or type', async () => {
    expect(codeOf(await raw(`${FileApi.download}/IM/${imName}`, 'vendor'))).toBe(404);
    expect(codeOf(await raw(`${FileApi.download}/IM/${imName}`, 'other'))).toBe(404);
    expect(codeOf(await raw(`${FileApi.download}/IM/${'0'.repeat(32)}.png`, 'buyer'))).toBe(404);
    expect(codeOf(await raw(`${FileApi.download}/nosuchtype/${imName}`, 'buyer'))).toBe(404);
    expect(codeOf(await raw(`${FileApi.download}/IM/..%2F..%2Fetc%2Fpasswd`, 'buyer'))).toBe(404);
  });

  it('serves an avatar to every user of the tenant, not to another tenant', async () => {
    expect((await raw(`${FileApi.download}/userAvatar/${avatarName}`, 'vendor')).statusCode).toBe(200);
    expect(codeOf(await raw(`${FileApi.download}/userAvatar/${avatarName}`, 'other'))).toBe(404);
    // An upload no user shows is no one's avatar.
    const loose = await upload('userAvatar', 'admin');
    expect(codeOf(await raw(`${FileApi.download}/userAvatar/${loose}`, 'admin'))).toBe(404);
  });

  it('needs a session; bad input is 400', async () => {
    expect(codeOf(await raw(`${FileApi.download}/IM/${imName}`))).toBe(600);
    expect(codeOf(await raw(`${FileApi.download}/IM/${'x'.repeat(200)}`, 'buyer'))).toBe(400);
    expect(codeOf(await raw(`${FileApi.download}/I%20M/${imName}`, 'buyer'))).toBe(400);
    expect(codeOf(await raw(`${FileApi.download}/IM/a%00b`, 'buyer'))).toBe(400);
  });
});

describe('GET /api/file/Image/{type}/{name}: the same check as File/Download', () => {
  const image = (type: string, name: string, who?: string) => raw(`/api/file/Image/${type}/${name}`, who);

  it('serves a chat image to its sender and receiver only: another user of the tenant gets 404', async () => {
    for (const who of ['buyer', 'admin']) {
      const res = await image('IM', imName, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    // The vendor is of the tenant and knows the name, but is not a party to the message.
    const refused = await image('IM', imName, 'vendor');
    expect(codeOf(refused)).toBe(404);
    expect(refused.rawPayload.includes(PNG)).toBe(false);
    expect(codeOf(await image('IM', imName, 'other'))).toBe(404);
  });

  it('serves an avatar to the tenant while a user shows it; an upload nobody shows is nobody’s', async () => {
    expect((await image('userAvatar', avatarName, 'vendor')).statusCode).toBe(200);
    expect(codeOf(await image('userAvatar', avatarName, 'other'))).toBe(404);
    const loose = await upload('userAvatar', 'admin');
    expect(codeOf(await image('userAvatar', loose, 'buyer'))).toBe(404);
    // Nor under a type no record kind owns.
    const elsewhere = await upload('somewhere', 'admin');
    expect(codeOf(await image('somewhere', elsewhere, 'admin'))).toBe(404);
  });
});

describe('one-time export links', () => {
  const exportLink = async (who: string, query = '') => {
    const res = await t.get<TempLink>(`${UserApi.export}?link=true${query}`, token[who]);
    return res;
  };

  it('the user export answers a link that serves the .xlsx once, without a session', async () => {
    const res = await exportLink('admin', '&keyword=buyer');
    expect(res.body.code).toBe(0);
    expect(res.body.data.url).toMatch(new RegExp(`^${FileApi.tempDownload}/[A-Za-z0-9_-]{43}$`));
    expect(res.body.data.expiresAt).toBeGreaterThan(Date.now());
    const first = await raw(res.body.data.url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe(XLSX);
    expect(first.headers['content-disposition']).toMatch(
      /^attachment; filename="users.xlsx"; filename\*=UTF-8''/,
    );
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Used: gone.
    expect(codeOf(await raw(res.body.data.url))).toBe(404);
  });

  it('an expired link is 404; an unknown or malformed token too', async () => {
    const res = await exportLink('admin');
    await sql`update sys_temp_download set expires_at = now() - interval '1 second'`.execute(t.db);
    expect(codeOf(await raw(res.body.data.url))).toBe(404);
    expect(codeOf(await raw(`${FileApi.tempDownload}/${'A'.repeat(43)}`))).toBe(404);
    expect(codeOf(await raw(`${FileApi.tempDownload}/${'A'.repeat(100)}`))).toBe(400);
    expect(codeOf(await raw(`${FileApi.tempDownload}/a%00b`))).toBe(400);
  });

  it('without the export permission no link is made; a bad flag is 400', async () => {
    const before = await t.db
      .selectFrom('sys_temp_download')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect((await exportLink('vendor')).body.code).toBe(403);
    expect((await t.get(`${UserApi.export}?link=maybe`, token.admin)).body.code).toBe(400);
    const after = await t.db
      .selectFrom('sys_temp_download')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('bare temp-download serves the caller’s own latest export once; not another user’s or tenant’s', async () => {
    const older = await exportLink('admin', '&keyword=admin');
    const latest = await exportLink('admin', '&keyword=buyer');
    expect(codeOf(await raw(FileApi.tempDownload))).toBe(600);
    // Neither the buyer nor another tenant's administrator gets the administrator's file.
    expect(codeOf(await raw(FileApi.tempDownload, 'buyer'))).toBe(404);
    expect(codeOf(await raw(FileApi.tempDownload, 'other'))).toBe(404);
    const first = await raw(FileApi.tempDownload, 'admin');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe(XLSX);
    expect(first.headers['cache-control']).toBe('no-store');
    // It was the latest one, taken: its link is used; the older comes next, then nothing.
    expect(codeOf(await raw(latest.body.data.url))).toBe(404);
    expect((await raw(FileApi.tempDownload, 'admin')).headers['content-type']).toBe(XLSX);
    expect(codeOf(await raw(older.body.data.url))).toBe(404);
    expect(codeOf(await raw(FileApi.tempDownload, 'admin'))).toBe(404);
  });

  it('bare temp-download by file name: another name is 404, a bad one 400 naming the field', async () => {
    const link = await exportLink('admin');
    const row = await t.db
      .selectFrom('sys_temp_download')
      .select('file_name')
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(codeOf(await raw(`${FileApi.tempDownload}?fileName=other.xlsx`, 'admin'))).toBe(404);
    const bad = await raw(`${FileApi.tempDownload}?fileName=a%01b`, 'admin');
    expect(codeOf(bad)).toBe(400);
    expect(Object.keys(JSON.parse(bad.body).data.fields)).toEqual(['fileName']);
    expect(codeOf(await raw(`${FileApi.tempDownload}?fileName=${'x'.repeat(201)}`, 'admin'))).toBe(400);
    const named = await raw(`${FileApi.tempDownload}?fileName=${encodeURIComponent(row.file_name)}`, 'admin');
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-type']).toBe(XLSX);
    expect(codeOf(await raw(link.body.data.url))).toBe(404);
  });

  it('the plain export still answers the file', async () => {
    const res = await raw(UserApi.export, 'admin');
    expect(res.headers['content-type']).toBe(XLSX);
  });
});
