import { VendorRegisterApi } from '@srm/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { purgeUnclaimedUploads } from '../../src/supplier/register-upload';
import { createTestApp, multipartFile, type TestApp } from '../helpers';

/**
 * Anonymous uploads: a byte quota per address (429 in the envelope), a cap on a tenant's unclaimed
 * bytes (REGISTER_UNCLAIMED_MAX_MB, 429 `vendor.uploadsFull`) and unclaimed files purged after a day.
 */
let t: TestApp;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600, 0x20), Buffer.from('\n%%EOF\n')]);
const MB = 1024 * 1024;
/** Per address: room for two of these files (1,232 bytes), not three; per tenant unclaimed: four. */
const QUOTA = 1500;
const UNCLAIMED = 3000;
const send = (remoteAddress = '127.0.0.1') => {
  const m = multipartFile('q.pdf', PDF, 'application/pdf');
  return t.request({
    method: 'POST',
    url: VendorRegisterApi.upload,
    payload: m.payload,
    remoteAddress,
    headers: { ...m.headers, 'accept-language': 'en-US' },
  });
};
const FULL_MSG = 'waiting for an application';

beforeAll(async () => {
  t = await createTestApp({ register: { uploadQuotaMb: QUOTA / MB, unclaimedMaxMb: UNCLAIMED / MB } });
});
afterAll(async () => {
  await t?.close();
});

it('an address over its byte quota gets 429 in the envelope; an old unclaimed file is purged, a claimed one kept', async () => {
  const first = await send();
  expect(first.body.code).toBe(0);
  const second = await send();
  expect(second.body.code).toBe(0);
  const third = await send();
  expect(third.body.code).toBe(429);
  expect(third.body.msg).toContain('too many files');
  const [a, b] = [first, second].map((r) => (r.body.data as { id: string }).id);
  const tenantId = String(
    (await t.db.selectFrom('tenant').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  );
  // b is claimed: moved to an enterprise, as an approved admission does.
  await t.db
    .updateTable('vendor_file')
    .set({ ent_id: '1' })
    .where('id', '=', b as string)
    .execute();
  await t.db
    .updateTable('vendor_file')
    .set({ created_at: new Date(Date.now() - 2 * 86_400_000) })
    .execute();
  const key = (
    await t.db
      .selectFrom('vendor_file')
      .select('storage_key')
      .where('id', '=', a as string)
      .executeTakeFirstOrThrow()
  ).storage_key;
  expect(
    await purgeUnclaimedUploads(t.db, t.app.deps.files, tenantId, new Date(Date.now() - 86_400_000)),
  ).toBe(1);
  expect(
    await t.db
      .selectFrom('vendor_file')
      .select('id')
      .where('id', 'in', [a as string, b as string])
      .execute(),
  ).toEqual([{ id: b }]);
  expect(await t.app.deps.files.get(key)).toBeNull();
});

it('the unclaimed uploads of a tenant stop at REGISTER_UNCLAIMED_MAX_MB from any address: 429 vendor.uploadsFull', async () => {
  // The first test left nothing unclaimed (one file purged, one claimed): four files fit.
  for (const ip of ['10.0.0.1', '10.0.0.1', '10.0.0.2', '10.0.0.2']) {
    const r = await send(ip);
    expect(r.body.code, `${ip}: ${r.body.msg}`).toBe(0);
  }
  const files = () =>
    t.db.selectFrom('vendor_file').select(['id', 'storage_key']).where('ent_id', '=', '0').execute();
  const before = await files();
  expect(before).toHaveLength(4);
  // A fresh address has its whole quota, but the tenant only 536 bytes of room: the stream stops there.
  const over = await send('10.0.0.3');
  expect(over.body.code).toBe(429);
  expect(over.body.msg).toContain(FULL_MSG);
  expect(await files()).toEqual(before);
  // A file an approved admission moved to a supplier no longer counts: room again for one.
  await t.db
    .updateTable('vendor_file')
    .set({ ent_id: '1' })
    .where('id', '=', before[0]?.id as string)
    .execute();
  const fits = await send('10.0.0.3');
  expect(fits.body.code).toBe(0);
  // Full to the byte (a record grown past the cap): refused before a byte is read.
  await t.db
    .updateTable('vendor_file')
    .set({ size: UNCLAIMED })
    .where('id', '=', before[1]?.id as string)
    .execute();
  const full = await send('10.0.0.4');
  expect(full.body.code).toBe(429);
  expect(full.body.msg).toContain(FULL_MSG);
  expect(await files()).toHaveLength(4);
});
