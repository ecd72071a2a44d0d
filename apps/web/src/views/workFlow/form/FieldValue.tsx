import { type FormField, type Locale, optionLabel } from '@srm/contracts/core';
import { Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict';
import { AttachmentLinks } from './Attachments';
import { computeRow, fieldLabel, formatNumber } from './formValues';
import { ReferenceName } from './ReferenceSelect';
import { SupplierNames } from './SupplierSelect';

/** Names of the users and departments a form holds (`user:{id}`, `dept:{id}`), from the task page. */
export type FormLabels = Readonly<Record<string, string>>;

const text = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));

/** A field's value as text for reading (a read-only or hidden-to-edit field, a table cell). */
export function FieldValue({
  field,
  value,
  labels,
  locale,
}: {
  field: FormField;
  value: unknown;
  labels: FormLabels;
  locale: Locale;
}) {
  const { t } = useTranslation('flowTask');
  const ids = Array.isArray(value) ? (value as unknown[]) : value ? [value] : [];
  switch (field.type) {
    case 'user':
    case 'dept':
      return (
        <span>{ids.map((id) => labels[`${field.type}:${String(id)}`] ?? String(id)).join('、') || '-'}</span>
      );
    case 'supplier':
      return <SupplierNames value={value} />;
    case 'reference':
      return <ReferenceName field={field.name} value={value} label={labels[`reference:${String(value)}`]} />;
    case 'number':
    case 'money':
      return <span>{formatNumber(value, field.precision, locale) || '-'}</span>;
    case 'switch':
      return <span>{value === true ? t('form.yes') : value === false ? t('form.no') : '-'}</span>;
    case 'select':
    case 'radio':
    case 'checkbox': {
      // One tag per chosen item (several for a multiple choice such as the supply categories).
      if (field.dictionary)
        return ids.length === 0 ? (
          <span>-</span>
        ) : (
          <Space size={[0, 4]} wrap>
            {ids.map((v) => (
              <DictTag key={String(v)} typeCode={field.dictionary as string} value={String(v)} />
            ))}
          </Space>
        );
      const named = ids.map((v) => {
        const option = field.options?.find((o) => o.value === v);
        return option ? optionLabel(option, locale) : String(v);
      });
      return <span>{named.join('、') || '-'}</span>;
    }
    case 'dateRange':
      return <span>{ids.map(text).join(' ~ ') || '-'}</span>;
    case 'upload':
      return <AttachmentLinks value={value} />;
    case 'table':
      return <LinesView field={field} value={value} labels={labels} locale={locale} />;
    default:
      return <span className="flow-form-text">{text(value)}</span>;
  }
}

/** A table field's rows, read-only. */
function LinesView({
  field,
  value,
  labels,
  locale,
}: {
  field: FormField;
  value: unknown;
  labels: FormLabels;
  locale: Locale;
}) {
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      columns={(field.columns ?? []).map((column) => ({
        key: column.name,
        title: fieldLabel(column, locale),
        align: column.type === 'number' || column.type === 'money' ? ('right' as const) : undefined,
        render: (_: unknown, row: Record<string, unknown>) => (
          <FieldValue
            field={column}
            value={row[column.name] ?? computeRow(column, row)}
            labels={labels}
            locale={locale}
          />
        ),
      }))}
    />
  );
}
