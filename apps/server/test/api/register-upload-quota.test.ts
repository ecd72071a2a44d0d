import { VendorRegisterApi } from '@srm/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { purgeUnclaimedUploads } from '../../src/supplier/register-upload';
import { createTestApp, multipartFile, type TestApp } from '../helpers';

/** Anonymous uploads: a byte quota per address (429 in the envelope) and unclaimed files purged after a day. */
let t: TestApp;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600, 0x20), Buffer.from('\n%%EOF\n')]);
const send = () => {
  const m = multipartFile('q.pdf', PDF, 'application/pdf');
  return t.request({
    method: 'POST',
    url: VendorRegisterApi.upload,
    payload: m.payload,
    headers: { ...m.headers, 'accept-language': 'en-US' },
  });
};

beforeAll(async () => {
  t = await createTestApp({ register: { uploadQuotaMb: 1500 / 1024 / 1024 } });
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
