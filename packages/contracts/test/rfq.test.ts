import { describe, expect, it } from 'vitest';
import {
  awardTotal,
  bidPlaceSchema,
  bidRefusal,
  effectiveRfqState,
  extendedDeadline,
  lowestByLine,
  quoteActions,
  quoteSaveSchema,
  quoteTotal,
  rankStandings,
  rfqActions,
  rfqAwardSchema,
  rfqSaveSchema,
} from '../src/procurement/rfq';

describe('request for quotation states', () => {
  it('closes an open request at its deadline by the clock given, and no other state', () => {
    expect(effectiveRfqState('open', 1000, 999)).toBe('open');
    expect(effectiveRfqState('open', 1000, 1000)).toBe('closed');
    expect(effectiveRfqState('draft', 1000, 5000)).toBe('draft');
    expect(effectiveRfqState('awarded', 1000, 5000)).toBe('awarded');
  });

  it('allows staff by state, and nothing while an award is in approval', () => {
    expect(rfqActions('draft')).toEqual(['edit', 'delete', 'publish', 'cancel']);
    expect(rfqActions('open')).toEqual(['close', 'cancel']);
    expect(rfqActions('closed')).toEqual(['newRound', 'award', 'cancel']);
    expect(rfqActions('closed', true)).toEqual([]);
    expect(rfqActions('awarded')).toEqual([]);
  });

  it('lets a supplier quote only while open, and withdraw only what it submitted', () => {
    expect(quoteActions('open', null)).toEqual(['save', 'submit']);
    expect(quoteActions('open', 'withdrawn')).toEqual(['save', 'submit']);
    expect(quoteActions('open', 'submitted')).toEqual(['withdraw']);
    expect(quoteActions('closed', 'draft')).toEqual([]);
  });
});

describe('comparing quotes', () => {
  it('finds the lowest price of each line, with every supplier on a tie, skipping unquoted lines', () => {
    const lowest = lowestByLine([
      {
        supplierId: 'a',
        lines: [
          { rfqLineId: '1', unitPrice: '10.5000' },
          { rfqLineId: '2', unitPrice: null },
        ],
      },
      {
        supplierId: 'b',
        lines: [
          { rfqLineId: '1', unitPrice: '10.5' },
          { rfqLineId: '2', unitPrice: '3' },
        ],
      },
      {
        supplierId: 'c',
        lines: [
          { rfqLineId: '1', unitPrice: '11' },
          { rfqLineId: '2', unitPrice: '2.9999' },
        ],
      },
    ]);
    expect(lowest.get('1')).toEqual({ unitPrice: '10.5000', supplierIds: ['a', 'b'] });
    expect(lowest.get('2')).toEqual({ unitPrice: '2.9999', supplierIds: ['c'] });
  });

  it('totals a quote and an award exactly', () => {
    expect(
      quoteTotal([
        { quantity: '10', unitPrice: '4250.5' },
        { quantity: '40', unitPrice: '12.3456' },
        { quantity: '3', unitPrice: null },
      ]),
    ).toBe('42998.82');
    expect(
      awardTotal([
        { quantity: '0.1', unitPrice: '0.1' },
        { quantity: '0.2', unitPrice: '0.1' },
      ]),
    ).toBe('0.03');
  });
});

describe('schemas', () => {
  const line = { materialName: '钢板', unit: '吨', quantity: '1', deliveryDate: '2027-01-01' };
  it('asks a request for suppliers and lines, once each', () => {
    const bad = rfqSaveSchema.safeParse({
      title: 'x',
      deadline: 1,
      deliveryAddress: 'x',
      supplierIds: [],
      lines: [],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['supplierIds', 'validation.rfqSuppliersRequired'],
      ['lines', 'validation.poLinesRequired'],
    ]);
    const twice = rfqSaveSchema.safeParse({
      title: 'x',
      deadline: 1,
      deliveryAddress: 'x',
      supplierIds: ['1', '1'],
      lines: [line],
    });
    expect(twice.success).toBe(false);
    expect(rfqAwardSchema.safeParse({ version: 0, lines: [] }).error?.issues[0]?.message).toBe(
      'validation.rfqAwardRequired',
    );
  });

  it('takes a quote’s prices with four places at most, each line once', () => {
    const quote = (lines: unknown[]) =>
      quoteSaveSchema.safeParse({ version: null, submit: true, validUntil: '2027-01-01', lines });
    const ok = quote([
      { rfqLineId: '1', unitPrice: 12.5 },
      { rfqLineId: '2', unitPrice: null },
    ]);
    expect(ok.data?.lines.map((l) => l.unitPrice)).toEqual(['12.5000', null]);
    expect(quote([{ rfqLineId: '1', unitPrice: '1.00001' }]).success).toBe(false);
    expect(
      quote([
        { rfqLineId: '1', unitPrice: '1' },
        { rfqLineId: '1', unitPrice: '2' },
      ]).success,
    ).toBe(false);
  });
});

