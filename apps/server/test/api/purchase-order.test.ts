import {
  PurchaseOrderApi as A,
  type Page,
  type PurchaseOrder,
  type PurchaseOrderSummary,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { seedProcurementTenant } from '../procurement-tenant';

/**
 * Purchase orders (issue 41 §2): a buyer drafts an order, submits it into its approval, the
 * department manager approves, the supplier answers each line in its portal (accept, reject,
 * propose), the buyer settles the proposal, revises, and closes. Each supplier sees only its own
 * released orders; another tenant's ids answer 404; stale and repeated calls answer 409.
 */

let t: TestApp;
let buyer: string;
let manager: string;
let nobody: string;
let vendor: string;
let vendor2: string;
let t2admin: string;
let supplierA: string;
let supplierB: string;
let frozen: string;
const en = { 'accept-language': 'en-US' };

const lines = [
  {
    materialCode: 'M-001',
    materialName: '热轧钢板',
    spec: 'Q235 10mm',
    unit: '吨',
    quantity: '12.5',
    unitPrice: '4380.1234',
    deliveryDate: '2027-01-15',
  },
  { materialName: '螺栓', unit: '箱', quantity: 40, unitPrice: '88.5', deliveryDate: '2027-01-20' },
];
const draft = (supplierId: string) => ({
  supplierId,
  deliveryAddress: '上海市浦东新区张江路 1 号 3 号仓',
  paymentTerms: '月结 60 天',
  remark: '内部：优先使用年度框架价',
  lines,
});

const create = async (token: string, supplierId = supplierA) =>
  (await t.post<PurchaseOrder>(A.base, draft(supplierId), token)).body;
const read = async (id: string, token = buyer) => (await t.get<PurchaseOrder>(`${A.base}/${id}`, token)).body;
const portal = async (id: string, token = vendor) =>
  (await t.get<PurchaseOrder>(`${A.portal}/${id}`, token)).body;
const del = (id: string, token: string) =>
  t.request({ method: 'DELETE', url: `${A.base}/${id}`, headers: { authorization: `Bearer ${token}` } });
const todoOf = async (taskId: string, token: string) => {
  const todo = await t.post<Page<{ id: string; operatorId: string }>>(
    '/api/flow/FlowEngine/FlowBefore/List/1',
    { pageSize: 100 },
    token,
  );
  return todo.body.data.list.find((i) => i.id === taskId)?.operatorId;
};

/** A buyer's order, submitted and approved by the manager: released to supplier A. */
async function releasedOrder(): Promise<PurchaseOrder> {
  const made = (await create(buyer)).data;
  const submitted = (await t.post<PurchaseOrder>(A.submit(made.id), { version: made.version }, buyer)).body;
  expect(submitted.code).toBe(0);
  const operatorId = await todoOf(submitted.data.flowTaskId as string, manager);
  expect(operatorId).toBeTruthy();
  const audit = await t.post(
    `/api/flow/FlowEngine/FlowBefore/Audit/${operatorId}`,
    { handleOpinion: '同意', formData: {} },
    manager,
  );
  expect(audit.body.code).toBe(0);
  return (await read(made.id)).data;
}

beforeAll(async () => {
  t = await createTestApp();
  ({
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
    prefix: 'po',
    name: '订单租户',
    vendorEntName: '订单供应商有限公司',
    mobilePrefix: '139100005',
    supplierMobilePrefix: '139100006',
    nobodyMobile: '13912345699',
    workflowDemo: true,
    other: 't2',
  }));
});
afterAll(() => t.close());

