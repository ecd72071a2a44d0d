import {
  RfqApi as A,
  type Page,
  PurchaseOrderApi as PO,
  type PortalRfq,
  type PurchaseOrder,
  type RequisitionChoice,
  type Rfq,
  type RfqComparison,
  type RfqSummary,
  VENDOR_RFQS_PATH,
} from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uploadFile } from '../helpers';
import { seedProcurementTenant } from '../procurement-tenant';

/**
 * Requests for quotation (issue 41 §1): a buyer drafts a request from an approved requisition,
 * invites two qualified suppliers and publishes it; each supplier quotes once per round in its
 * portal, never seeing the other's quote; the quotes stay sealed until the deadline by the
 * server's clock; the buyer compares and awards per line (a small award ends its approval at once,
 * a large one waits for the department manager), which makes one draft order per supplier. An
 * uninvited supplier and another tenant get 404; stale and repeated calls 409, never 500.
 */

let t: TestApp;
let buyer: string;
let manager: string;
let nobody: string;
let vendor: string;
let vendor2: string;
let t2admin: string;
let tenantId: string;
let supplierA: string;
let supplierB: string;
let frozen: string;
const en = { 'accept-language': 'en-US' };
const HOUR = 3600_000;

const lines = [
  {
    materialCode: 'M-001',
    materialName: '热轧钢板',
    spec: 'Q235 10mm',
    unit: '吨',
    quantity: '10',
    deliveryDate: '2027-02-01',
  },
  { materialName: '螺栓', unit: '箱', quantity: 40, deliveryDate: '2027-02-10' },
];
const draft = (over: Record<string, unknown> = {}) => ({
  title: '二季度钢材询价',
  categoryCode: 'raw',
  deadline: Date.now() + 2 * HOUR,
  deliveryAddress: '上海市浦东新区张江路 1 号 3 号仓',
  terms: '含税含运费到厂',
  remark: '内部：目标价 4200',
  supplierIds: [supplierA, supplierB],
  lines,
  ...over,
});
const read = async (id: string, token = buyer) => (await t.get<Rfq>(`${A.base}/${id}`, token)).body;
const portal = async (id: string, token = vendor) =>
  (await t.get<PortalRfq>(`${A.portal}/${id}`, token)).body;
const quote = (rfq: PortalRfq, prices: (string | null)[], over: Record<string, unknown> = {}) => ({
  version: rfq.quote?.version ?? null,
  submit: true,
  validUntil: '2027-06-30',
  remark: '价格含 13% 增值税',
  lines: rfq.lines.map((l, i) => ({
    rfqLineId: l.id,
    unitPrice: prices[i] ?? null,
    leadDays: 7 + i,
    remark: '',
  })),
  ...over,
});
const put = <T = PortalRfq>(id: string, body: unknown, token = vendor) =>
  t.request<T>({
    method: 'PUT',
    url: A.quote(id),
    payload: body as object,
    headers: { authorization: `Bearer ${token}` },
  });
/** The deadline passes: the server's clock is what decides, so the test moves the deadline behind it. */
const expire = (id: string) =>
  sql`update po_rfq set deadline = now() - interval '1 second' where id = ${id}`.execute(t.db);

/** A published request to A and B, each with a submitted quote, then closed by its deadline. */
async function quotedAndClosed(prices: { a: (string | null)[]; b: (string | null)[] }, over = {}) {
  const made = (await t.post<Rfq>(A.base, draft(over), buyer)).body.data;
  const open = (await t.post<Rfq>(A.publish(made.id), { version: made.version }, buyer)).body;
  expect(open.code).toBe(0);
  expect((await put(made.id, quote((await portal(made.id)).data, prices.a))).body.code).toBe(0);
  expect(
    (await put(made.id, quote((await portal(made.id, vendor2)).data, prices.b), vendor2)).body.code,
  ).toBe(0);
  await expire(made.id);
  return (await read(made.id)).data;
}

beforeAll(async () => {
  t = await createTestApp();
  ({
    tenantId,
    buyer,
    manager,
    nobody,
    vendor,
    vendor2,
    otherAdmin: t2admin,
    supplierA,
    supplierB,
    frozen,
  } = await seedProcurementTenant(t, {
    prefix: 'rfq',
    name: '询价租户',
    vendorEntName: '询价供应商有限公司',
    mobilePrefix: '139100007',
    supplierMobilePrefix: '139100008',
    nobodyMobile: '13912345698',
    workflowDemo: true,
    other: 't2',
  }));
});
afterAll(() => t.close());

