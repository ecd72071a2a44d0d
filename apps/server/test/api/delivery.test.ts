import {
  PurchaseOrderApi as A,
  type Asn,
  type AsnLabels,
  type AsnSummary,
  DeliveryApi as D,
  InvoiceApi as I,
  type Invoice,
  type InvoiceableLine,
  type Page,
  type PurchaseOrder,
  parseScan,
  type ShippableLine,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, userIdOf } from '../helpers';
import { seedProcurementTenant } from '../procurement-tenant';

/**
 * Advance ship notices and receipts (issue 41 §3): the supplier ships an acknowledged order's open
 * quantity, prints its package labels, staff scan a label and receive with accepted and rejected
 * quantities (what is rejected opens again), reverse a receipt and receive anew. A supplier sees
 * only its own notices, staff never a supplier's draft, another tenant nothing; over-shipping,
 * over-receiving and stale or repeated calls are refused, never a 500.
 */

let t: TestApp;
let admin: string;
let buyer: string;
let nobody: string;
let vendor: string;
let vendor2: string;
let t2admin: string;
let supplierA: string;
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  ({
    admin,
    buyer,
    nobody,
    vendor,
    vendor2,
    otherAdmin: t2admin,
    supplierA,
  } = await seedProcurementTenant(t, {
    prefix: 'asn',
    name: '送货租户',
    vendorEntName: '送货供应商有限公司',
    mobilePrefix: '139100007',
    supplierMobilePrefix: '139100008',
    nobodyMobile: '13912345698',
    other: 't2',
  }));
});
afterAll(() => t.close());

/** An order of two lines to supplier A, released (no approval flow here) and accepted by it. */
async function acknowledgedOrder(): Promise<PurchaseOrder> {
  const made = await t.post<PurchaseOrder>(
    A.base,
    {
      supplierId: supplierA,
      deliveryAddress: '苏州工业园区 2 号仓',
      lines: [
        { materialName: '冷轧卷', unit: '吨', quantity: '10', unitPrice: '5200', deliveryDate: '2027-02-01' },
        { materialName: '垫片', unit: '件', quantity: '500', unitPrice: '0.35', deliveryDate: '2027-02-05' },
      ],
    },
    buyer,
  );
  expect(made.body.code).toBe(0);
  const released = await t.post<PurchaseOrder>(
    A.submit(made.body.data.id),
    { version: made.body.data.version },
    buyer,
  );
  expect(released.body.data.state).toBe('released');
  const seen = (await t.get<PurchaseOrder>(`${A.portal}/${made.body.data.id}`, vendor)).body.data;
  const answered = await t.post<PurchaseOrder>(
    A.answer(seen.id),
    { version: seen.version, lines: seen.lines.map((l) => ({ lineId: l.id, answer: 'accept' })) },
    vendor,
  );
  expect(answered.body.data.state).toBe('acknowledged');
  return answered.body.data;
}

const notice = (order: PurchaseOrder, quantities: [string, string], packages: [number, number] = [2, 1]) => ({
  orderId: order.id,
  shipDate: '2027-01-28',
  expectedDate: '2027-01-30',
  carrier: '顺丰物流',
  trackingNo: 'SF1234567890',
  lines: order.lines.map((l, i) => ({
    orderLineId: l.id,
    quantity: quantities[i],
    batchNo: `B-${i + 1}`,
    packages: packages[i],
  })),
});
const orderOf = async (id: string) => (await t.get<PurchaseOrder>(`${A.base}/${id}`, buyer)).body.data;
const sent = async (order: PurchaseOrder, quantities: [string, string]) => {
  const made = (await t.post<Asn>(D.portal, notice(order, quantities), vendor)).body.data;
  const done = await t.post<Asn>(D.send(made.id), { version: made.version }, vendor);
  expect(done.body.code).toBe(0);
  return done.body.data;
};
const receiveAll = (asn: Asn, rejected: Record<number, string> = {}, confirm = true) => ({
  asnId: asn.id,
  confirm,
  lines: asn.lines.map((l) => {
    const r = rejected[l.lineNo] ?? '0';
    return {
      asnLineId: l.id,
      acceptedQuantity: String(Number(l.quantity) - Number(r)),
      rejectedQuantity: r,
      rejectReason: r === '0' ? '' : '表面划伤',
    };
  }),
});

