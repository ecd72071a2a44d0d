import { computeField } from '@srm/contracts/core';
import { FLOW_FORMS } from '@srm/contracts/forms';
import { act, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { flowFormSuite, renderFlowForm } from './flowFormHost';

// The leave form works out its days from the dates and halves as the user picks them (issue 36
// §8, the §5 duration rule: half days); the server checks the same figure (flow-task.test.ts).
const LEAVE_APPLY_FORM = FLOW_FORMS.LeaveApply;
const DAYS = LEAVE_APPLY_FORM.fields.find((f) => f.name === 'days');

const setup = (values: Record<string, unknown>) =>
  renderFlowForm({ schema: LEAVE_APPLY_FORM, initialValues: values });

describe('the leave form’s days', () => {
  flowFormSuite();

  it('are computed in half days from the dates and halves, a picked date object as a day', () => {
    expect(DAYS?.computed).toBe('leaveDays(startDate, startHalf, endDate, endHalf)');
    const days = (values: Record<string, unknown>) =>
      computeField(DAYS!, LEAVE_APPLY_FORM.fields, { startHalf: 'am', endHalf: 'pm', ...values });
    expect(days({ startDate: '2030-01-07', endDate: '2030-01-07' })).toBe(1);
    expect(days({ startDate: '2030-01-07', endDate: '2030-01-09' })).toBe(3);
    expect(days({ startDate: '2030-01-07', endDate: '2030-01-09', startHalf: 'pm' })).toBe(2.5);
    expect(days({ startDate: '2030-01-07', endDate: '2030-01-09', startHalf: 'pm', endHalf: 'am' })).toBe(2);
    expect(days({ startDate: '2030-01-07', endDate: '2030-01-07', endHalf: 'am' })).toBe(0.5);
    // Across a month's end, and a date the picker holds as a date object.
    expect(days({ startDate: dayjs('2030-01-30'), endDate: dayjs('2030-02-02') })).toBe(4);
    // Nothing while a date is missing, or when the end comes before the start.
    expect(days({ startDate: '2030-01-07' })).toBeUndefined();
    expect(days({ startDate: '2030-01-09', endDate: '2030-01-07' })).toBeUndefined();
    expect(days({ startDate: '2030-01-07', endDate: '2030-01-07', startHalf: 'pm', endHalf: 'am' })).toBe(
      undefined,
    );
  });

  it('follow the dates and halves live on the launch form', async () => {
    const form = setup({ startHalf: 'am', endHalf: 'pm' });
    // The figure, beside its label (one decimal, the field's precision).
    const shown = () =>
      screen.getByTestId('f-days').querySelector('.ant-form-item-control')?.textContent?.trim() ?? '';
    expect(shown()).toBe('-');
    act(() => form.setFieldsValue({ startDate: '2030-01-07', endDate: '2030-01-09' }));
    await waitFor(() => expect(shown()).toBe('3.0'));
    act(() => form.setFieldValue('startHalf', 'pm'));
    await waitFor(() => expect(shown()).toBe('2.5'));
    act(() => form.setFieldValue('endHalf', 'am'));
    await waitFor(() => expect(shown()).toBe('2.0'));
    // The end before the start: no figure.
    act(() => form.setFieldValue('endDate', '2030-01-06'));
    await waitFor(() => expect(shown()).toBe('-'));
  });
});
