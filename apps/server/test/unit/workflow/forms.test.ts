import { describe, expect, it } from 'vitest';
import { checkForm, type RegisteredForm } from '../../../src/workflow/forms';

// A form with one date-range field, as the designer can make one: two 'YYYY-MM-DD' texts.
const form = (required: boolean): RegisteredForm => ({
  schema: {
    name: 'Trip',
    title: '出差',
    fields: [{ name: 'period', type: 'dateRange', label: '期间', required }],
  },
  compute: (data) => data,
});
const problem = (value: unknown, required = true) =>
  checkForm(form(required), { period: value }, {}, {}, 'en-US').fields.period;

describe('a date-range field', () => {
  it('takes two dates in order, the same day included', () => {
    expect(problem(['2026-12-01', '2026-12-03'])).toBeUndefined();
    expect(problem(['2026-12-01', '2026-12-01'])).toBeUndefined();
  });

  it('names an end left open, ends in the wrong order, and anything that is not two dates', () => {
    expect(problem(['2026-12-01', ''])).toBe('Enter both the start and the end');
    expect(problem(['', '2026-12-01'])).toBe('Enter both the start and the end');
    expect(problem(['2026-12-03', '2026-12-01'])).toBe('The end cannot be before the start');
    expect(problem(['2026-12-01'])).toBe('Invalid value');
    expect(problem(['2026-12-01', 5])).toBe('Invalid value');
    expect(problem(['2026-13-45', '2026-12-01'])).toBe('Invalid value');
    expect(problem('2026-12-01')).toBe('Invalid value');
  });

  it('both ends open is no value: required says so, optional lets it be', () => {
    expect(problem(['', ''])).toBe('This field is required');
    expect(problem(['', ''], false)).toBeUndefined();
    expect(problem(undefined)).toBe('This field is required');
  });
});

describe('a needed-by date (notBefore today)', () => {
  const neededBy: RegisteredForm = {
    schema: {
      name: 'Need',
      title: '需求',
      fields: [{ name: 'neededBy', type: 'date', label: '需求日期', notBefore: 'today' }],
    },
    compute: (data) => data,
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const check = (value: string, stored: Record<string, unknown> = {}) =>
    checkForm(neededBy, { neededBy: value }, stored, {}, 'en-US').fields.neededBy;

  it('takes today and later days, refuses a day already past everywhere', () => {
    expect(check(day(0))).toBeUndefined();
    expect(check(day(30))).toBeUndefined();
    expect(check(day(-2))).toBe('The date cannot be in the past');
    expect(check('2020-01-01')).toBe('The date cannot be in the past');
  });

  it('keeps a past day that is already stored (an approver passing the task on is not made to change it)', () => {
    expect(check('2020-01-01', { neededBy: '2020-01-01' })).toBeUndefined();
    expect(check('2020-01-02', { neededBy: '2020-01-01' })).toBe('The date cannot be in the past');
  });
});
