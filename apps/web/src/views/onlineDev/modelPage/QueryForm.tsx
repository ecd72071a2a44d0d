import type { ListQueryField, ModelPageField, ModelPageQueryValue } from '@srm/contracts/core';
import { DatePicker, Form, type FormItemProps, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { useDict, walkDict } from '../../../components/dict';
import { ResetButton, SearchButton } from '../../../components/listActions';
import { OrgTreeSelect } from '../../../components/org';
import { UserSelect } from '../../../components/user';
import { useAppStore } from '../../../store/settings';
import { SupplierSelect } from '../../workFlow/form/SupplierSelect';
import { buildQuery, fieldTitle } from './modelPageColumns';

const DAY = 'YYYY-MM-DD';

/** A day kept as its text (`2026-12-31`) while the picker works on dayjs values. */
const dayItem: Partial<FormItemProps> = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.format(DAY) : undefined),
};

/**
 * A range of days kept as two texts, an open end as null (for a datetime field the server takes "to
 * the 31st" as the whole of the 31st).
 */
const rangeItem: Partial<FormItemProps> = {
  getValueProps: (v: unknown) => ({
    value: Array.isArray(v)
      ? v.map((end) => (typeof end === 'string' && end ? dayjs(end) : null))
      : undefined,
  }),
  normalize: (d: [Dayjs | null, Dayjs | null] | null) =>
    d && (d[0] || d[1]) ? [d[0]?.format(DAY) ?? null, d[1]?.format(DAY) ?? null] : undefined,
};

/** A dictionary's enabled items as options, one or several chosen. */
function DictChoice({
  typeCode,
  multiple,
  ...rest
}: {
  typeCode: string;
  multiple: boolean;
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  id?: string;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const { dict, loading } = useDict(typeCode);
  const options = useMemo(
    () =>
      dict
        ? [...walkDict(dict.dictionaryList)]
            .filter((node) => node.enabled)
            .map((node) => ({ value: node.enCode, label: node.fullName }))
        : [],
    [dict],
  );
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      loading={loading}
      options={options}
      {...rest}
    />
  );
}

/** Two numbers, from and to, under the field's name as `[from, to]`. */
function NumberRange({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('modelPage');
  return (
    <Space.Compact>
      <Form.Item name={[name, 0]} noStyle>
        <InputNumber aria-label={t('query.from', { name: label })} data-testid={`mp-query-${name}-from`} />
      </Form.Item>
      <Form.Item name={[name, 1]} noStyle>
        <InputNumber aria-label={t('query.to', { name: label })} data-testid={`mp-query-${name}-to`} />
      </Form.Item>
    </Space.Compact>
  );
}

/** The query widget of one designed query field, as its kind and operator take a value. */
function QueryItem({
  query,
  field,
  label,
}: {
  query: ListQueryField;
  field: ModelPageField | undefined;
  label: string;
}) {
  const { t } = useTranslation('modelPage');
  const name = query.field;
  const testId = `mp-query-${name}`;
  const kind = field?.kind;
  const many = query.op === 'in';
  const choose = t('query.choose');
  let control: ReactNode;
  let item: Partial<FormItemProps> = {};
  if (query.op === 'between') {
    if (kind === 'date' || kind === 'datetime') {
      control = <DateRangePicker style={{ width: 260 }} data-testid={testId} />;
      item = rangeItem;
    } else {
      return (
        <Form.Item label={label}>
          <NumberRange name={name} label={label} />
        </Form.Item>
      );
    }
  } else if ((kind === 'select' || kind === 'multiSelect') && field?.dictType) {
    control = (
      <DictChoice typeCode={field.dictType} multiple={many} placeholder={choose} data-testid={testId} />
    );
  } else if (kind === 'boolean') {
    control = (
      <Select
        allowClear
        placeholder={choose}
        options={[
          { value: true, label: t('yes') },
          { value: false, label: t('no') },
        ]}
        data-testid={testId}
      />
    );
  } else if (kind === 'date' && query.op === 'eq') {
    control = <DatePicker data-testid={testId} />;
    item = dayItem;
  } else if (kind === 'integer' || kind === 'decimal' || kind === 'money') {
    control = <InputNumber data-testid={testId} />;
  } else if (kind === 'user') {
    control = many ? <UserSelect multiple data-testid={testId} /> : <UserSelect data-testid={testId} />;
  } else if (kind === 'department') {
    // One department (an `in` takes it as a list of one).
    control = <OrgTreeSelect placeholder={choose} data-testid={testId} />;
  } else if (kind === 'supplier') {
    control = <SupplierSelect multiple={many} data-testid={testId} />;
  } else if (many) {
    control = (
      <Select mode="tags" open={false} suffixIcon={null} placeholder={t('query.tags')} data-testid={testId} />
    );
  } else {
    control = (
      <Input
        allowClear
        maxLength={200}
        placeholder={query.op === 'like' ? t('query.contains') : undefined}
        data-testid={testId}
      />
    );
  }
  return (
    <Form.Item name={name} label={label} {...item}>
      {control}
    </Form.Item>
  );
}

/**
 * The designed query fields in a row that wraps, with search and reset (and the page's buttons
 * after them). Searching hands the `/List` query on; a reset clears the fields and searches again.
 */
export function QueryForm({
  queryFields,
  fields,
  onSearch,
  actions,
}: {
  queryFields: readonly ListQueryField[];
  fields: readonly ModelPageField[];
  onSearch: (query: Record<string, ModelPageQueryValue> | undefined) => void;
  actions?: ReactNode;
}) {
  const language = useAppStore((s) => s.language);
  const [form] = Form.useForm<Record<string, unknown>>();
  const byCode = new Map(fields.map((f) => [f.code, f]));
  return (
    <Form
      form={form}
      layout="inline"
      className="mp-query"
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(values) => onSearch(buildQuery(values, queryFields))}
      data-testid="mp-query"
    >
      {queryFields.map((query) => (
        <QueryItem
          key={query.field}
          query={query}
          field={byCode.get(query.field)}
          label={fieldTitle(byCode.get(query.field), query.field, language)}
        />
      ))}
      <Form.Item>
        <Space wrap>
          {queryFields.length > 0 && (
            <>
              <SearchButton prefix="mp" />
              <ResetButton
                prefix="mp"
                onClick={() => {
                  form.resetFields();
                  onSearch(undefined);
                }}
              />
            </>
          )}
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}
