import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  type DataModelFieldKind,
  type DataModelSummary,
  DM_DECIMAL_PRECISION_MAX,
  DM_FIELD_KINDS,
  DM_NAME_MAX,
  DM_TEXT_LENGTH_MAX,
  validationMessage,
} from '@srm/contracts/core';
import { Button, Checkbox, DatePicker, Form, type FormInstance, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCacheStore } from '../../../store/cache';
import { useAppStore } from '../../../store/settings';
import {
  codeRules,
  type FieldRow,
  kindHas,
  type ModelFormValues,
  modelName,
  newField,
  sizesOf,
} from './model-form';
import { type ListRow, RowsGrid } from './RowsGrid';

/** The tenant's dictionary types (both scopes, as the start-up loads them) with their items. */
function useDictTypes() {
  const sys = useCacheStore((s) => s.sysDists);
  const base = useCacheStore((s) => s.baseDists);
  return useMemo(() => [...sys, ...base], [sys, base]);
}

/**
 * The model's fields as a grid, one row a column of the table (JeecgBoot's "数据库属性"): code, the
 * three names, the kind and what the kind takes (length, digits, dictionary, model), required,
 * unique and a default typed as the kind reads. Rows move up and down; every cell is labelled with
 * its row for a screen reader and reached with Tab.
 */
