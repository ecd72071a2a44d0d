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

describe('linkage rules and narrowed choices on the server', () => {
  const designed: RegisteredForm = {
    schema: {
      name: 'Design1',
      title: '样品申请',
      fields: [
        {
          name: 'kind',
          type: 'select',
          label: '类型',
          options: [
            { label: '免费', value: 'free' },
            { label: '付费', value: 'paid' },
          ],
        },
        { name: 'price', type: 'money', label: '价格' },
        { name: 'reason', type: 'input', label: '原因' },
        {
          name: 'province',
          type: 'select',
          label: '省',
          options: [
            { label: '浙江', value: 'zj' },
            { label: '江苏', value: 'js' },
          ],
        },
        {
          name: 'city',
          type: 'select',
          label: '市',
          optionFilter: { field: 'province' },
          options: [
            { label: '杭州', value: 'hz', parent: 'zj' },
            { label: '南京', value: 'nj', parent: 'js' },
          ],
        },
        {
          name: 'lines',
          type: 'table',
          label: '明细',
          columns: [
            { name: 'urgent', type: 'switch', label: '加急' },
            { name: 'why', type: 'input', label: '加急原因' },
          ],
        },
      ],
      linkage: [
        { when: [{ field: 'kind', op: 'eq', value: 'paid' }], effect: 'show', fields: ['price'] },
        { when: [{ field: 'kind', op: 'eq', value: 'paid' }], effect: 'require', fields: ['price'] },
        { when: [{ field: 'kind', op: 'eq', value: 'free' }], effect: 'disable', fields: ['reason'] },
        {
          when: [{ field: 'lines.urgent', op: 'eq', value: true }],
          effect: 'require',
          fields: ['lines.why'],
        },
      ],
    },
    compute: (data) => data,
  };
  const check = (input: Record<string, unknown>, stored: Record<string, unknown> = {}) =>
    checkForm(designed, input, stored, {}, 'en-US');

  it('asks for a field the rules require and drops one they hide', () => {
    expect(check({ kind: 'paid' }).fields.price).toBe('This field is required');
    const free = check({ kind: 'free', price: 99 });
    expect(free.fields).toEqual({});
    expect(free.data.price).toBeUndefined();
  });

  it('keeps the stored value of a field the rules make read-only', () => {
    expect(check({ kind: 'free', reason: 'typed' }, { reason: 'kept' }).data.reason).toBe('kept');
    expect(check({ kind: 'paid', price: 1, reason: 'typed' }, { reason: 'kept' }).data.reason).toBe('typed');
  });

  it('applies a rule on a column row by row', () => {
    const result = check({ kind: 'free', lines: [{ urgent: true }, { urgent: false }] });
    expect(result.fields).toEqual({ 'lines.0.why': 'This field is required' });
  });

  it('refuses a narrowed choice that is not under the other field', () => {
    expect(check({ kind: 'free', province: 'zj', city: 'hz' }).fields).toEqual({});
    expect(check({ kind: 'free', province: 'zj', city: 'nj' }).fields.city).toBeTruthy();
    expect(check({ kind: 'free', city: 'nj' }).fields.city).toBeTruthy();
  });
});
