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
