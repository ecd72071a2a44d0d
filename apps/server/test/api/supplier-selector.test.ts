import { SupplierApi, type SupplierOption } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, supplierIdOf, type TestApp, tenantIdOf } from '../helpers';

// The picker of a designed form's supplier field: any staff user, never a supplier's user.
let t: TestApp;
let buyer: string;
let vendor: string;
let ours: string;
let theirs: string;
const S = SupplierApi.selector;
type List = { list: SupplierOption[] };

beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.login('buyer', 'buyer123');
  vendor = await t.login('vendor', 'vendor123');
  ours = await supplierIdOf(t.db, await tenantIdOf(t.db, 'admin'), '示例供应商有限公司');
  const other = await t.seedOtherTenant('ss');
  theirs = await supplierIdOf(t.db, other.tenantId, 'ss 供应商');
});

afterAll(async () => {
  await t?.close();
});

describe('the supplier picker', () => {
  it('finds the tenant’s suppliers by name or code for a staff user without a code', async () => {
    const byName = await t.get<List>(`${S}?keyword=${encodeURIComponent('示例')}`, buyer);
    expect(byName.body.code).toBe(0);
    expect(byName.body.data.list.map((s) => s.id)).toEqual([ours]);
    const code = byName.body.data.list[0]?.supplierCode ?? '';
    const byCode = await t.get<List>(`${S}?keyword=${code}`, buyer);
    expect(byCode.body.data.list.map((s) => s.id)).toEqual([ours]);
  });

  it('names the ids a form holds, and none of another tenant', async () => {
    const res = await t.get<List>(`${S}?ids=${ours},${theirs}`, buyer);
    expect(res.body.data.list.map((s) => [s.id, s.supplierName])).toEqual([[ours, '示例供应商有限公司']]);
    const all = await t.get<List>(S, buyer);
    expect(all.body.data.list.some((s) => s.id === theirs)).toBe(false);
  });

  it('refuses bad ids and a supplier’s user', async () => {
    const bad = await t.get(`${S}?ids=1,x`, buyer, { 'accept-language': 'en-US' });
    expect(bad.body.code).toBe(400);
    expect((await t.get(S, vendor)).body.code).toBe(403);
  });
});
