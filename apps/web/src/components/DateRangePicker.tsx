import { DatePicker } from 'antd';
import type { ComponentProps } from 'react';

type Props = ComponentProps<typeof DatePicker.RangePicker>;

/**
 * antd's range picker that a keyboard can pass through. rc-picker lets focus leave an empty field
 * for the other one only when `allowEmpty` allows that field to be empty; otherwise it puts focus
 * back, so Tab from an empty start field never got past it (a keyboard trap, WCAG 2.1.2). Each end
 * may be left empty here: a filter takes an open end as "no bound", and a form that needs both
 * ends says so in its rules.
 */
export function DateRangePicker(props: Props) {
  return <DatePicker.RangePicker allowEmpty={[true, true]} {...props} />;
}