describe('drafting an order', () => {
  it('numbers it by the PO rule, computes amounts exactly and keeps it from the supplier', async () => {
    const made = await create(buyer);
    expect(made.code).toBe(0);
    const o = made.data;
    expect(o.billNo).toMatch(/^PO\d{8}\d{4}$/);
    expect(o.state).toBe('draft');
    expect(o.lines.map((l) => [l.quantity, l.unitPrice, l.amount])).toEqual([
      ['12.5000', '4380.1234', '54751.54'],
      ['40.0000', '88.5000', '3540.00'],
    ]);
    expect(o.totalAmount).toBe('58291.54');
    expect(o.actions).toEqual(['edit', 'delete', 'submit', 'cancel']);
    expect(o.history.map((h) => h.event)).toEqual(['created']);
    // The supplier does not see a draft.
    expect((await portal(o.id)).code).toBe(404);
    const list = (await t.get<Page<PurchaseOrderSummary>>(A.portal, vendor)).body.data.list;
    expect(list.some((x) => x.id === o.id)).toBe(false);
  });

  it('refuses bad input with messages at the fields, in the caller’s language', async () => {
    const bad = await t.post(
      A.base,
      {
        ...draft(supplierA),
        currency: 'yuan',
        lines: [{ ...lines[0], quantity: '-1', unitPrice: '1.23456', deliveryDate: '2027-02-30' }],
      },
      buyer,
      en,
    );
    expect(bad.body.code).toBe(400);
    const fields = (bad.body.data as { fields: Record<string, string> }).fields;
    expect(fields.currency).toMatch(/currency/i);
    expect(fields['lines.0.quantity']).toMatch(/quantity/i);
    expect(fields['lines.0.unitPrice']).toMatch(/price/i);
    expect(fields['lines.0.deliveryDate']).toBeTruthy();
    const none = await t.post(A.base, { ...draft(supplierA), lines: [] }, buyer, en);
    expect(none.body.code).toBe(400);
    expect((none.body.data as { fields: Record<string, string> }).fields.lines).toMatch(/line/i);
  });

  it('orders only from the tenant’s qualified suppliers', async () => {
    const notQualified = await t.post(A.base, draft(frozen), buyer, en);
    expect(notQualified.body.code).toBe(400);
    expect((notQualified.body.data as { fields: Record<string, string> }).fields.supplierId).toMatch(
      /qualified/,
    );
    const choices = (await t.get<{ id: string }[]>(A.suppliers, buyer)).body.data.map((c) => c.id);
    expect(choices).toContain(supplierA);
    expect(choices).not.toContain(frozen);
    // Another tenant's administrator: our supplier is not his, our orders are not found.
    expect((await t.post(A.base, draft(supplierA), t2admin)).body.code).toBe(404);
    const ours = (await create(buyer)).data;
    expect((await read(ours.id, t2admin)).code).toBe(404);
    expect((await t.post(A.submit(ours.id), { version: ours.version }, t2admin)).body.code).toBe(404);
    expect((await del(ours.id, t2admin)).body.code).toBe(404);
  });

  it('edits a draft at its version (a stale version answers 409) and deletes it', async () => {
    const o = (await create(buyer)).data;
    const edited = await t.put<PurchaseOrder>(
      `${A.base}/${o.id}`,
      { ...draft(supplierB), version: o.version, lines: [lines[1]] },
      buyer,
    );
    expect(edited.body.code).toBe(0);
    expect(edited.body.data.supplierName).toBe('华东钢材有限公司');
    expect(edited.body.data.totalAmount).toBe('3540.00');
    const stale = await t.put(`${A.base}/${o.id}`, { ...draft(supplierA), version: o.version }, buyer, en);
    expect(stale.body.code).toBe(409);
    expect(stale.body.msg).toMatch(/changed by someone else/);
    const gone = await del(o.id, buyer);
    expect(gone.body.code).toBe(0);
    expect((await read(o.id)).code).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses staff without the codes and every supplier’s user on the staff side', async () => {
    expect((await t.get(A.base, vendor)).body.code).toBe(403);
    expect((await t.post(A.base, draft(supplierA), vendor)).body.code).toBe(403);
    expect((await t.get(A.base, nobody)).body.code).toBe(403);
    expect((await t.post(A.base, draft(supplierA), nobody)).body.code).toBe(403);
    const o = (await create(buyer)).data;
    expect((await read(o.id, nobody)).code).toBe(403);
    expect((await t.post(A.submit(o.id), { version: o.version }, nobody)).body.code).toBe(403);
    expect((await read(o.id)).data.state).toBe('draft');
    // Staff never use the supplier's side.
    expect((await t.get(A.portal, buyer)).body.code).toBe(403);
    expect((await t.post(A.answer(o.id), { version: 0, lines: [] }, buyer)).body.code).toBe(403);
  });
});

