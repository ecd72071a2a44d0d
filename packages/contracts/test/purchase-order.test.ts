import { describe, expect, it } from 'vitest';
import {
  answeredLineState,
  compareDecimals,
  decidedLineState,
  formatDecimal,
  formatQuantity,
  lineAmount,
  normalizeDecimal,
  poActions,
  poAnswerSchema,
  poSaveSchema,
  settledState,
  sumDecimals,
} from '../src/index';

describe('order amounts are exact decimals', () => {
  it('multiplies quantity by unit price to two places, half up, without float error', () => {
    expect(lineAmount('12.5', '4380.1234')).toBe('54751.54');
    expect(lineAmount('0.1', '0.2')).toBe('0.02');
    expect(lineAmount('3', '0.005')).toBe('0.02');
    expect(lineAmount('1', '0.0049')).toBe('0.00');
    expect(lineAmount('999999999999', '9999.9999')).toBe('9999999899990000.00');
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
  });

  it('normalises, compares and formats', () => {
    expect(normalizeDecimal('1.5', 4)).toBe('1.5000');
    expect(normalizeDecimal('1.23456', 4)).toBe('1.2346');
    expect(normalizeDecimal('abc', 2)).toBeNull();
    expect(compareDecimals('2', '10')).toBe(-1);
    expect(formatDecimal('1234567.5')).toBe('1,234,567.50');
    expect(formatQuantity('12.5000')).toBe('12.5');
    expect(formatQuantity('40.0000')).toBe('40');
  });
});

describe('the order’s states', () => {
  it('lets staff do by state only what the state allows', () => {
    expect(poActions('draft')).toEqual(['edit', 'delete', 'submit', 'cancel']);
    expect(poActions('approving')).toEqual([]);
    expect(poActions('acknowledged')).toContain('close');
    expect(poActions('released')).not.toContain('close');
    expect(poActions('closed')).toEqual([]);
  });

  it('is acknowledged when every line is accepted, else stays waiting', () => {
    expect(settledState('released', [{ state: 'accepted' }, { state: 'accepted' }])).toBe('acknowledged');
    expect(settledState('released', [{ state: 'accepted' }, { state: 'proposed' }])).toBe('released');
    expect(settledState('changed', [{ state: 'waiting' }])).toBe('changed');
    expect(settledState('acknowledged', [{ state: 'waiting' }])).toBe('changed');
    expect(settledState('draft', [{ state: 'accepted' }])).toBe('draft');
  });

  it('answers only waiting lines and decides only proposals', () => {
    expect(answeredLineState('waiting', 'propose')).toBe('proposed');
    expect(answeredLineState('accepted', 'reject')).toBeNull();
    expect(decidedLineState('proposed', false)).toBe('waiting');
    expect(decidedLineState('waiting', true)).toBeNull();
  });
});

describe('the order’s schemas', () => {
  const line = {
    materialName: '钢板',
    unit: '吨',
    quantity: '1',
    unitPrice: '2',
    deliveryDate: '2027-01-31',
  };
  it('refuses impossible dates, negative quantities and too many places', () => {
    const bad = poSaveSchema.safeParse({
      supplierId: '1',
      deliveryAddress: 'x',
      lines: [{ ...line, deliveryDate: '2027-02-30', quantity: '0', unitPrice: '1.00001' }],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['lines.0.deliveryDate', 'lines.0.quantity', 'lines.0.unitPrice']),
    );
    const good = poSaveSchema.parse({
      supplierId: '1',
      deliveryAddress: 'x',
      currency: 'usd',
      lines: [line],
    });
    expect(good.currency).toBe('USD');
    expect(good.lines[0]?.quantity).toBe('1.0000');
  });

  it('needs a reason to reject and a value to propose, and each line once', () => {
    const answer = (lines: unknown[]) => poAnswerSchema.safeParse({ version: 1, lines }).success;
    expect(answer([{ lineId: '1', answer: 'accept' }])).toBe(true);
    expect(answer([{ lineId: '1', answer: 'reject' }])).toBe(false);
    expect(answer([{ lineId: '1', answer: 'propose', reason: 'x' }])).toBe(false);
    expect(answer([{ lineId: '1', answer: 'propose', reason: 'x', quantity: '2' }])).toBe(true);
    expect(
      answer([
        { lineId: '1', answer: 'accept' },
        { lineId: '1', answer: 'accept' },
      ]),
    ).toBe(false);
  });
});
