import {
  RfqApi as A,
  type BidBoard,
  type BidRank,
  type Page,
  PurchaseOrderApi as PO,
  type PortalRfq,
  type PurchaseOrder,
  type Rfq,
  type RfqComparison,
} from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { seedProcurementTenant } from '../procurement-tenant';
import { settle, TestSocket } from '../ws-client';

/**
 * Live bidding (issue 41 §1): a request in auction mode takes bids from its invited suppliers
 * while it is open by the server's clock; each bid must undercut the supplier's own best by the
 * step, suppliers read only their rank, staff the whole board, a late bid extends the close, a
 * suspended round takes none and its clock stands still; 50 bids at once are taken one by one,
 * none lost, none out of order. The socket's `openBid` pushes every change to who watches.
 */

let t: TestApp;
let base: string;
let buyer: string;
let nobody: string;
let vendor: string;
let vendor2: string;
let t2admin: string;
let supplierA: string;
let supplierB: string;
const en = { 'accept-language': 'en-US' };
const HOUR = 3600_000;

const lines = [
  { materialName: '冷轧卷', unit: '吨', quantity: '10', deliveryDate: '2027-03-01' },
  { materialName: '镀锌板', unit: '吨', quantity: '5', deliveryDate: '2027-03-15' },
];
const auction = (over: Record<string, unknown> = {}) => ({
  title: '冷轧卷竞价',
  mode: 'auction',
  bidStep: '100',
  bidCeiling: '100000',
  bidExtendMinutes: 2,
  deadline: Date.now() + HOUR,
  deliveryAddress: '上海市浦东新区张江路 1 号',
  supplierIds: [supplierA, supplierB],
  lines,
  ...over,
});

async function openAuction(over: Record<string, unknown> = {}): Promise<Rfq> {
  const made = await t.post<Rfq>(A.base, auction(over), buyer);
  expect(made.body.code).toBe(0);
  const open = await t.post<Rfq>(A.publish(made.body.data.id), { version: made.body.data.version }, buyer);
  expect(open.body.code).toBe(0);
  return open.body.data;
}

/** A bid pricing the two lines (10 t and 5 t): total = 10 × p1 + 5 × p2. */
const bid = (rfq: Rfq, p1: string, p2: string, token = vendor, headers = {}) =>
  t.post<BidRank>(
    A.bids(rfq.id),
    {
      lines: rfq.lines.map((l, i) => ({ rfqLineId: l.id, unitPrice: i === 0 ? p1 : p2 })),
    },
    token,
    headers,
  );

const board = async (id: string) => (await t.get<BidBoard>(A.board(id), buyer)).body;
const rank = async (id: string, token = vendor) => (await t.get<BidRank>(A.bids(id), token)).body;

