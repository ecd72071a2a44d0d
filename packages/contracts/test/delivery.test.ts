import { describe, expect, it } from 'vitest';
import {
  asnActions,
  asnSaveSchema,
  invoiceActions,
  invoiceableQuantity,
  invoiceSaveSchema,
  isOverdue,
  labelContent,
  matchLine,
  openQuantity,
  parseScan,
  receiptActions,
  receiptSaveSchema,
  receivedLineError,
} from '../src/index';

describe('ship notices and receipts', () => {
  it('moves a notice and a receipt only by their allowed actions', () => {
    expect(asnActions('draft')).toEqual(['edit', 'delete', 'send']);
    expect(asnActions('sent')).toEqual(['withdraw']);
    expect(asnActions('received')).toEqual([]);
    expect(receiptActions('draft')).toEqual(['edit', 'confirm']);
    expect(receiptActions('confirmed')).toEqual(['reverse']);
    expect(receiptActions('reversed')).toEqual([]);
  });

  it('counts the open quantity exactly and never below zero', () => {
    expect(openQuantity('10.0000', '3.3333')).toBe('6.6667');
    expect(openQuantity('0.3', '0.1')).toBe('0.2000');
    expect(openQuantity('5', '7')).toBe('0.0000');
  });

  it('calls a line overdue only past its date with quantity open', () => {
    expect(isOverdue('2027-01-10', '1.0000', '2027-01-11')).toBe(true);
    expect(isOverdue('2027-01-10', '0.0000', '2027-01-11')).toBe(false);
    expect(isOverdue('2027-01-11', '1.0000', '2027-01-11')).toBe(false);
  });

  it('refuses receiving more than was shipped, and takes a short delivery', () => {
    expect(receivedLineError('10', '8', '2')).toBeNull();
    expect(receivedLineError('10', '7', '1')).toBeNull();
    expect(receivedLineError('10', '9.0001', '1')).toBe('overReceived');
  });

  it('writes a label code that a scan reads back, and reads a typed notice number', () => {
    const code = labelContent('ASN202612060001', 2, 3, 5);
    expect(code).toBe('SRM1|ASN202612060001|2|3/5');
    expect(parseScan(code)).toEqual({ asnNo: 'ASN202612060001', lineNo: 2, pkg: 3, packages: 5 });
    expect(parseScan('  asn202612060001 ')).toEqual({
      asnNo: 'ASN202612060001',
      lineNo: null,
      pkg: null,
      packages: null,
    });
    expect(parseScan('SRM1|ASN1|1|6/5')).toBeNull();
    expect(parseScan("ASN1' or 1=1")).toBeNull();
    expect(parseScan('')).toBeNull();
  });

  it('validates a notice: packages, dates in order, each order line once, at most 1,000 labels', () => {
    const base = {
      orderId: '1',
      shipDate: '2027-01-01',
      expectedDate: '2027-01-02',
      lines: [{ orderLineId: '5', quantity: '2.5', packages: 2 }],
    };
    const ok = asnSaveSchema.safeParse(base);
    expect(ok.success && ok.data.lines[0]?.quantity).toBe('2.5000');
    const issue = (body: unknown) => asnSaveSchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ ...base, expectedDate: '2026-12-31' })).toBe('validation.asnExpectedBeforeShip');
    expect(issue({ ...base, lines: [{ ...base.lines[0], packages: 0 }] })).toBe('validation.asnPackages');
    expect(issue({ ...base, lines: [base.lines[0], base.lines[0]] })).toBe('validation.asnLineTwice');
    expect(
      issue({
        ...base,
        lines: [
          { orderLineId: '5', quantity: 1, packages: 500 },
          { orderLineId: '6', quantity: 1, packages: 500 },
          { orderLineId: '7', quantity: 1, packages: 1 },
        ],
      }),
    ).toBe('validation.asnLabels');
  });

  it('asks a reason for a rejected quantity at receipt', () => {
    const line = { asnLineId: '1', acceptedQuantity: '9', rejectedQuantity: '1' };
    expect(receiptSaveSchema.safeParse({ asnId: '1', lines: [line] }).error?.issues[0]?.path).toEqual([
      'lines',
      0,
      'rejectReason',
    ]);
    expect(
      receiptSaveSchema.safeParse({ asnId: '1', lines: [{ ...line, rejectReason: '破损' }] }).success,
    ).toBe(true);
    expect(
      receiptSaveSchema.safeParse({ asnId: '1', lines: [{ ...line, acceptedQuantity: '-1' }] }).success,
    ).toBe(false);
  });
});

describe('the three-way match', () => {
  const order = { invoiceable: '8.5', unitPrice: '5200' };
  it('matches the received quantity at the order price, within 1 % of the price by default', () => {
    expect(matchLine({ quantity: '8.5', unitPrice: '5200' }, order)).toEqual({
      quantityOk: true,
      priceOk: true,
    });
    expect(matchLine({ quantity: '8.5', unitPrice: '5252' }, order).priceOk).toBe(true);
    expect(matchLine({ quantity: '8.5', unitPrice: '5252.0001' }, order).priceOk).toBe(false);
    expect(matchLine({ quantity: '8.5', unitPrice: '5148' }, order).priceOk).toBe(true);
    expect(matchLine({ quantity: '8.5', unitPrice: '5147.9999' }, order).priceOk).toBe(false);
  });

  it('allows no more than what is left to invoice unless a quantity tolerance is set', () => {
    expect(matchLine({ quantity: '8.5001', unitPrice: '5200' }, order).quantityOk).toBe(false);
    expect(
      matchLine({ quantity: '8.9', unitPrice: '5200' }, order, { quantityPercent: 5, pricePercent: 1 })
        .quantityOk,
    ).toBe(true);
    expect(matchLine({ quantity: '1', unitPrice: '0' }, { invoiceable: '1', unitPrice: '0' }).priceOk).toBe(
      true,
    );
    expect(invoiceableQuantity('8.5', '10')).toBe('0.0000');
    expect(invoiceableQuantity('8.5', '2.25')).toBe('6.2500');
  });

  it('decides a matched or mismatched invoice once, and checks the invoice number', () => {
    expect(invoiceActions('mismatch')).toEqual(['approve', 'reject']);
    expect(invoiceActions('approved')).toEqual([]);
    expect(invoiceActions('rejected')).toEqual([]);
    const body = {
      orderId: '1',
      invoiceNo: 'FP-2027-001',
      invoiceDate: '2027-01-01',
      lines: [{ orderLineId: '2', quantity: '1', unitPrice: '5200' }],
    };
    expect(invoiceSaveSchema.safeParse(body).success).toBe(true);
    expect(invoiceSaveSchema.safeParse({ ...body, invoiceNo: 'FP 1' }).error?.issues[0]?.message).toBe(
      'validation.invoiceNo',
    );
  });
});
