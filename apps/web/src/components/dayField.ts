import type { FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A date as the server takes it. */
export const DAY = 'YYYY-MM-DD';

/**
 * A `Form.Item`'s props for a DatePicker whose form value is the date's text (`2027-01-31`), as
 * the schemas take it, not a Dayjs object.
 */
export const dayItem: Partial<FormItemProps> = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.format(DAY) : undefined),
};
