import { DM_INDEX_FIELDS_MAX, DM_INDEXES_MAX, validationMessage } from '@srm/contracts/core';
import { Checkbox, Form, type FormInstance, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { type FieldRow, indexable, type ModelFormValues } from './model-form';
import { type ListRow, RowsGrid } from './RowsGrid';

/** The model's indexes: the fields each covers (in order) and whether it is unique. */
export function IndexGrid({ form, disabled }: { form: FormInstance<ModelFormValues>; disabled: boolean }) {
  const { t } = useTranslation('dataModel');
  const language = useAppStore((s) => s.language);
  const fields = (Form.useWatch('fields', form) ?? []) as FieldRow[];
  const options = fields
    .filter((f) => f?.code && indexable(f.kind))
    .map((f) => ({ value: f.code, label: f.code }));
  const label = (n: number, what: string) => t('index.row', { n: n + 1, what });
  return (
    <Form.List name="indexes">
      {(list, { add, remove }) => {
        const columns: ColumnsType<ListRow> = [
          {
            title: t('index.fields'),
            key: 'fields',
            render: (_, row) => (
              <Form.Item
                name={[row.name, 'fields']}
                rules={[{ required: true, message: validationMessage('validation.required', language) }]}
                style={{ margin: 0 }}
              >
                <Select
                  mode="multiple"
                  aria-label={label(row.name, t('index.fields'))}
                  options={options}
                  maxCount={DM_INDEX_FIELDS_MAX}
                  disabled={disabled}
                  style={{ minWidth: 240, width: '100%' }}
                  data-testid={`dm-index-${row.name}-fields`}
                />
              </Form.Item>
            ),
          },
          {
            title: t('index.unique'),
            key: 'unique',
            align: 'center',
            render: (_, row) => (
              <Form.Item name={[row.name, 'unique']} valuePropName="checked" style={{ margin: 0 }}>
                <Checkbox
                  aria-label={label(row.name, t('index.unique'))}
                  disabled={disabled}
                  data-testid={`dm-index-${row.name}-unique`}
                />
              </Form.Item>
            ),
          },
        ];
        return (
          <>
            <Typography.Paragraph type="secondary">{t('index.hint')}</Typography.Paragraph>
            <RowsGrid
              list={list}
              columns={columns}
              testId="dm-indexes"
              prefix="dm-index"
              disabled={disabled}
              canAdd={list.length < DM_INDEXES_MAX}
              emptyText={t('index.empty')}
              removeTitle={t('index.remove')}
              removeLabel={(n) => label(n, t('index.remove'))}
              onRemove={remove}
              addLabel={t('index.add')}
              onAdd={() => add({ fields: [], unique: false })}
            />
          </>
        );
      }}
    </Form.List>
  );
}
