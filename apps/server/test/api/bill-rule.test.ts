import { type BillRule, BillRuleApi, BillRuleCode, type Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../src/db/transaction';
import { nextBillNo } from '../../src/system/bill-rule';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let tenantId: string;
let otherRuleId: string;
const en = { 'accept-language': 'en-US' };
const B = BillRuleApi.billRule;

const del = (url: string, token: string) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

const body = (over: Record<string, unknown> = {}) => ({
  fullName: 'Purchase order',
  enCode: 'qualityInspection',
  prefix: 'PO',
  dateFormat: 'yyyyMM',
  digits: 5,
  startNumber: 100,
  step: 10,
  resetCycle: 'monthly',
  description: '',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  tenantId = await tenantIdOf(t.db, 'admin');
  const other = await t.seedOtherTenant();
  const row = await t.db
    .selectFrom('sys_bill_rule')
    .select('id')
    .where('tenant_id', '=', other.tenantId)
    .executeTakeFirstOrThrow();
  otherRuleId = String(row.id);
});

afterAll(async () => {
  await t?.close();
});

describe('document-number rules', () => {
  it('lists the seeded rules of the demo tenant with the last number given', async () => {
    const at = new Date('2026-03-05T02:00:00Z');
    await transaction(t.db, (tx) => nextBillNo(tx, tenantId, BillRuleCode.supplierCode, () => at));
    const res = await t.get<Page<BillRule>>(`${B}?keyword=supplierC`, admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.pagination.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({
      enCode: 'supplierCode',
      prefix: 'SUP',
      digits: 6,
      resetCycle: 'never',
      // The seeded supplier (supplier/seed.ts) took SUP000001.
      lastNo: 'SUP000002',
    });
    const all = await t.get<Page<BillRule>>(B, admin);
    expect(all.body.data.list.map((r) => r.enCode).sort()).toEqual([
      'deliveryNote',
      'flowTask',
      'goodsReceipt',
      'purchaseOrder',
      'purchaseRequisition',
      'requestForQuotation',
      'supplierCode',
      'supplierInvoice',
    ]);
  });

  it('creates, reads, updates and deletes a rule; numbers follow it', async () => {
    const created = await t.post<BillRule>(B, body(), admin, en);
    expect(created.body).toMatchObject({
      code: 0,
      data: { enCode: 'qualityInspection', startNumber: 100, lastNo: '' },
    });
    const id = created.body.data.id;
    const at = new Date('2026-12-31T15:59:59Z'); // 2026-12-31 23:59:59 in China
    const numbers = await transaction(t.db, async (tx) => [
      await nextBillNo(tx, tenantId, 'qualityInspection', () => at),
      await nextBillNo(tx, tenantId, 'qualityInspection', () => at),
      await nextBillNo(tx, tenantId, 'qualityInspection', () => new Date('2026-12-31T16:00:00Z')),
    ]);
    expect(numbers).toEqual(['PO20261200100', 'PO20261200110', 'PO20270100100']);
    const read = await t.get<BillRule>(`${B}/${id}`, admin);
    expect(read.body.data.lastNo).toBe('PO20270100100');
    const updated = await t.put<BillRule>(
      `${B}/${id}`,
      body({ fullName: 'PO', prefix: 'P-', digits: 3 }),
      admin,
      en,
    );
    expect(updated.body).toMatchObject({ code: 0, data: { fullName: 'PO', prefix: 'P-', digits: 3 } });
    expect((await del(`${B}/${id}`, admin)).body).toMatchObject({ code: 0 });
    expect((await t.get(`${B}/${id}`, admin)).body.code).toBe(404);
  });

  it('400 with field messages for bad input and a taken code, never a 500', async () => {
    const bad = await t.post<{ fields: Record<string, string> }>(
      B,
      body({ enCode: '', prefix: 'P O', digits: 0, step: 0, dateFormat: 'yyyy-MM', startNumber: 1.5 }),
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      enCode: 'This field is required',
      prefix: 'Only letters, digits, - and _',
      digits: 'Must be at least 1',
      step: 'Must be at least 1',
      startNumber: 'Please enter a whole number',
      dateFormat: expect.any(String),
    });
    const taken = await t.post<{ fields: Record<string, string> }>(
      B,
      body({ enCode: 'flowTask' }),
      admin,
      en,
    );
    expect(taken.body).toMatchObject({ code: 400, data: { fields: { enCode: 'This code already exists' } } });
    const nul = await t.post(B, body({ fullName: 'a\u0000b' }), admin, en);
    expect(nul.body.code).toBe(400);
    expect((await t.get(`${B}/99999999999999999999999`, admin)).body.code).toBe(400);
    expect((await t.get(`${B}?pageSize=100000`, admin)).body.code).toBe(400);
  });

  it('403 without the permission', async () => {
    const buyer = await t.login('buyer', 'buyer123');
    expect((await t.get(B, buyer)).body.code).toBe(403);
    expect((await t.post(B, body({ enCode: 'x1' }), buyer)).body.code).toBe(403);
    const id = (await t.get<Page<BillRule>>(B, admin)).body.data.list[0]?.id ?? '';
    expect((await t.put(`${B}/${id}`, body({ enCode: 'x1' }), buyer)).body.code).toBe(403);
    expect((await del(`${B}/${id}`, buyer)).body.code).toBe(403);
  });

  it("404 for another tenant's rule, which stays as it was", async () => {
    expect((await t.get(`${B}/${otherRuleId}`, admin)).body.code).toBe(404);
    expect((await t.put(`${B}/${otherRuleId}`, body({ enCode: 'stolen' }), admin)).body.code).toBe(404);
    expect((await del(`${B}/${otherRuleId}`, admin)).body.code).toBe(404);
    const row = await t.db
      .selectFrom('sys_bill_rule')
      .select('en_code')
      .where('id', '=', otherRuleId)
      .executeTakeFirst();
    expect(row?.en_code).not.toBe('stolen');
    // nextBillNo of a code the tenant does not have.
    await expect(transaction(t.db, (tx) => nextBillNo(tx, tenantId, 'noSuchRule'))).rejects.toMatchObject({
      code: 404,
    });
  });

  it('a rolled-back number is given again; a committed one never', async () => {
    const at = () => new Date('2026-05-20T04:00:00Z');
    const first = await transaction(t.db, (tx) =>
      nextBillNo(tx, tenantId, BillRuleCode.purchaseRequisition, at),
    );
    await expect(
      transaction(t.db, async (tx) => {
        await nextBillNo(tx, tenantId, BillRuleCode.purchaseRequisition, at);
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    const second = await transaction(t.db, (tx) =>
      nextBillNo(tx, tenantId, BillRuleCode.purchaseRequisition, at),
    );
    expect([first, second]).toEqual(['PR202605200001', 'PR202605200002']);
  });

  it('a rule deleted and created again continues its numbers; a number is never given twice', async () => {
    const at = () => new Date('2026-12-02T04:00:00Z');
    const rule = { enCode: 'reborn', prefix: 'RB', dateFormat: 'yyyyMM', digits: 5, startNumber: 1, step: 1 };
    const created = await t.post<BillRule>(B, body(rule), admin);
    expect(created.body.code).toBe(0);
    const take = () => transaction(t.db, (tx) => nextBillNo(tx, tenantId, 'reborn', at));
    expect([await take(), await take()]).toEqual(['RB20261200001', 'RB20261200002']);
    expect((await del(`${B}/${created.body.data.id}`, admin)).body.code).toBe(0);
    const again = await t.post<BillRule>(B, body(rule), admin);
    expect(again.body.code).toBe(0);
    // The list shows where the code's numbers stand, and the next one follows them.
    expect((await t.get<BillRule>(`${B}/${again.body.data.id}`, admin)).body.data.lastNo).toBe(
      'RB20261200002',
    );
    expect(await take()).toBe('RB20261200003');
    // A new format that would repeat an earlier number (a later start, step 1, same period and
    // prefix: 1, 2, 3 given) skips the numbers already given.
    const put = await t.put(`${B}/${again.body.data.id}`, body({ ...rule, startNumber: 0 }), admin);
    expect(put.body.code).toBe(0);
    expect(await take()).toBe('RB20261200004');
    const numbers = await t.db
      .selectFrom('sys_bill_no')
      .select('bill_no')
      .where('tenant_id', '=', tenantId)
      .where('en_code', '=', 'reborn')
      .orderBy('bill_no')
      .execute();
    expect(numbers.map((n) => n.bill_no)).toEqual([
      'RB20261200001',
      'RB20261200002',
      'RB20261200003',
      'RB20261200004',
    ]);
  });
});