describe('the supplier ships', () => {
  it('lists what it may ship, numbers a draft by the ASN rule, and staff do not see the draft', async () => {
    const order = await acknowledgedOrder();
    const shippable = (await t.get<ShippableLine[]>(`${D.shippable}?orderId=${order.id}`, vendor)).body.data;
    expect(shippable.map((l) => [l.lineNo, l.openQuantity])).toEqual([
      [1, '10.0000'],
      [2, '500.0000'],
    ]);
    const made = await t.post<Asn>(D.portal, notice(order, ['4', '500']), vendor);
    expect(made.body.code).toBe(0);
    const asn = made.body.data;
    expect(asn.billNo).toMatch(/^ASN\d{12}$/);
    expect(asn.state).toBe('draft');
    expect(asn.actions).toEqual(['edit', 'delete', 'send']);
    expect(asn.packageCount).toBe(3);
    expect((await t.get(`${D.base}/${asn.id}`, buyer)).body.code).toBe(404);
    const staffList = (await t.get<Page<AsnSummary>>(D.base, buyer)).body.data.list;
    expect(staffList.some((a) => a.id === asn.id)).toBe(false);
    // A draft counts for nothing yet.
    expect((await orderOf(order.id)).lines.map((l) => l.shippedQuantity)).toEqual(['0.0000', '0.0000']);
  });

  it('sends: the order lines are shipped, the buyer is told, the labels carry scannable codes', async () => {
    const order = await acknowledgedOrder();
    const asn = await sent(order, ['4', '500']);
    expect(asn.state).toBe('sent');
    expect(asn.actions).toEqual(['withdraw']);
    const lines = (await orderOf(order.id)).lines;
    expect(lines.map((l) => [l.shippedQuantity, l.openQuantity])).toEqual([
      ['4.0000', '6.0000'],
      ['500.0000', '0.0000'],
    ]);
    expect((await orderOf(order.id)).history.map((h) => h.event)).toContain('shipped');
    const told = await t.get<Page<{ menuTitle: string }>>('/api/message?pageSize=50', buyer);
    expect(told.body.data.list.some((m) => m.menuTitle.includes(asn.billNo))).toBe(true);

    const labels = (await t.get<AsnLabels>(D.portalLabels(asn.id), vendor)).body.data;
    expect(labels.labels.map((l) => `${l.lineNo}:${l.pkg}/${l.packages}`)).toEqual([
      '1:1/2',
      '1:2/2',
      '2:1/1',
    ]);
    expect(labels.code128Svg.startsWith('<svg')).toBe(true);
    expect(labels.labels[0]?.qrSvg.startsWith('<svg')).toBe(true);
    expect(parseScan(labels.labels[1]?.content ?? '')).toEqual({
      asnNo: asn.billNo,
      lineNo: 1,
      pkg: 2,
      packages: 2,
    });
    // Staff print the same labels.
    expect((await t.get<AsnLabels>(D.labels(asn.id), buyer)).body.data.labels).toHaveLength(3);
  });

  it('refuses more than the open quantity, a line twice, and lines of an order not acknowledged', async () => {
    const order = await acknowledgedOrder();
    await sent(order, ['6', '100']);
    const over = await t.post<{ fields: Record<string, string> }>(
      D.portal,
      notice(order, ['5', '100']),
      vendor,
      en,
    );
    expect(over.body.code).toBe(400);
    expect(over.body.data.fields['lines.0.quantity']).toBe('More than the open quantity (4.0000)');
    const twice = notice(order, ['1', '1']);
    twice.lines[1] = {
      ...twice.lines[0],
      orderLineId: twice.lines[0]?.orderLineId ?? '',
    } as (typeof twice.lines)[number];
    expect((await t.post(D.portal, twice, vendor)).body.code).toBe(400);
    const made = await t.post<PurchaseOrder>(
      A.base,
      {
        supplierId: supplierA,
        deliveryAddress: '仓库',
        lines: [{ materialName: '样品', unit: '件', quantity: 1, unitPrice: 1, deliveryDate: '2027-03-01' }],
      },
      buyer,
    );
    await t.post(A.submit(made.body.data.id), { version: made.body.data.version }, buyer);
    const unanswered = await t.post(
      D.portal,
      {
        orderId: made.body.data.id,
        shipDate: '2027-01-01',
        expectedDate: '2027-01-02',
        lines: [{ orderLineId: made.body.data.lines[0]?.id, quantity: 1, packages: 1 }],
      },
      vendor,
    );
    expect(unanswered.body.code).toBe(409);
  });

  it('answers bad input with the field and the reason, never a 500', async () => {
    const order = await acknowledgedOrder();
    const bad = (change: Record<string, unknown>) =>
      t.post(D.portal, { ...notice(order, ['1', '1']), ...change }, vendor, en);
    const packages = await bad({ lines: [{ orderLineId: order.lines[0]?.id, quantity: 1, packages: 0 }] });
    expect(packages.body.code).toBe(400);
    expect(JSON.stringify(packages.body.data)).toContain('Enter between 1 and 500 packages');
    const dates = await bad({ expectedDate: '2027-01-01' });
    expect(dates.body.code).toBe(400);
    expect(JSON.stringify(dates.body.data)).toContain('cannot be before the ship date');
    expect((await bad({ lines: [{ orderLineId: 'x', quantity: 1, packages: 1 }] })).body.code).toBe(400);
    expect(
      (await bad({ lines: [{ orderLineId: order.lines[0]?.id, quantity: '-1', packages: 1 }] })).body.code,
    ).toBe(400);
    expect((await bad({ shipDate: '2027-02-30' })).body.code).toBe(400);
    expect((await t.get(`${D.scan}?code=`, buyer)).body.code).toBe(400);
  });

  it('withdraws a sent notice while it is not being received, and the quantity opens again', async () => {
    const order = await acknowledgedOrder();
    const asn = await sent(order, ['3', '10']);
    const back = await t.post<Asn>(D.withdraw(asn.id), { version: asn.version }, vendor);
    expect(back.body.data.state).toBe('draft');
    expect((await orderOf(order.id)).lines.map((l) => l.openQuantity)).toEqual(['10.0000', '500.0000']);
    const again = await t.post<Asn>(D.send(asn.id), { version: back.body.data.version }, vendor);
    expect(again.body.data.state).toBe('sent');
    // A draft receipt holds it.
    expect((await t.post(D.receipt, receiveAll(again.body.data, {}, false), buyer)).body.code).toBe(0);
    const held = await t.post(D.withdraw(asn.id), { version: again.body.data.version }, vendor);
    expect(held.body.code).toBe(409);
  });
});