describe('drafting and publishing a request', () => {
  it('starts from an approved requisition, numbers it by the RFQ rule and keeps the draft from suppliers', async () => {
    const reqs = (await t.get<RequisitionChoice[]>(A.requisitions, buyer)).body.data;
    expect(reqs.length).toBeGreaterThan(0);
    const req = reqs[0] as RequisitionChoice;
    expect(req.lines.length).toBeGreaterThan(0);
    const body = draft({
      requisitionTaskId: req.taskId,
      lines: req.lines.map((l) => ({ ...l, quantity: l.quantity, deliveryDate: '2027-03-01' })),
    });
    const made = await t.post<Rfq>(A.base, body, buyer);
    expect(made.body.code).toBe(0);
    const rfq = made.body.data;
    expect(rfq.billNo).toMatch(/^RFQ\d{12}$/);
    expect(rfq).toMatchObject({ state: 'draft', round: 1, requisition: { taskId: req.taskId } });
    expect(rfq.actions).toEqual(['edit', 'delete', 'publish', 'cancel']);
    expect(rfq.suppliers.map((s) => s.quoteState)).toEqual([null, null]);
    expect((await t.get<RequisitionChoice[]>(A.requisitions, buyer)).body.data[0]?.rfqCount).toBe(1);
    expect((await portal(rfq.id)).code).toBe(404);
    expect((await t.get<Page<RfqSummary>>(A.portal, vendor)).body.data.list.map((r) => r.id)).not.toContain(
      rfq.id,
    );
  });

  it('refuses bad input in the reader’s language, a frozen supplier and another tenant’s ids', async () => {
    const bad = await t.request({
      method: 'POST',
      url: A.base,
      payload: draft({ title: '', lines: [], supplierIds: [] }),
      headers: { authorization: `Bearer ${buyer}`, ...en },
    });
    expect(bad.body.code).toBe(400);
    expect(bad.body.data).toMatchObject({
      fields: {
        title: expect.any(String),
        lines: 'Add at least one order line',
        supplierIds: 'Invite at least one supplier',
      },
    });
    const unqualified = await t.post(A.base, draft({ supplierIds: [supplierA, frozen] }), buyer);
    expect(unqualified.body.code).toBe(400);
    const t2supplier = await t.db
      .selectFrom('vendor_supplier')
      .select('id')
      .where('tenant_id', '<>', tenantId)
      .executeTakeFirstOrThrow();
    expect((await t.post(A.base, draft({ supplierIds: [String(t2supplier.id)] }), buyer)).body.code).toBe(
      404,
    );
    const inProgress = await t.db
      .selectFrom('flow_task')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('form_name', '=', 'PurchaseRequisition')
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await t.post(A.base, draft({ requisitionTaskId: String(inProgress.id) }), buyer)).body.code).toBe(
      404,
    );
  });

  it('publishes only with a deadline ahead, tells the invited suppliers and seals the quotes', async () => {
    const made = (await t.post<Rfq>(A.base, draft({ deadline: Date.now() + 60_000 }), buyer)).body.data;
    const soon = await t.request({
      method: 'POST',
      url: A.publish(made.id),
      payload: { version: made.version },
      headers: { authorization: `Bearer ${buyer}`, ...en },
    });
    expect(soon.body.code).toBe(400);
    expect(soon.body.data).toMatchObject({
      fields: { deadline: 'The deadline must be at least 5 minutes ahead' },
    });
    const saved = (
      await t.request<Rfq>({
        method: 'PUT',
        url: `${A.base}/${made.id}`,
        payload: { ...draft(), version: made.version },
        headers: { authorization: `Bearer ${buyer}` },
      })
    ).body.data;
    const open = await t.post<Rfq>(A.publish(made.id), { version: saved.version }, buyer);
    expect(open.body.data).toMatchObject({ state: 'open', actions: ['close', 'cancel'] });
    const told = await t.get<Page<{ menuTitle: string; url?: string }>>('/api/message?pageSize=50', vendor2);
    expect(told.body.data.list.some((m) => m.menuTitle.includes(made.billNo))).toBe(true);
    expect((await t.get(A.quotes(made.id), buyer)).body.code).toBe(409);
    expect((await t.post(A.publish(made.id), { version: saved.version }, buyer)).body.code).toBe(409);
    expect((await portal(made.id)).data).toMatchObject({
      state: 'open',
      quote: null,
      actions: ['save', 'submit'],
    });
    expect(Object.keys((await portal(made.id)).data)).not.toContain('remark');
  });
});