describe('live bidding', () => {
  it('takes a bid only below the supplier’s own best by the step, and never above the ceiling', () => {
    expect(bidRefusal('1000.00', null, '0', null)).toBeNull();
    expect(bidRefusal('1000.00', null, '0', '900')).toBe('aboveCeiling');
    expect(bidRefusal('900.00', null, '0', '900')).toBeNull();
    expect(bidRefusal('999.99', '1000.00', '0', null)).toBeNull();
    expect(bidRefusal('1000.00', '1000.00', '0', null)).toBe('notLower');
    expect(bidRefusal('1001', '1000', '0', null)).toBe('notLower');
    expect(bidRefusal('950.01', '1000', '50', null)).toBe('notLower');
    expect(bidRefusal('950', '1000', '50', null)).toBeNull();
  });

  it('extends the close only for a bid within the last minutes, never earlier', () => {
    const close = 1_000_000;
    expect(extendedDeadline(close, close - 200_000, 120_000)).toBe(close);
    expect(extendedDeadline(close, close - 30_000, 120_000)).toBe(close + 90_000);
    expect(extendedDeadline(close, close - 30_000, 0)).toBe(close);
  });

  it('ranks the lowest first and, on equal totals, who bid it first', () => {
    const ranked = rankStandings([
      { supplierId: '1', best: '500.00', bestAt: 20, bids: 2 },
      { supplierId: '2', best: '480.50', bestAt: 30, bids: 1 },
      { supplierId: '3', best: '500.00', bestAt: 10, bids: 4 },
    ]);
    expect(ranked.map((r) => [r.supplierId, r.rank])).toEqual([
      ['2', 1],
      ['3', 2],
      ['1', 3],
    ]);
  });

  it('keeps a suspended round open past its close, and lets an auction only bid', () => {
    expect(effectiveRfqState('open', 100, 200)).toBe('closed');
    expect(effectiveRfqState('open', 100, 200, true)).toBe('open');
    const live = { mode: 'auction' as const, suspended: false };
    expect(quoteActions('open', null, live)).toEqual(['bid']);
    expect(quoteActions('open', 'submitted', { ...live, suspended: true })).toEqual([]);
    expect(quoteActions('closed', null, live)).toEqual([]);
    expect(rfqActions('open', false, live)).toEqual(['close', 'cancel', 'suspendBid']);
    expect(rfqActions('open', false, { ...live, suspended: true })).toContain('resumeBid');
    expect(rfqActions('open', false)).toEqual(['close', 'cancel']);
  });
});

describe('bid and auction schemas', () => {
  it('defaults a request to sealed, and bounds the auction’s rules', () => {
    const base = {
      title: 't',
      deadline: 1,
      deliveryAddress: 'a',
      supplierIds: ['1'],
      lines: [{ materialName: 'm', unit: 'u', quantity: '1', deliveryDate: '2027-01-01' }],
    };
    expect(rfqSaveSchema.parse(base)).toMatchObject({ mode: 'sealed', bidStep: '0', bidCeiling: null });
    expect(rfqSaveSchema.safeParse({ ...base, bidStep: '1.005' }).success).toBe(false);
    expect(rfqSaveSchema.safeParse({ ...base, bidExtendMinutes: 31 }).success).toBe(false);
    expect(bidPlaceSchema.safeParse({ lines: [] }).success).toBe(false);
    expect(
      bidPlaceSchema.safeParse({
        lines: [
          { rfqLineId: '1', unitPrice: '2' },
          { rfqLineId: '1', unitPrice: '3' },
        ],
      }).success,
    ).toBe(false);
  });
});