describe('staff receive', () => {
  it('find the notice by a scanned label or its number, receive with a rejection, reverse, receive again', async () => {
    const order = await acknowledgedOrder();
    const asn = await sent(order, ['10', '200']);
    const labels = (await t.get<AsnLabels>(D.labels(asn.id), buyer)).body.data;
    const scanned = await t.get<Asn>(
      `${D.scan}?code=${encodeURIComponent(labels.labels[0]?.content ?? '')}`,
      buyer,
    );
    expect(scanned.body.data.id).toBe(asn.id);
    expect(scanned.body.data.actions).toEqual(['receive']);
    expect((await t.get<Asn>(`${D.scan}?code=${asn.billNo.toLowerCase()}`, buyer)).body.data.id).toBe(asn.id);
    const unknown = await t.get(`${D.scan}?code=ASN199901010001`, buyer, en);
    expect(unknown.body.code).toBe(404);
    expect(unknown.body.msg).toBe('No ship notice matches this code');
    expect((await t.get(`${D.scan}?code=${encodeURIComponent('<script>')}`, buyer)).body.code).toBe(400);

    const received = await t.post<Asn>(D.receipt, receiveAll(asn, { 1: '1.5' }), buyer);
    expect(received.body.code).toBe(0);
    const r = received.body.data;
    expect(r.state).toBe('received');
    expect(r.receipt?.billNo).toMatch(/^GR\d{12}$/);
    expect(r.receipt?.state).toBe('confirmed');
    expect(r.receipt?.actions).toEqual(['reverse']);
    expect(r.lines.map((l) => [l.acceptedQuantity, l.rejectedQuantity, l.rejectReason])).toEqual([
      ['8.5000', '1.5000', '表面划伤'],
      ['200.0000', '0.0000', ''],
    ]);
    // The rejected 1.5 opens again on the order line.
    expect((await orderOf(order.id)).lines.map((l) => [l.receivedQuantity, l.openQuantity])).toEqual([
      ['8.5000', '1.5000'],
      ['200.0000', '300.0000'],
    ]);
    const told = await t.get<Page<{ menuTitle: string }>>('/api/message?pageSize=50', vendor);
    expect(told.body.data.list.some((m) => m.menuTitle.includes(r.receipt?.billNo ?? '?'))).toBe(true);
    // The supplier sees what was accepted on its notice.
    const own = (await t.get<Asn>(`${D.portal}/${asn.id}`, vendor)).body.data;
    expect(own.lines[0]?.rejectedQuantity).toBe('1.5000');
    expect(own.receipt).toBeNull();

    const receiptId = r.receipt?.id ?? '';
    expect(
      (await t.post(D.reverse(receiptId), { version: r.receipt?.version, reason: '' }, buyer)).body.code,
    ).toBe(400);
    const reversed = await t.post<Asn>(
      D.reverse(receiptId),
      { version: r.receipt?.version, reason: '录错数量' },
      buyer,
    );
    expect(reversed.body.data.state).toBe('sent');
    expect(reversed.body.data.receipt).toBeNull();
    expect((await orderOf(order.id)).lines.map((l) => [l.receivedQuantity, l.shippedQuantity])).toEqual([
      ['0.0000', '10.0000'],
      ['0.0000', '200.0000'],
    ]);
    const again = await t.post<Asn>(D.receipt, receiveAll(reversed.body.data), buyer);
    expect(again.body.data.state).toBe('received');
    expect((await orderOf(order.id)).history.map((h) => h.event).filter((e) => e.startsWith('rec'))).toEqual([
      'received',
      'receiptReversed',
      'received',
    ]);
  });

  it('keeps a draft receipt, then confirms it; refuses over-receiving, missing lines and a rejection without reason', async () => {
    const order = await acknowledgedOrder();
    const asn = await sent(order, ['2', '20']);
    const over = receiveAll(asn);
    over.lines[0] = {
      ...(over.lines[0] as (typeof over.lines)[number]),
      rejectedQuantity: '1',
      rejectReason: '破损',
    };
    const refused = await t.post<{ fields: Record<string, string> }>(D.receipt, over, buyer, en);
    expect(refused.body.code).toBe(400);
    expect(refused.body.data.fields['lines.0.acceptedQuantity']).toContain('exceed the shipped');
    const missing = { ...receiveAll(asn), lines: receiveAll(asn).lines.slice(0, 1) };
    expect((await t.post(D.receipt, missing, buyer)).body.code).toBe(400);
    const noReason = receiveAll(asn, { 2: '1' });
    noReason.lines[1] = { ...(noReason.lines[1] as (typeof noReason.lines)[number]), rejectReason: '' };
    expect((await t.post(D.receipt, noReason, buyer)).body.code).toBe(400);

    const kept = (await t.post<Asn>(D.receipt, receiveAll(asn, {}, false), buyer)).body.data;
    expect(kept.state).toBe('sent');
    expect(kept.receipt?.state).toBe('draft');
    expect(kept.receipt?.actions).toEqual(['edit', 'confirm']);
    expect((await orderOf(order.id)).lines[0]?.receivedQuantity).toBe('0.0000');
    const second = await t.post(D.receipt, receiveAll(asn), buyer);
    expect(second.body.code).toBe(409);
    const receipt = kept.receipt as NonNullable<Asn['receipt']>;
    const stale = await t.post(D.confirm(receipt.id), { version: receipt.version + 1 }, buyer);
    expect(stale.body.code).toBe(409);
    const confirmed = await t.post<Asn>(D.confirm(receipt.id), { version: receipt.version }, buyer);
    expect(confirmed.body.data.state).toBe('received');
    expect((await orderOf(order.id)).lines[0]?.receivedQuantity).toBe('2.0000');
  });

  it('gives two identical receipts at once one success and one 409, never a 500 or a second receipt', async () => {
    const order = await acknowledgedOrder();
    const asn = await sent(order, ['5', '50']);
    const both = await Promise.all([
      t.post(D.receipt, receiveAll(asn), buyer),
      t.post(D.receipt, receiveAll(asn), buyer),
    ]);
    expect(both.map((b) => b.body.code).sort()).toEqual([0, 409]);
    expect((await orderOf(order.id)).lines.map((l) => l.receivedQuantity)).toEqual(['5.0000', '50.0000']);
  });

  it('refuses a revision below what is shipped', async () => {
    const order = await acknowledgedOrder();
    await sent(order, ['6', '10']);
    const now = await orderOf(order.id);
    const revised = await t.put(
      `${A.base}/${order.id}`,
      {
        version: now.version,
        supplierId: supplierA,
        deliveryAddress: '苏州工业园区 2 号仓',
        lines: now.lines.map((l) => ({
          id: l.id,
          materialName: l.materialName,
          unit: l.unit,
          quantity: l.lineNo === 1 ? '5' : l.quantity,
          unitPrice: l.unitPrice,
          deliveryDate: l.deliveryDate,
        })),
      },
      buyer,
      en,
    );
    expect(revised.body.code).toBe(409);
    expect(revised.body.msg).toContain('cannot go below');
  });
});