describe('quoting', () => {
  it('keeps each supplier’s quote its own, once per round, and only while the request is open', async () => {
    const made = (await t.post<Rfq>(A.base, draft(), buyer)).body.data;
    await t.post(A.publish(made.id), { version: made.version }, buyer);
    const before = (await portal(made.id)).data;
    const saved = await put(made.id, quote(before, ['4300', null], { submit: false }));
    expect(saved.body.data.quote).toMatchObject({ state: 'draft', totalAmount: '43000.00' });
    // A save from a stale read: the quote exists now.
    expect((await put(made.id, quote(before, ['4300', '10']))).body.code).toBe(409);
    const sent = await put(made.id, quote(saved.body.data, ['4250.5', '12.3456']));
    expect(sent.body.data.quote).toMatchObject({ state: 'submitted', totalAmount: '42998.82' });
    expect(sent.body.data.actions).toEqual(['withdraw']);
    expect((await put(made.id, quote(sent.body.data, ['1', '1']))).body.code).toBe(409);
    // The buyer sees that A quoted, not what; B sees nothing of A's.
    const staff = (await read(made.id)).data;
    expect(staff.quotedCount).toBe(1);
    expect(staff.suppliers.find((s) => s.supplierId === supplierA)?.quoteState).toBe('submitted');
    expect(JSON.stringify(staff)).not.toContain('4250.5');
    const theirs = (await portal(made.id, vendor2)).data;
    expect(theirs.quote).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain('4250.5');
    // Withdrawn, it changes and goes again.
    const back = await t.post<PortalRfq>(
      A.withdrawQuote(made.id),
      { version: sent.body.data.quote?.version },
      vendor,
    );
    expect(back.body.data.quote?.state).toBe('withdrawn');
    const again = await put(made.id, quote(back.body.data, ['4200', '12']));
    expect(again.body.data.quote?.state).toBe('submitted');
    // An order line of another request, and a price with five places.
    const other = (await t.post<Rfq>(A.base, draft(), buyer)).body.data;
    const foreign = quote(back.body.data, ['1', '1'], { version: again.body.data.quote?.version });
    foreign.lines[0] = {
      ...(foreign.lines[0] as (typeof foreign.lines)[number]),
      rfqLineId: other.lines[0]?.id as string,
    };
    await t.post(A.withdrawQuote(made.id), { version: again.body.data.quote?.version }, vendor);
    expect(
      (await put(made.id, { ...foreign, version: (again.body.data.quote?.version ?? 0) + 1 })).body.code,
    ).toBe(404);
    expect((await put(made.id, quote(before, ['1.00001', null], { version: null }), vendor2)).body.code).toBe(
      400,
    );
    // The deadline passes by the server's clock: no more quotes, none withdrawn.
    await expire(made.id);
    const late = await t.request({
      method: 'PUT',
      url: A.quote(made.id),
      payload: quote(before, ['1', '1'], { version: null }),
      headers: { authorization: `Bearer ${vendor2}`, ...en },
    });
    expect(late.body.code).toBe(409);
    expect(late.body.msg).toBe('The request is closed and takes no more quotes');
    expect((await portal(made.id)).data).toMatchObject({ state: 'closed', actions: [] });
  });

  it('gives one quote and one 409 for two first saves at once', async () => {
    const made = (await t.post<Rfq>(A.base, draft(), buyer)).body.data;
    await t.post(A.publish(made.id), { version: made.version }, buyer);
    const before = (await portal(made.id, vendor2)).data;
    const results = await Promise.all([1, 2].map(() => put(made.id, quote(before, ['4100', '11']), vendor2)));
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 409]);
    const rows = await t.db.selectFrom('po_quote').select('id').where('rfq_id', '=', made.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 404 to a supplier not invited, to staff on the portal and to another tenant', async () => {
    const onlyA = (await t.post<Rfq>(A.base, draft({ supplierIds: [supplierA] }), buyer)).body.data;
    await t.post(A.publish(onlyA.id), { version: onlyA.version }, buyer);
    expect((await portal(onlyA.id, vendor2)).code).toBe(404);
    expect((await put(onlyA.id, quote((await portal(onlyA.id)).data, ['1', '1']), vendor2)).body.code).toBe(
      404,
    );
    expect((await t.get<Page<RfqSummary>>(A.portal, vendor2)).body.data.list.map((r) => r.id)).not.toContain(
      onlyA.id,
    );
    expect((await t.get(`${A.portal}/${onlyA.id}`, buyer)).body.code).toBe(403);
    expect((await t.get(`${A.base}/${onlyA.id}`, t2admin)).body.code).toBe(404);
    expect((await t.post(A.close(onlyA.id), { version: 1 }, t2admin)).body.code).toBe(404);
    expect((await t.get(A.base, nobody)).body.code).toBe(403);
    expect((await t.get(A.base, vendor)).body.code).toBe(403);
  });

  it('takes attachments of the supplier’s own uploads, which the buyer reads', async () => {
    const made = (await t.post<Rfq>(A.base, draft(), buyer)).body.data;
    await t.post(A.publish(made.id), { version: made.version }, buyer);
    const up = await uploadFile<{ id: string; url: string }>(t, A.upload, vendor, {
      name: '报价单.pdf',
      content: Buffer.from('%PDF-1.4\n%quote\n'),
      type: 'application/pdf',
    });
    expect(up.body.code).toBe(0);
    const theirs = await uploadFile<{ id: string }>(t, A.upload, vendor2, {
      name: 'b.pdf',
      content: Buffer.from('%PDF-1.4\n%b\n'),
    });
    const before = (await portal(made.id)).data;
    expect(
      (await put(made.id, quote(before, ['1', '1'], { fileIds: [theirs.body.data.id] }))).body.code,
    ).toBe(404);
    const sent = await put(made.id, quote(before, ['1', '1'], { fileIds: [up.body.data.id] }));
    expect(sent.body.data.quote?.files.map((f) => f.fileName)).toEqual(['报价单.pdf']);
    const file = await t.request({
      method: 'GET',
      url: up.body.data.url,
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(file.raw.startsWith('%PDF-')).toBe(true);
    expect(
      (
        await t.request({
          method: 'GET',
          url: up.body.data.url,
          headers: { authorization: `Bearer ${vendor2}` },
        })
      ).raw,
    ).toContain('"code":404');
  });
});

describe('comparing and awarding', () => {
  it('unseals at the deadline, marks nothing for staff to guess, and awards per line into draft orders', async () => {
    const rfq = await quotedAndClosed({ a: ['4300', '12'], b: ['4150', null] });
    expect(rfq).toMatchObject({ state: 'closed', quotedCount: 2, actions: ['newRound', 'award', 'cancel'] });
    const compared = (await t.get<RfqComparison>(A.quotes(rfq.id), buyer)).body.data;
    expect(compared.quotes.map((q) => [q.supplierName, q.totalAmount])).toEqual([
      ['华东钢材有限公司', '41500.00'],
      ['询价供应商有限公司', '43480.00'],
    ]);
    const [l1, l2] = rfq.lines.map((l) => l.id) as [string, string];
    // B did not quote line 2.
    const notQuoted = await t.post(
      A.award(rfq.id),
      { version: rfq.version, lines: [{ lineId: l2, supplierId: supplierB }] },
      buyer,
    );
    expect(notQuoted.body.code).toBe(400);
    expect(notQuoted.body.data).toMatchObject({ fields: { 'lines.0.supplierId': expect.any(String) } });
    const awarded = await t.post<Rfq>(
      A.award(rfq.id),
      {
        version: rfq.version,
        lines: [
          { lineId: l1, supplierId: supplierB },
          { lineId: l2, supplierId: supplierA },
        ],
      },
      buyer,
    );
    // 41,980 is below the demo flow's 100,000: its approval ends at once.
    expect(awarded.body.code).toBe(0);
    expect(awarded.body.data.state).toBe('awarded');
    expect(
      awarded.body.data.lines.map((l) => [l.award?.supplierId, l.award?.unitPrice, l.award?.amount]),
    ).toEqual([
      [supplierB, '4150.0000', '41500.00'],
      [supplierA, '12.0000', '480.00'],
    ]);
    expect(awarded.body.data.orders.map((o) => [o.supplierName, o.state])).toEqual([
      ['华东钢材有限公司', 'draft'],
      ['询价供应商有限公司', 'draft'],
    ]);
    const order = (await t.get<PurchaseOrder>(`${PO.base}/${awarded.body.data.orders[0]?.id}`, buyer)).body
      .data;
    expect(order.lines.map((l) => [l.materialName, l.quantity, l.unitPrice])).toEqual([
      ['热轧钢板', '10.0000', '4150.0000'],
    ]);
    expect(order.deliveryAddress).toBe('上海市浦东新区张江路 1 号 3 号仓');
    // Each supplier sees its own award only, and was told.
    const a = (await portal(rfq.id)).data;
    expect(a.lines.map((l) => l.award?.unitPrice ?? null)).toEqual([null, '12.0000']);
    const told = await t.get<Page<{ menuTitle: string }>>('/api/message?pageSize=50', vendor2);
    expect(told.body.data.list.some((m) => m.menuTitle.includes(rfq.billNo))).toBe(true);
    expect(
      (
        await t.post(
          A.award(rfq.id),
          { version: awarded.body.data.version, lines: [{ lineId: l1, supplierId: supplierA }] },
          buyer,
        )
      ).body.code,
    ).toBe(409);
  });

  it('sends a large award to the department manager, whose approval makes the orders', async () => {
    const rfq = await quotedAndClosed({ a: ['12000', '30'], b: ['12500', '28'] });
    const [l1, l2] = rfq.lines.map((l) => l.id) as [string, string];
    const pending = await t.post<Rfq>(
      A.award(rfq.id),
      {
        version: rfq.version,
        lines: [
          { lineId: l1, supplierId: supplierA },
          { lineId: l2, supplierId: supplierB },
        ],
      },
      buyer,
    );
    expect(pending.body.data).toMatchObject({ state: 'closed', awarding: true, actions: [], orders: [] });
    const task = await t.db
      .selectFrom('po_rfq')
      .select('award_task_id')
      .where('id', '=', rfq.id)
      .executeTakeFirstOrThrow();
    const todo = await t.post<Page<{ id: string; operatorId: string }>>(
      '/api/flow/FlowEngine/FlowBefore/List/1',
      { pageSize: 100 },
      manager,
    );
    const operatorId = todo.body.data.list.find((i) => i.id === String(task.award_task_id))?.operatorId;
    expect(operatorId).toBeTruthy();
    const audit = await t.post(
      `/api/flow/FlowEngine/FlowBefore/Audit/${operatorId}`,
      { handleOpinion: '同意', formData: {} },
      manager,
    );
    expect(audit.body.code).toBe(0);
    const done = (await read(rfq.id)).data;
    expect(done).toMatchObject({ state: 'awarded', awarding: false });
    expect(done.orders).toHaveLength(2);
  });

  it('starts a new round from a closed request, with the last round’s quote to start from', async () => {
    const rfq = await quotedAndClosed({ a: ['4300', '12'], b: ['4400', '13'] });
    const bad = await t.post(A.newRound(rfq.id), { version: rfq.version, deadline: Date.now() }, buyer);
    expect(bad.body.code).toBe(400);
    const next = await t.post<Rfq>(
      A.newRound(rfq.id),
      { version: rfq.version, deadline: Date.now() + HOUR },
      buyer,
    );
    expect(next.body.data).toMatchObject({ state: 'open', round: 2, quotedCount: 0 });
    const mine = (await portal(rfq.id)).data;
    expect(mine).toMatchObject({
      round: 2,
      quote: null,
      previousQuote: { round: 1, totalAmount: '43480.00' },
    });
    expect((await t.get(A.quotes(rfq.id), buyer)).body.code).toBe(409);
    const cancelled = await t.post<Rfq>(
      A.cancel(rfq.id),
      { version: next.body.data.version, reason: '需求取消' },
      buyer,
    );
    expect(cancelled.body.data.state).toBe('cancelled');
    const told = await t.get<Page<{ menuTitle: string; url?: string }>>('/api/message?pageSize=50', vendor);
    expect(told.body.data.list.some((m) => m.menuTitle.includes('需求取消'))).toBe(true);
    expect(VENDOR_RFQS_PATH).toBe('/vendorPortal/rfqs');
  });
});
