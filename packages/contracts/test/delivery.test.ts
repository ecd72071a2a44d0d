import { describe, expect, it } from 'vitest';
import {
  asnActions,
  asnSaveSchema,
  isOverdue,
  labelContent,
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