describe('invoices and the three-way match', () => {
  /** An order of ours received: line 1 accepted 8.5 of 10 shipped (1.5 rejected), line 2 all 200. */
  async function receivedOrder() {
    const order = await acknowledgedOrder();
    const asn = await sent(order, ['10', '200']);
    expect((await t.post(D.receipt, receiveAll(asn, { 1: '1.5' }), buyer)).body.code).toBe(0);
    return order;
  }
  let n = 0;
  const invoice = (
    order: PurchaseOrder,
    lines: [string, string][],
    invoiceNo = `FP-${Date.now()}-${++n}`,
  ) => ({
    orderId: order.id,
    invoiceNo,
    invoiceDate: '2027-02-10',
    lines: order.lines.slice(0, lines.length).map((l, i) => ({
      orderLineId: l.id,
      quantity: lines[i]?.[0],
      unitPrice: lines[i]?.[1],
    })),
  });
  const invoiceable = async (order: PurchaseOrder) =>
    (await t.get<InvoiceableLine[]>(`${I.invoiceable}?orderId=${order.id}`, vendor)).body.data.map((l) => [
      l.lineNo,
      l.invoiceableQuantity,
    ]);

  it('matches an invoice of the received quantities at the order price, and claims them', async () => {
    const order = await receivedOrder();
    expect(await invoiceable(order)).toEqual([
      [1, '8.5000'],
      [2, '200.0000'],
    ]);
    const made = await t.post<Invoice>(
      I.portal,
      invoice(order, [
        ['8.5', '5200'],
        ['200', '0.35'],
      ]),
      vendor,
    );
    expect(made.body.code).toBe(0);
    const inv = made.body.data;
    expect(inv.billNo).toMatch(/^INV\d{12}$/);
    expect(inv.state).toBe('matched');
    expect(inv.totalAmount).toBe('44270.00');
    expect(inv.lines.map((l) => [l.quantityOk, l.priceOk])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(await invoiceable(order)).toEqual([]);
    const told = await t.get<Page<{ menuTitle: string }>>('/api/message?pageSize=50', buyer);
    expect(told.body.data.list.some((m) => m.menuTitle.includes(inv.invoiceNo))).toBe(true);
    // Within 1 % of the price is still a match; the same invoice number again is refused.
    const again = await t.post(I.portal, invoice(order, [['1', '5200']], inv.invoiceNo), vendor, en);
    expect(again.body.code).toBe(409);
    expect(again.body.msg).toBe('This invoice number was already submitted');
    const staff = await t.get<Invoice>(`${I.base}/${inv.id}`, admin);
    expect(staff.body.data.actions).toEqual(['approve', 'reject']);
    const approved = await t.post<Invoice>(I.approve(inv.id), { version: inv.version }, admin);
    expect(approved.body.data.state).toBe('approved');
    expect((await t.post(I.approve(inv.id), { version: approved.body.data.version }, admin)).body.code).toBe(
      409,
    );
  });

  it('routes a price or quantity off the tolerance for a decision; a rejection frees the quantity', async () => {
    const order = await receivedOrder();
    // 5252 is 1 % above 5200: a match; 5253 is not. 200.0001 is more than was received.
    const price = await t.post<Invoice>(I.portal, invoice(order, [['1', '5253']]), vendor);
    expect(price.body.data.state).toBe('mismatch');
    expect(price.body.data.lines[0]).toMatchObject({
      quantityOk: true,
      priceOk: false,
      orderUnitPrice: '5200.0000',
    });
    const within = await t.post<Invoice>(I.portal, invoice(order, [['1', '5252']]), vendor);
    expect(within.body.data.state).toBe('matched');
    const quantity = await t.post<Invoice>(
      I.portal,
      {
        ...invoice(order, [['0.1', '5200']]),
        lines: [{ orderLineId: order.lines[1]?.id, quantity: '200.0001', unitPrice: '0.35' }],
      },
      vendor,
    );
    expect(quantity.body.data.state).toBe('mismatch');
    expect(quantity.body.data.lines[0]).toMatchObject({ quantityOk: false, priceOk: true });
    expect(await invoiceable(order)).toEqual([[1, '6.5000']]);

    const stale = await t.post(I.reject(price.body.data.id), { version: 9, reason: '价格不符' }, admin);
    expect(stale.body.code).toBe(409);
    expect((await t.post(I.reject(price.body.data.id), { version: 0, reason: '' }, admin)).body.code).toBe(
      400,
    );
    const rejected = await t.post<Invoice>(
      I.reject(price.body.data.id),
      { version: 0, reason: '价格不符' },
      admin,
    );
    expect(rejected.body.data).toMatchObject({ state: 'rejected', reason: '价格不符', actions: [] });
    expect(await invoiceable(order)).toEqual([[1, '7.5000']]);
    const theirs = await t.get<Page<{ menuTitle: string }>>('/api/message?pageSize=50', vendor);
    expect(theirs.body.data.list.some((m) => m.menuTitle.includes('价格不符'))).toBe(true);
  });

  it('matches within the tolerances the administrator sets in the system settings', async () => {
    const order = await receivedOrder();
    const set = (body: unknown) =>
      t.request({
        method: 'PUT',
        url: '/api/system/SysConfig/procurement',
        payload: body as object,
        headers: { authorization: `Bearer ${admin}`, ...en },
      });
    const bad = await set({ matchQuantityPercent: 0, matchPricePercent: 1.005 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.data).toMatchObject({
      fields: { matchPricePercent: 'Enter a percentage from 0 to 100 with at most 2 decimal places' },
    });
    expect((await set({ matchQuantityPercent: 0, matchPricePercent: 101 })).body.code).toBe(400);
    expect((await set({ matchQuantityPercent: 10, matchPricePercent: 2.5 })).body.code).toBe(0);
    try {
      // 5330 is 2.5 % above 5200, 5331 is not; a tenth more than received is within 10 %.
      const within = await t.post<Invoice>(I.portal, invoice(order, [['1', '5330']]), vendor);
      expect(within.body.data.state).toBe('matched');
      const above = await t.post<Invoice>(I.portal, invoice(order, [['1', '5331']]), vendor);
      expect(above.body.data.lines[0]).toMatchObject({ priceOk: false });
      const more = await t.post<Invoice>(
        I.portal,
        {
          ...invoice(order, [['0.1', '5200']]),
          lines: [{ orderLineId: order.lines[1]?.id, quantity: '220', unitPrice: '0.35' }],
        },
        vendor,
      );
      expect(more.body.data).toMatchObject({ state: 'matched' });
    } finally {
      expect((await set({ matchQuantityPercent: 0, matchPricePercent: 1 })).body.code).toBe(0);
    }
  });

  it('sends a mismatch into the tenant’s approval flow, whose end approves or rejects it', async () => {
    const adminId = await userIdOf(t.db, 'asnadmin');
    const saved = await t.post<{ id: string }>(
      '/api/flow/FlowEngine/save',
      {
        enCode: 'asnInvoiceMismatch',
        fullName: '发票差异审批',
        category: 'purchase',
        formName: 'InvoiceMismatch',
        flowTemplateJson: {
          id: 'start',
          type: 'start',
          name: '发票差异',
          next: {
            id: 'finance',
            type: 'approver',
            name: '财务审批',
            assignee: { kind: 'users', userIds: [adminId] },
            signMode: 'or',
            rejectTo: { kind: 'launcher' },
            next: { id: 'end', type: 'end', name: '结束' },
          },
        },
      },
      admin,
    );
    expect(saved.body.code).toBe(0);
    const flowId = saved.body.data.id;
    expect((await t.post(`/api/flow/FlowEngine/release/${flowId}`, {}, admin)).body.code).toBe(0);
    const operatorOf = async (taskId: string) => {
      const todo = await t.post<
        Page<{ id: string; operatorId: string; title: string; formName: string; launcherName: string }>
      >('/api/flow/FlowEngine/FlowBefore/List/1', { pageSize: 100 }, admin);
      return todo.body.data.list.find((i) => i.id === taskId);
    };
    try {
      const order = await receivedOrder();
      // A matching invoice never goes into the flow.
      const fine = (await t.post<Invoice>(I.portal, invoice(order, [['1', '5200']]), vendor)).body.data;
      expect((await t.get<Invoice>(`${I.base}/${fine.id}`, admin)).body.data.approvalTaskId).toBeNull();

      const off = (await t.post<Invoice>(I.portal, invoice(order, [['1', '5400']]), vendor)).body.data;
      expect(off).toMatchObject({ state: 'mismatch', approvalTaskId: null });
      const staff = (await t.get<Invoice>(`${I.base}/${off.id}`, admin)).body.data;
      expect(staff.approvalTaskId).toBeTruthy();
      expect(staff.actions).toEqual([]);
      const early = await t.post(I.approve(off.id), { version: staff.version }, admin, en);
      expect(early.body).toMatchObject({
        code: 409,
        msg: 'The invoice is in its approval flow, which decides it',
      });
      const item = await operatorOf(staff.approvalTaskId as string);
      expect(item).toMatchObject({ formName: 'InvoiceMismatch', launcherName: '张采购' });
      expect(item?.title).toContain(off.invoiceNo);
      const task = await t.get<{ formData: { lines: { issue: string; orderUnitPrice: number }[] } }>(
        `/api/flow/FlowEngine/FlowBefore/${item?.operatorId}`,
        admin,
      );
      expect(JSON.stringify(task.body.data)).toContain('5200');
      const audit = await t.post(
        `/api/flow/FlowEngine/FlowBefore/Audit/${item?.operatorId}`,
        { handleOpinion: '差价已确认', formData: {} },
        admin,
      );
      expect(audit.body.code).toBe(0);
      expect((await t.get<Invoice>(`${I.base}/${off.id}`, admin)).body.data).toMatchObject({
        state: 'approved',
        approvalTaskId: null,
      });

      const before = await invoiceable(order);
      const second = (await t.post<Invoice>(I.portal, invoice(order, [['1', '5500']]), vendor)).body.data;
      const pending = (await t.get<Invoice>(`${I.base}/${second.id}`, admin)).body.data;
      const rejectOn = await operatorOf(pending.approvalTaskId as string);
      const rejected = await t.post(
        `/api/flow/FlowEngine/FlowBefore/Reject/${rejectOn?.operatorId}`,
        { handleOpinion: '单价未经确认' },
        admin,
      );
      expect(rejected.body.code).toBe(0);
      expect((await t.get<Invoice>(`${I.portal}/${second.id}`, vendor)).body.data).toMatchObject({
        state: 'rejected',
        reason: '单价未经确认',
      });
      expect(await invoiceable(order)).toEqual(before);
    } finally {
      expect((await t.post(`/api/flow/FlowEngine/stop/${flowId}`, {}, admin)).body.code).toBe(0);
    }
  });

  it('refuses bad input, gives two identical submissions one success and one 409, keeps invoices apart', async () => {
    const order = await receivedOrder();
    const bad = await t.post(I.portal, { ...invoice(order, [['1', '5200']]), invoiceNo: 'FP 1' }, vendor, en);
    expect(bad.body.code).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('Letters, digits and hyphens only');
    expect((await t.post(I.portal, invoice(order, [['0', '5200']]), vendor)).body.code).toBe(400);
    expect(
      (await t.post(I.portal, { ...invoice(order, [['1', '5200']]), invoiceDate: '2027-13-01' }, vendor)).body
        .code,
    ).toBe(400);

    const body = invoice(order, [['2', '5200']]);
    const both = await Promise.all([t.post(I.portal, body, vendor), t.post(I.portal, body, vendor)]);
    expect(both.map((b) => b.body.code).sort()).toEqual([0, 409]);
    expect(await invoiceable(order)).toEqual([
      [1, '6.5000'],
      [2, '200.0000'],
    ]);
    const id = (both.find((b) => b.body.code === 0)?.body.data as Invoice | undefined)?.id ?? '';

    expect((await t.get(`${I.portal}/${id}`, vendor2)).body.code).toBe(404);
    expect((await t.post(I.portal, invoice(order, [['1', '5200']]), vendor2)).body.code).toBe(404);
    expect((await t.get<InvoiceableLine[]>(I.invoiceable, vendor2)).body.data).toEqual([]);
    expect((await t.get(`${I.base}/${id}`, t2admin)).body.code).toBe(404);
    expect((await t.post(I.approve(id), { version: 0 }, t2admin)).body.code).toBe(404);
    expect((await t.get(`${I.base}/${id}`, nobody)).body.code).toBe(403);
    expect((await t.post(I.approve(id), { version: 0 }, nobody)).body.code).toBe(403);
    expect((await t.get(I.base, vendor)).body.code).toBe(403);
    expect((await t.post(I.portal, body, admin)).body.code).toBe(403);
    // A draft order cannot be invoiced.
    const draft = await t.post<PurchaseOrder>(
      A.base,
      {
        supplierId: supplierA,
        deliveryAddress: '仓库',
        lines: [{ materialName: '样品', unit: '件', quantity: 1, unitPrice: 1, deliveryDate: '2027-03-01' }],
      },
      buyer,
    );
    expect((await t.post(I.portal, invoice(draft.body.data, [['1', '1']]), vendor)).body.code).toBe(409);
  });
});

describe('delivery figures', () => {
  it('counts overdue lines, on-time and in-full receipts for staff and for the supplier itself', async () => {
    type Figures = {
      overdueLines: number;
      receivedLines: number;
      onTimeLines: number;
      acceptedLines: number;
    };
    const staff = async () => (await t.get<Figures>(`${D.performance}/${supplierA}`, buyer)).body.data;
    const own = async () => (await t.get<Figures>(D.portalPerformance, vendor)).body.data;
    const before = await staff();
    expect(await own()).toEqual(before);

    // A line due long ago, acknowledged and not shipped: overdue, and the filter finds its order.
    const made = await t.post<PurchaseOrder>(
      A.base,
      {
        supplierId: supplierA,
        deliveryAddress: '逾期仓',
        lines: [
          { materialName: '逾期件', unit: '件', quantity: 4, unitPrice: 1, deliveryDate: '2026-01-10' },
          { materialName: '准时件', unit: '件', quantity: 2, unitPrice: 1, deliveryDate: '2099-01-10' },
        ],
      },
      buyer,
    );
    await t.post(A.submit(made.body.data.id), { version: made.body.data.version }, buyer);
    const seen = (await t.get<PurchaseOrder>(`${A.portal}/${made.body.data.id}`, vendor)).body.data;
    const order = (
      await t.post<PurchaseOrder>(
        A.answer(seen.id),
        { version: seen.version, lines: seen.lines.map((l) => ({ lineId: l.id, answer: 'accept' })) },
        vendor,
      )
    ).body.data;
    expect((await staff()).overdueLines).toBe(before.overdueLines + 1);
    const overdue = (await t.get<Page<{ id: string }>>(`${A.base}?attention=overdue&pageSize=100`, buyer))
      .body.data;
    expect(overdue.list.map((o) => o.id)).toContain(order.id);
    const portalOverdue = (
      await t.get<Page<{ id: string }>>(`${A.portal}?attention=overdue&pageSize=100`, vendor)
    ).body.data;
    expect(portalOverdue.list.map((o) => o.id)).toContain(order.id);

    // Both shipped and received today: the late one with a rejection, the other on time in full.
    const asn = await sent(order, ['4', '2']);
    expect((await staff()).overdueLines).toBe(before.overdueLines);
    expect((await t.post(D.receipt, receiveAll(asn, { 1: '1' }), buyer)).body.code).toBe(0);
    const after = await staff();
    expect(after).toMatchObject({
      receivedLines: before.receivedLines + 2,
      onTimeLines: before.onTimeLines + 1,
      acceptedLines: before.acceptedLines + 1,
    });
    expect(await own()).toEqual(after);
    // The rejected one is open again, and overdue again.
    expect(after.overdueLines).toBe(before.overdueLines + 1);

    expect((await t.get(`${D.performance}/${supplierA}`, nobody)).body.code).toBe(403);
    expect((await t.get(`${D.performance}/${supplierA}`, t2admin)).body.code).toBe(404);
    expect((await t.get(D.portalPerformance, buyer)).body.code).toBe(403);
  });
});

describe('who sees what', () => {
  it('keeps a notice from another supplier, another tenant, staff without the code and the wrong side', async () => {
    const order = await acknowledgedOrder();
    const asn = await sent(order, ['1', '1']);
    expect((await t.get(`${D.portal}/${asn.id}`, vendor2)).body.code).toBe(404);
    expect((await t.get(D.portalLabels(asn.id), vendor2)).body.code).toBe(404);
    expect((await t.post(D.withdraw(asn.id), { version: asn.version }, vendor2)).body.code).toBe(404);
    const theirs = (await t.get<Page<AsnSummary>>(D.portal, vendor2)).body.data.list;
    expect(theirs.some((a) => a.id === asn.id)).toBe(false);
    expect((await t.get<ShippableLine[]>(D.shippable, vendor2)).body.data).toEqual([]);
    // Supplier B cannot ship supplier A's order.
    expect((await t.post(D.portal, notice(order, ['1', '1']), vendor2)).body.code).toBe(404);

    expect((await t.get(`${D.base}/${asn.id}`, t2admin)).body.code).toBe(404);
    expect((await t.get(`${D.scan}?code=${asn.billNo}`, t2admin)).body.code).toBe(404);
    expect((await t.post(D.receipt, receiveAll(asn), t2admin)).body.code).toBe(404);
    expect((await t.get(D.labels(asn.id), t2admin)).body.code).toBe(404);

    expect((await t.get(D.base, nobody)).body.code).toBe(403);
    expect((await t.post(D.receipt, receiveAll(asn), nobody)).body.code).toBe(403);
    expect((await t.get(D.base, vendor)).body.code).toBe(403);
    expect((await t.post(D.receipt, receiveAll(asn), vendor)).body.code).toBe(403);
    expect((await t.get(D.portal, buyer)).body.code).toBe(403);
    expect((await t.post(D.portal, notice(order, ['1', '1']), buyer)).body.code).toBe(403);
  });
});
