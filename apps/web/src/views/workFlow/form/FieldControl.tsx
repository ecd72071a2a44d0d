import { type FormField, type Locale, optionLabel } from '@srm/contracts/core';
import { Checkbox, DatePicker, type FormItemProps, Input, InputNumber, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { DictSelect } from '../../../components/dict';
import { OrgTreeSelect } from '../../../components/org';
import { UserSelect } from '../../../components/user';
import { AttachmentsInput } from './Attachments';
import type { FormLabels } from './FieldValue';
import { ReferenceSelect } from './ReferenceSelect';
import { SupplierSelect } from './SupplierSelect';

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

/** A date kept as the schema's text (`2026-12-31`) while the picker works on dayjs values. */
const dateItem = (format: string): Partial<FormItemProps> => ({
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.format(format) : undefined),
});
/** A date range kept as two texts; an end left open (the picker allows it) is '' until filled. */
const rangeItem: Partial<FormItemProps> = {
  getValueProps: (v: unknown) => ({
    value:
      Array.isArray(v) && v.length === 2
        ? v.map((end) => (typeof end === 'string' && end ? dayjs(end) : null))
        : undefined,
  }),
  normalize: (d: [Dayjs | null, Dayjs | null] | null) =>
    d && (d[0] || d[1]) ? [d[0]?.format(DATE) ?? '', d[1]?.format(DATE) ?? ''] : undefined,
};

/** The names of the users (or departments) the form holds, by id (`user:{id}` → `{id}`). */
function knownOf(labels: FormLabels, kind: 'user' | 'dept'): Record<string, string> {
  const prefix = `${kind}:`;
  return Object.fromEntries(
    Object.entries(labels)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

/**
 * The control that edits a field of the form schema, with what its Form.Item needs besides
 * (date fields convert between the stored text and the picker's value). `testId` names it for tests.
 */
export function fieldControl(
  field: FormField,
  ctx: { labels: FormLabels; locale: Locale; testId: string; placeholder: string; ariaLabel?: string },
): { control: ReactNode; item: Partial<FormItemProps> } {
  // A cell of a line table has no visible label of its own: the column and line name it.
  const common = { 'data-testid': ctx.testId, ...(ctx.ariaLabel ? { 'aria-label': ctx.ariaLabel } : {}) };
  const picker = { 'data-testid': ctx.testId };
  const width = { width: '100%' };
  const options = field.options?.map((o) => ({ label: optionLabel(o, ctx.locale), value: o.value })) ?? [];
  switch (field.type) {
    case 'textarea':
      return {
        control: (
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={field.maxLength}
            showCount={!!field.maxLength}
            {...common}
          />
        ),
        item: {},
      };
    case 'number':
    case 'money':
      return {
        control: (
          <InputNumber
            min={field.min}
            max={field.max}
            precision={field.precision}
            style={width}
            {...common}
          />
        ),
        item: {},
      };
    case 'date':
      return {
        control: (
          <DatePicker
            style={width}
            // A needed-by date: days already past are not offered (the server refuses them too).
            {...(field.notBefore === 'today'
              ? { disabledDate: (day: Dayjs) => day.isBefore(dayjs().startOf('day')) }
              : {})}
            {...common}
          />
        ),
        item: dateItem(DATE),
      };
    case 'datetime':
      return { control: <DatePicker showTime style={width} {...common} />, item: dateItem(DATETIME) };
    case 'dateRange':
      return { control: <DateRangePicker style={width} {...common} />, item: rangeItem };
    case 'select':
      return {
        control: field.dictionary ? (
          <DictSelect typeCode={field.dictionary} placeholder={ctx.placeholder} {...common} />
        ) : (
          <Select
            mode={field.multiple ? 'multiple' : undefined}
            options={options}
            placeholder={ctx.placeholder}
            {...common}
          />
        ),
        item: {},
      };
    case 'radio':
      return { control: <Radio.Group options={options} {...common} />, item: {} };
    case 'checkbox':
      return { control: <Checkbox.Group options={options} {...common} />, item: {} };
    case 'switch':
      return { control: <Switch {...common} />, item: { valuePropName: 'checked' } };
    case 'user': {
      const known = knownOf(ctx.labels, 'user');
      return {
        control: field.multiple ? (
          <UserSelect multiple knownLabels={known} {...picker} />
        ) : (
          <UserSelect knownLabels={known} {...picker} />
        ),
        item: {},
      };
    }
    case 'dept':
      return {
        control: (
          <OrgTreeSelect
            placeholder={ctx.placeholder}
            knownLabels={knownOf(ctx.labels, 'dept')}
            {...picker}
          />
        ),
        item: {},
      };
    case 'supplier':
      return { control: <SupplierSelect multiple={field.multiple} {...common} />, item: {} };
    case 'reference':
      return { control: <ReferenceSelect field={field.name} {...common} />, item: {} };
    case 'upload':
      return { control: <AttachmentsInput />, item: {} };
    default:
      return { control: <Input maxLength={field.maxLength} allowClear {...common} />, item: {} };
  }
}