beforeAll(async () => {
  t = await createTestApp();
  ({
    buyer,
    nobody,
    vendor,
    vendor2,
    otherAdmin: t2admin,
    supplierA,
    supplierB,
  } = await seedProcurementTenant(t, {
    prefix: 'bid',
    name: '竞价租户',
    vendorEntName: '竞价供应商有限公司',
    mobilePrefix: '139100017',
    supplierMobilePrefix: '139100018',
    nobodyMobile: '13912345697',
    other: 'b2',
  }));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('a live auction', () => {
  it('ranks each bid, shows a supplier only its rank and staff the whole board', async () => {
    const rfq = await openAuction();
    expect(rfq).toMatchObject({ mode: 'auction', suspended: false, bidStep: '100.00', bidExtendMinutes: 2 });
    expect(rfq.actions).toContain('suspendBid');
    const portal = (await t.get<PortalRfq>(`${A.portal}/${rfq.id}`, vendor)).body.data;
    expect(portal.actions).toEqual(['bid']);
    expect(portal.bidCeiling).toBe('100000.00');

    const first = await bid(rfq, '5000', '4000');
    expect(first.body).toMatchObject({ code: 0, data: { rank: 1, bidders: 1, ownBest: '70000.00' } });
    const second = await bid(rfq, '4900', '3900', vendor2);
    expect(second.body.data).toMatchObject({ rank: 1, bidders: 2, ownBest: '68500.00' });

    const mine = await rank(rfq.id);
    expect(mine.data).toMatchObject({ rank: 2, bidders: 2, ownBest: '70000.00', seq: 2 });
    expect(mine.data.ownBids.map((b) => b.total)).toEqual(['70000.00']);
    // Never another's price or name: not in its rank, nor in its request.
    expect(JSON.stringify(mine)).not.toContain('68500');
    expect(JSON.stringify((await t.get(`${A.portal}/${rfq.id}`, vendor)).body)).not.toContain('68500');

    const staff = (await board(rfq.id)).data;
    expect(staff.ranking.map((r) => [r.rank, r.supplierId, r.best, r.bids])).toEqual([
      [1, supplierB, '68500.00', 1],
      [2, supplierA, '70000.00', 1],
    ]);
    expect(staff.bids.map((b) => b.total)).toEqual(['68500.00', '70000.00']);

    // A back on top; equal totals rank by who bid it first.
    expect((await bid(rfq, '4850', '3900')).body.data).toMatchObject({ rank: 1, ownBest: '68000.00' });
    expect((await bid(rfq, '4850', '3800', vendor2)).body.data.rank).toBe(1);
    expect((await bid(rfq, '4850', '3800')).body.data).toMatchObject({ rank: 2, ownBest: '67500.00' });
  });

  it('refuses a bid not far enough below its own best, above the ceiling, unpriced or stale by the clock', async () => {
    const rfq = await openAuction();
    const high = await bid(rfq, '9000', '9000', vendor, en);
    expect(high.body).toMatchObject({
      code: 409,
      msg: 'A bid cannot be above the ceiling of 100000.00',
    });
    // Two identical first bids at once: one is taken, the other is not below it.
    const twice = await Promise.all([bid(rfq, '5000', '4000'), bid(rfq, '5000', '4000')]);
    expect(twice.map((r) => r.body.code).sort()).toEqual([0, 409]);
    const small = await bid(rfq, '4995', '4000', vendor, en);
    expect(small.body).toMatchObject({ code: 409, msg: 'A bid must be at least 100.00 below your own best' });
    expect((await bid(rfq, '5000', '4000')).body.code).toBe(409);
    // Another supplier's bid is not the measure: B may bid above A.
    expect((await bid(rfq, '6000', '4000', vendor2)).body.code).toBe(0);

    const unpriced = await t.post(
      A.bids(rfq.id),
      { lines: [{ rfqLineId: rfq.lines[0]?.id, unitPrice: '1' }] },
      vendor,
      en,
    );
    expect(unpriced.body).toMatchObject({
      code: 400,
      data: { fields: { lines: 'A bid prices every line' } },
    });
    const bad = await t.post(A.bids(rfq.id), { lines: [{ rfqLineId: 'x', unitPrice: '-1' }] }, vendor, en);
    expect(bad.body.code).toBe(400);
    expect(bad.body.data).toMatchObject({ fields: { 'lines.0.unitPrice': expect.any(String) } });
    const other = await openAuction();
    const foreignLine = await t.post(
      A.bids(rfq.id),
      { lines: [{ rfqLineId: other.lines[0]?.id, unitPrice: '1' }] },
      vendor,
    );
    expect(foreignLine.body.code).toBe(404);

    await sql`update po_rfq set deadline = now() - interval '1 second' where id = ${rfq.id}`.execute(t.db);
    const late = await bid(rfq, '4000', '3000', vendor, en);
    expect(late.body).toMatchObject({ code: 409, msg: 'The bidding has closed and takes no more bids' });
    expect((await board(rfq.id)).data).toMatchObject({ state: 'closed', seq: 2 });
  });

  it('extends the close on a late bid, and stands still while suspended', async () => {
    const rfq = await openAuction();
    await sql`update po_rfq set deadline = now() + interval '30 seconds' where id = ${rfq.id}`.execute(t.db);
    const before = Date.now();
    expect((await bid(rfq, '5000', '4000')).body.data.deadline).toBeGreaterThanOrEqual(before + 2 * 60_000);
    // Not late: the close stays.
    const far = await openAuction({ bidExtendMinutes: 0 });
    await sql`update po_rfq set deadline = now() + interval '30 seconds' where id = ${far.id}`.execute(t.db);
    const kept = (await board(far.id)).data.deadline;
    expect((await bid(far, '5000', '4000')).body.data.deadline).toBe(kept);

    const current = (await t.get<Rfq>(`${A.base}/${rfq.id}`, buyer)).body.data;
    const suspended = await t.post<Rfq>(A.suspendBid(rfq.id), { version: current.version }, buyer);
    expect(suspended.body.data).toMatchObject({ state: 'open', suspended: true });
    expect(suspended.body.data.actions).toContain('resumeBid');
    const refused = await bid(rfq, '4000', '3000', vendor, en);
    expect(refused.body).toMatchObject({ code: 409, msg: expect.stringContaining('suspended') });
    expect((await t.get<PortalRfq>(`${A.portal}/${rfq.id}`, vendor)).body.data.actions).toEqual([]);
    // The stored close passes while suspended: the round is still open, not closed by the clock.
    await sql`update po_rfq set deadline = now() - interval '1 hour' where id = ${rfq.id}`.execute(t.db);
    expect((await board(rfq.id)).data.state).toBe('suspended');
    // A stale version and a second suspend are refused.
    expect((await t.post(A.suspendBid(rfq.id), { version: current.version }, buyer)).body.code).toBe(409);
    const resumed = await t.post<Rfq>(A.resumeBid(rfq.id), { version: suspended.body.data.version }, buyer);
    expect(resumed.body.data).toMatchObject({ state: 'open', suspended: false });
    expect(resumed.body.data.deadline).toBeGreaterThan(Date.now() + 60_000);
    expect((await bid(rfq, '4000', '3000')).body.code).toBe(0);
    // Without the publishing button: 403.
    expect(
      (await t.post(A.suspendBid(rfq.id), { version: resumed.body.data.version }, nobody)).body.code,
    ).toBe(403);
  });

  it('takes 50 bids at once one by one: none lost, each below the one before, numbered in order', async () => {
    const rfq = await openAuction({ bidStep: '0', bidCeiling: null });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const token = i % 2 ? vendor2 : vendor;
        return bid(rfq, String(5000 - i), '4000', token);
      }),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.every((c) => c === 0 || c === 409)).toBe(true);
    const stored = await t.db
      .selectFrom('po_bid')
      .select(['seq', 'supplier_id', sql<string>`total::text`.as('total'), 'created_at'])
      .where('rfq_id', '=', rfq.id)
      .orderBy('seq')
      .execute();
    expect(stored.length).toBe(codes.filter((c) => c === 0).length);
    expect(stored.map((b) => b.seq)).toEqual(stored.map((_, i) => i + 1));
    // The server's time of each bid rises with its number.
    const times = stored.map((b) => new Date(b.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const supplier of [supplierA, supplierB]) {
      const totals = stored.filter((b) => String(b.supplier_id) === supplier).map((b) => Number(b.total));
      expect(totals.length).toBeGreaterThan(0);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(new Set(totals).size).toBe(totals.length);
    }
    expect((await board(rfq.id)).data.seq).toBe(stored.length);
  });

  it('closes into the comparison of the best bids and awards them into orders', async () => {
    const rfq = await openAuction();
    expect((await bid(rfq, '5000', '4000')).body.code).toBe(0);
    expect((await bid(rfq, '4800', '3900', vendor2)).body.code).toBe(0);
    expect((await bid(rfq, '4700', '3800')).body.code).toBe(0);
    const current = (await t.get<Rfq>(`${A.base}/${rfq.id}`, buyer)).body.data;
    expect((await t.post(A.close(rfq.id), { version: current.version }, buyer)).body.code).toBe(0);
    const compared = (await t.get<RfqComparison>(A.quotes(rfq.id), buyer)).body.data;
    expect(compared.quotes.map((q) => [q.supplierId, q.totalAmount, q.state])).toEqual([
      [supplierA, '66000.00', 'submitted'],
      [supplierB, '67500.00', 'submitted'],
    ]);
    const closed = (await t.get<Rfq>(`${A.base}/${rfq.id}`, buyer)).body.data;
    const awarded = await t.post<Rfq>(
      A.award(rfq.id),
      { version: closed.version, lines: closed.lines.map((l) => ({ lineId: l.id, supplierId: supplierA })) },
      buyer,
    );
    expect(awarded.body.data.state).toBe('awarded');
    const orders = (await t.get<Page<PurchaseOrder>>(`${PO.base}?keyword=`, buyer)).body.data.list;
    const order = orders.find((o) => o.id === awarded.body.data.orders[0]?.id);
    expect(order).toMatchObject({ totalAmount: '66000.00', state: 'draft' });
  });
});