describe('release, answers and settlement', () => {
  it('goes through approval, is answered line by line, settled and closed', async () => {
    const made = (await create(buyer)).data;
    const submitted = (await t.post<PurchaseOrder>(A.submit(made.id), { version: made.version }, buyer)).body;
    expect(submitted.data.state).toBe('approving');
    expect(submitted.data.actions).toEqual([]);
    expect((await portal(made.id)).code).toBe(404);
    // Submitting twice: the second is stale.
    expect((await t.post(A.submit(made.id), { version: made.version }, buyer)).body.code).toBe(409);
    const operatorId = await todoOf(submitted.data.flowTaskId as string, manager);
    await t.post(
      `/api/flow/FlowEngine/FlowBefore/Audit/${operatorId}`,
      { handleOpinion: '同意', formData: {} },
      manager,
    );
    const released = (await read(made.id)).data;
    expect(released.state).toBe('released');
    expect(released.history.map((h) => h.event)).toEqual(['created', 'submitted', 'approved', 'released']);

    // The supplier is told, sees the order without staff's remark and internal history.
    const messages = await t.get<Page<{ menuTitle: string }>>('/api/message?pageSize=50', vendor);
    expect(messages.body.data.list.some((m) => m.menuTitle.includes(released.billNo))).toBe(true);
    const seen = (await portal(made.id)).data;
    expect(seen.remark).toBe('');
    expect(seen.history.map((h) => h.event)).toEqual(['released']);
    expect(seen.actions).toEqual(['answer']);
    // Another supplier does not find it, in its list or by id.
    expect((await portal(made.id, vendor2)).code).toBe(404);
    const other = (await t.get<Page<PurchaseOrderSummary>>(A.portal, vendor2)).body.data.list;
    expect(other.some((x) => x.id === made.id)).toBe(false);
    expect(
      (
        await t.post(
          A.answer(made.id),
          { version: seen.version, lines: [{ lineId: seen.lines[0]?.id, answer: 'accept' }] },
          vendor2,
        )
      ).body.code,
    ).toBe(404);

    // A reject needs its reason; a proposal a quantity or a date.
    const [first, second] = seen.lines as [PurchaseOrder['lines'][number], PurchaseOrder['lines'][number]];
    const noReason = await t.post(
      A.answer(made.id),
      { version: seen.version, lines: [{ lineId: first.id, answer: 'reject' }] },
      vendor,
      en,
    );
    expect(noReason.body.code).toBe(400);
    expect((noReason.body.data as { fields: Record<string, string> }).fields['lines.0.reason']).toBeTruthy();

    const answered = await t.post<PurchaseOrder>(
      A.answer(made.id),
      {
        version: seen.version,
        lines: [
          { lineId: first.id, answer: 'accept' },
          {
            lineId: second.id,
            answer: 'propose',
            quantity: '30',
            deliveryDate: '2027-01-25',
            reason: '库存不足',
          },
        ],
      },
      vendor,
    );
    expect(answered.body.code).toBe(0);
    expect(answered.body.data.lines.map((l) => l.state)).toEqual(['accepted', 'proposed']);
    expect(answered.body.data.state).toBe('released');
    // The same answer again: stale.
    expect(
      (
        await t.post(
          A.answer(made.id),
          { version: seen.version, lines: [{ lineId: first.id, answer: 'accept' }] },
          vendor,
        )
      ).body.code,
    ).toBe(409);

    const toSettle = (await t.get<Page<PurchaseOrderSummary>>(`${A.base}?attention=settle`, buyer)).body.data
      .list;
    expect(toSettle.some((x) => x.id === made.id)).toBe(true);
    const before = (await read(made.id)).data;
    expect(before.actions).toContain('decide');
    const decided = await t.post<PurchaseOrder>(
      A.decide(made.id),
      { version: before.version, lineId: second.id, accept: true },
      buyer,
    );
    expect(decided.body.code).toBe(0);
    const after = decided.body.data;
    expect(after.state).toBe('acknowledged');
    expect(after.lines[1]).toMatchObject({
      state: 'accepted',
      quantity: '30.0000',
      deliveryDate: '2027-01-25',
      amount: '2655.00',
    });
    expect(after.totalAmount).toBe('57406.54');
    expect(after.actions).toEqual(['revise', 'close', 'cancel']);

    // A revision: the changed line goes back to the supplier, the others stay accepted.
    const revised = await t.put<PurchaseOrder>(
      `${A.base}/${made.id}`,
      {
        ...draft(supplierA),
        version: after.version,
        lines: [
          { ...lines[0], id: after.lines[0]?.id, quantity: '15' },
          { ...lines[1], id: after.lines[1]?.id, quantity: '30', deliveryDate: '2027-01-25' },
        ],
      },
      buyer,
    );
    expect(revised.body.code).toBe(0);
    expect(revised.body.data).toMatchObject({ state: 'changed', revision: 2 });
    expect(revised.body.data.lines.map((l) => l.state)).toEqual(['waiting', 'accepted']);
    const again = (await portal(made.id)).data;
    expect(again.history.map((h) => h.event)).toContain('revised');
    const acked = await t.post<PurchaseOrder>(
      A.answer(made.id),
      { version: again.version, lines: [{ lineId: again.lines[0]?.id, answer: 'accept' }] },
      vendor,
    );
    expect(acked.body.data.state).toBe('acknowledged');

    const closing = (await read(made.id)).data;
    const closed = await t.post<PurchaseOrder>(A.close(made.id), { version: closing.version }, buyer);
    expect(closed.body.data.state).toBe('closed');
    expect((await t.post(A.close(made.id), { version: closed.body.data.version }, buyer, en)).body.code).toBe(
      409,
    );
    expect((await portal(made.id)).data.actions).toEqual([]);
  });

  it('returns a rejected approval to draft with the opinion', async () => {
    const made = (await create(buyer)).data;
    const submitted = (await t.post<PurchaseOrder>(A.submit(made.id), { version: made.version }, buyer)).body
      .data;
    const operatorId = await todoOf(submitted.flowTaskId as string, manager);
    await t.post(
      `/api/flow/FlowEngine/FlowBefore/Reject/${operatorId}`,
      { handleOpinion: '单价偏高' },
      manager,
    );
    const back = (await read(made.id)).data;
    expect(back.state).toBe('draft');
    expect(back.history.at(-1)).toMatchObject({ event: 'returned', detail: '单价偏高' });
    expect(back.actions).toContain('submit');
  });

  it('lets a refused proposal wait again, and cancels with a reason the supplier reads', async () => {
    const o = await releasedOrder();
    const seen = (await portal(o.id)).data;
    const line = seen.lines[0]?.id as string;
    await t.post(
      A.answer(o.id),
      {
        version: seen.version,
        lines: [{ lineId: line, answer: 'propose', deliveryDate: '2027-03-01', reason: '排产' }],
      },
      vendor,
    );
    const current = (await read(o.id)).data;
    const noReason = await t.post(
      A.decide(o.id),
      { version: current.version, lineId: line, accept: false },
      buyer,
    );
    expect(noReason.body.code).toBe(400);
    const refused = await t.post<PurchaseOrder>(
      A.decide(o.id),
      { version: current.version, lineId: line, accept: false, reason: '交期不能推迟' },
      buyer,
    );
    expect(refused.body.data.lines[0]).toMatchObject({
      state: 'waiting',
      reason: '交期不能推迟',
      deliveryDate: '2027-01-15',
    });
    const cancelled = await t.post<PurchaseOrder>(
      A.cancel(o.id),
      { version: refused.body.data.version, reason: '需求取消' },
      buyer,
    );
    expect(cancelled.body.data.state).toBe('cancelled');
    const told = await t.get<Page<{ menuTitle: string }>>('/api/message?pageSize=50', vendor);
    expect(told.body.data.list.some((m) => m.menuTitle.includes('需求取消'))).toBe(true);
    expect((await portal(o.id)).data.actions).toEqual([]);
  });

  it('gives two identical answers at once one success and one 409, never a 500', async () => {
    const o = await releasedOrder();
    const seen = (await portal(o.id)).data;
    const body = {
      version: seen.version,
      lines: seen.lines.map((l) => ({ lineId: l.id, answer: 'accept' })),
    };
    const answers = await Promise.all([
      t.post(A.answer(o.id), body, vendor),
      t.post(A.answer(o.id), body, vendor),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 409]);
    expect((await read(o.id)).data.state).toBe('acknowledged');
    const history = (await read(o.id)).data.history.filter((h) => h.event === 'accepted');
    expect(history).toHaveLength(2);
  });
});