export function FieldGrid({
  form,
  disabled,
  models,
  selfCode,
}: {
  form: FormInstance<ModelFormValues>;
  disabled: boolean;
  models: DataModelSummary[];
  selfCode: string;
}) {
  const { t } = useTranslation('dataModel');
  const language = useAppStore((s) => s.language);
  const dicts = useDictTypes();
  const rows = (Form.useWatch('fields', form) ?? []) as FieldRow[];
  const msg = (key: string) => validationMessage(key, language);
  const required: Rule = { required: true, message: msg('validation.required') };
  const label = (n: number, what: string) => t('field.row', { n: n + 1, what });
  const kindOptions = DM_FIELD_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }));
  const dictOptions = dicts.map((d) => ({ value: d.distCode, label: `${d.distName} (${d.distCode})` }));
  const modelOptions = (kind: DataModelFieldKind) =>
    models
      .filter((m) => (kind === 'lines' ? m.isLines && m.code !== selfCode : true))
      .map((m) => ({ value: m.code, label: `${modelName(language, m.names)} (${m.code})` }));
  const none = <span aria-hidden>{t('field.none')}</span>;

  const onKind = (name: number, kind: DataModelFieldKind) => {
    const row = form.getFieldValue(['fields', name]) as FieldRow;
    const has = kindHas(kind);
    form.setFieldValue(['fields', name], {
      ...row,
      kind,
      ...sizesOf(kind),
      defaultValue: null,
      dictType: null,
      model: null,
      required: has.required ? row.required : false,
      unique: has.unique ? row.unique : false,
    });
  };

  const defaultInput = (row: ListRow, field: FieldRow | undefined) => {
    const kind = field?.kind ?? 'text';
    const props = { 'aria-label': label(row.name, t('field.default')), disabled };
    const testId = `dm-field-${row.name}-default`;
    const item = (child: ReactNode, extra: object = {}) => (
      <Form.Item name={[row.name, 'defaultValue']} style={{ margin: 0 }} {...extra}>
        {child}
      </Form.Item>
    );
    switch (kind) {
      case 'text':
      case 'longText':
        return item(
          <Input
            {...props}
            maxLength={field?.length ?? DM_TEXT_LENGTH_MAX}
            style={{ width: 140 }}
            data-testid={testId}
          />,
        );
      case 'integer':
        return item(<InputNumber {...props} precision={0} style={{ width: 120 }} data-testid={testId} />);
      case 'decimal':
      case 'money':
        return item(<InputNumber {...props} style={{ width: 120 }} data-testid={testId} />);
      case 'date':
      case 'datetime':
        return item(
          <DatePicker
            {...props}
            showTime={kind === 'datetime'}
            style={{ width: 180 }}
            data-testid={testId}
          />,
          {
            getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
            normalize: (d: Dayjs | null) =>
              d ? (kind === 'date' ? d.format('YYYY-MM-DD') : d.toISOString()) : null,
          },
        );
      case 'boolean':
        return item(
          <Select
            {...props}
            allowClear
            placeholder={t('field.defaultNone')}
            options={[
              { value: true, label: t('field.yes') },
              { value: false, label: t('field.no') },
            ]}
            style={{ width: 120 }}
            data-testid={testId}
          />,
        );
      case 'select': {
        const items = dicts.find((d) => d.distCode === field?.dictType)?.distDataList ?? [];
        return item(
          <Select
            {...props}
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('field.defaultNone')}
            options={items.map((i) => ({ value: i.distData, label: `${i.distLabel} (${i.distData})` }))}
            style={{ width: 160 }}
            data-testid={testId}
          />,
        );
      }
      default:
        return none;
    }
  };

  return (
    <Form.List name="fields">
      {(list, { add, remove, move }) => {
        const columns: ColumnsType<ListRow> = [
          {
            title: t('field.order'),
            key: 'order',
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <span aria-hidden style={{ display: 'inline-block', minWidth: 20 }}>
                  {row.name + 1}
                </span>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={disabled || row.name === 0}
                  onClick={() => move(row.name, row.name - 1)}
                  aria-label={label(row.name, t('field.moveUp'))}
                  data-testid={`dm-field-${row.name}-up`}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={disabled || row.name === list.length - 1}
                  onClick={() => move(row.name, row.name + 1)}
                  aria-label={label(row.name, t('field.moveDown'))}
                  data-testid={`dm-field-${row.name}-down`}
                />
              </span>
            ),
          },
          {
            title: t('field.code'),
            key: 'code',
            render: (_, row) => (
              <Form.Item name={[row.name, 'code']} rules={codeRules(language, true)} style={{ margin: 0 }}>
                <Input
                  aria-label={label(row.name, t('field.code'))}
                  maxLength={30}
                  disabled={disabled}
                  style={{ width: 150 }}
                  data-testid={`dm-field-${row.name}-code`}
                />
              </Form.Item>
            ),
          },
          ...(
            [
              ['zh-CN', 'field.nameZh', true],
              ['en-US', 'field.nameEn', false],
              ['zh-TW', 'field.nameTw', false],
            ] as const
          ).map(([locale, key, must]) => ({
            title: t(key),
            key: `name-${locale}`,
            render: (_: unknown, row: ListRow) => (
              <Form.Item
                name={[row.name, 'names', locale]}
                rules={must ? [{ ...required, whitespace: true }] : []}
                style={{ margin: 0 }}
              >
                <Input
                  aria-label={label(row.name, t(key))}
                  maxLength={DM_NAME_MAX}
                  disabled={disabled}
                  style={{ width: 140 }}
                  data-testid={`dm-field-${row.name}-name-${locale}`}
                />
              </Form.Item>
            ),
          })),
          {
            title: t('field.kind'),
            key: 'kind',
            render: (_, row) => (
              <Form.Item name={[row.name, 'kind']} rules={[required]} style={{ margin: 0 }}>
                <Select
                  aria-label={label(row.name, t('field.kind'))}
                  options={kindOptions}
                  showSearch
                  optionFilterProp="label"
                  disabled={disabled}
                  onChange={(kind: DataModelFieldKind) => onKind(row.name, kind)}
                  style={{ width: 130 }}
                  data-testid={`dm-field-${row.name}-kind`}
                />
              </Form.Item>
            ),
          },
          {
            title: t('field.length'),
            key: 'length',
            render: (_, row) =>
              kindHas(rows[row.name]?.kind ?? 'text').length ? (
                <Form.Item name={[row.name, 'length']} rules={[required]} style={{ margin: 0 }}>
                  <InputNumber
                    aria-label={label(row.name, t('field.length'))}
                    min={1}
                    max={DM_TEXT_LENGTH_MAX}
                    precision={0}
                    disabled={disabled}
                    style={{ width: 90 }}
                    data-testid={`dm-field-${row.name}-length`}
                  />
                </Form.Item>
              ) : (
                none
              ),
          },
          ...(['precision', 'scale'] as const).map((part) => ({
            title: t(`field.${part}`),
            key: part,
            render: (_: unknown, row: ListRow) =>
              kindHas(rows[row.name]?.kind ?? 'text').digits ? (
                <Form.Item name={[row.name, part]} rules={[required]} style={{ margin: 0 }}>
                  <InputNumber
                    aria-label={label(row.name, t(`field.${part}`))}
                    min={part === 'precision' ? 1 : 0}
                    max={DM_DECIMAL_PRECISION_MAX}
                    precision={0}
                    disabled={disabled}
                    style={{ width: 80 }}
                    data-testid={`dm-field-${row.name}-${part}`}
                  />
                </Form.Item>
              ) : (
                none
              ),
          })),
          ...(['required', 'unique'] as const).map((flag) => ({
            title: t(`field.${flag}`),
            key: flag,
            align: 'center' as const,
            render: (_: unknown, row: ListRow) =>
              kindHas(rows[row.name]?.kind ?? 'text')[flag] ? (
                <Form.Item name={[row.name, flag]} valuePropName="checked" style={{ margin: 0 }}>
                  <Checkbox
                    aria-label={label(row.name, t(`field.${flag}`))}
                    disabled={disabled}
                    data-testid={`dm-field-${row.name}-${flag}`}
                  />
                </Form.Item>
              ) : (
                none
              ),
          })),
          {
            title: t('field.default'),
            key: 'default',
            render: (_, row) => defaultInput(row, rows[row.name]),
          },
          {
            title: t('field.target'),
            key: 'target',
            render: (_, row) => {
              const kind = rows[row.name]?.kind ?? 'text';
              const has = kindHas(kind);
              if (has.dictType)
                return (
                  <Form.Item name={[row.name, 'dictType']} rules={[required]} style={{ margin: 0 }}>
                    <Select
                      aria-label={label(row.name, t('field.target'))}
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('field.pickDict')}
                      options={dictOptions}
                      disabled={disabled}
                      onChange={() => form.setFieldValue(['fields', row.name, 'defaultValue'], null)}
                      style={{ width: 200 }}
                      data-testid={`dm-field-${row.name}-dictType`}
                    />
                  </Form.Item>
                );
              if (has.model)
                return (
                  <Form.Item name={[row.name, 'model']} rules={[required]} style={{ margin: 0 }}>
                    <Select
                      aria-label={label(row.name, t('field.target'))}
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('field.pickModel')}
                      options={modelOptions(kind)}
                      disabled={disabled}
                      style={{ width: 200 }}
                      data-testid={`dm-field-${row.name}-model`}
                    />
                  </Form.Item>
                );
              return none;
            },
          },
        ];
        return (
          <RowsGrid
            list={list}
            columns={columns}
            testId="dm-fields"
            prefix="dm-field"
            disabled={disabled}
            canAdd
            removeTitle={t('field.remove')}
            removeLabel={(n) => label(n, t('field.remove'))}
            onRemove={remove}
            addLabel={t('field.add')}
            onAdd={() => add(newField())}
          />
        );
      }}
    </Form.List>
  );
}