describe('who may bid and watch', () => {
  it('keeps a sealed request, an uninvited supplier, staff and another tenant out', async () => {
    const rfq = await openAuction({ supplierIds: [supplierB] });
    expect((await bid(rfq, '5000', '4000')).body.code).toBe(404);
    expect((await rank(rfq.id)).code).toBe(404);
    expect((await bid(rfq, '5000', '4000', buyer)).body.code).toBe(403);
    expect((await t.get(A.board(rfq.id), vendor2)).body.code).toBe(403);
    expect((await t.get(A.board(rfq.id), nobody)).body.code).toBe(403);
    expect((await t.get(A.board(rfq.id), t2admin)).body.code).toBe(404);
    expect((await t.post(A.suspendBid(rfq.id), { version: rfq.version }, t2admin)).body.code).toBe(404);

    const sealed = await openAuction({ mode: 'sealed' });
    expect((await bid(sealed, '5000', '4000')).body.code).toBe(409);
    expect((await t.get(A.board(sealed.id), buyer)).body.code).toBe(409);
    // An auction takes no sealed quote.
    const quote = await t.put(
      A.quote(rfq.id),
      {
        version: null,
        submit: true,
        validUntil: '2027-06-30',
        lines: rfq.lines.map((l) => ({ rfqLineId: l.id, unitPrice: '1' })),
      },
      vendor2,
    );
    expect(quote.body.code).toBe(409);
    // A draft auction is not shown to its supplier.
    const draft = (await t.post<Rfq>(A.base, auction(), buyer)).body.data;
    expect((await rank(draft.id, vendor2)).code).toBe(404);
    const badMode = await t.post(A.base, auction({ mode: 'dutch', bidExtendMinutes: 99 }), buyer);
    expect(badMode.body.code).toBe(400);
    expect(Object.keys((badMode.body.data as { fields: object }).fields).sort()).toEqual([
      'bidExtendMinutes',
      'mode',
    ]);
  });

  it('pushes the board to staff and each supplier its own rank over the socket, until suspendBid', async () => {
    const rfq = await openAuction();
    const [staff, a, b, outsider] = await Promise.all([
      TestSocket.open(base, buyer),
      TestSocket.open(base, vendor),
      TestSocket.open(base, vendor2),
      TestSocket.open(base, t2admin),
    ]);
    try {
      staff.send({ method: 'openBid', token: buyer, bidId: rfq.id });
      a.send({ method: 'openBid', token: vendor, bidId: rfq.id });
      b.send({ method: 'openBid', token: vendor2, bidId: rfq.id });
      outsider.send({ method: 'openBid', token: t2admin, bidId: rfq.id, reqId: 'x' });
      expect((await staff.next('bidBoard')).seq).toBe(0);
      expect((await a.next('bidRank')).rank).toBeNull();
      await b.next('bidRank');
      expect(await outsider.next('error')).toMatchObject({ code: 404, reqId: 'x' });

      expect((await bid(rfq, '4900', '3900', vendor2)).body.code).toBe(0);
      const pushedA = await a.next('bidRank', (f) => f.seq === 1);
      expect(pushedA).toMatchObject({ rank: null, bidders: 1, ownBest: null });
      expect(JSON.stringify(a.all('bidRank'))).not.toContain('68500');
      expect(a.all('bidBoard')).toEqual([]);
      expect((await b.next('bidRank', (f) => f.seq === 1)).rank).toBe(1);
      const pushedBoard = await staff.next('bidBoard', (f) => f.seq === 1);
      expect(pushedBoard.ranking[0]).toMatchObject({ supplierId: supplierB, best: '68500.00' });

      a.send({ method: 'suspendBid', token: vendor, bidId: rfq.id });
      await settle();
      expect((await bid(rfq, '4800', '3800')).body.code).toBe(0);
      await staff.next('bidBoard', (f) => f.seq === 2);
      expect((await b.next('bidRank', (f) => f.seq === 2)).rank).toBe(2);
      await settle();
      expect(a.all('bidRank').some((f) => f.seq === 2)).toBe(false);
      // Suspending the round tells who watches.
      const current = (await t.get<Rfq>(`${A.base}/${rfq.id}`, buyer)).body.data;
      expect((await t.post(A.suspendBid(rfq.id), { version: current.version }, buyer)).body.code).toBe(0);
      await b.next('bidRank', (f) => f.state === 'suspended');
    } finally {
      for (const s of [staff, a, b, outsider]) s.close();
    }
  });
});
