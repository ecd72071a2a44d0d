import { PlusOutlined } from '@ant-design/icons';
import {
  type DatasetResultColumn,
  REPORT_COLUMNS_MAX,
  REPORT_FORMATS,
  REPORT_GROUPS_MAX,
  type ReportFormat,
  validationMessage,
} from '@srm/contracts/core';
import { Button, Col, Form, Row, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { type FieldOption, FieldSelect, FieldsSelect, NameInputs, RowHead } from './EditorParts';
import { type ColumnFormValues, NEW_COLUMN, type ReportFormValues } from './report-form';

/** The format a column of the rows starts with: a number as a number, anything else as text. */
const formatOf = (type: DatasetResultColumn['type'] | undefined): ReportFormat =>
  type === 'number' ? 'number' : 'text';

/**
 * The table's columns (a field of the rows, its heading in three languages, its format), in the
 * order shown; the fields the rows are grouped by; subtotals. `known` are the dataset's columns
 * when they are known (with their kinds once the preview has run), null when not.
 */
export function TableSection({
  fieldOptions,
  known,
  groupOptions,
}: {
  /** The dataset's columns to choose from; empty: typed in. */
  fieldOptions: FieldOption[];
  known: { name: string; type?: DatasetResultColumn['type'] }[] | null;
  /** The table's own fields: what the rows may be grouped by. */
  groupOptions: FieldOption[];
}) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const form = Form.useFormInstance<ReportFormValues>();
  const columns: ColumnFormValues[] = Form.useWatch(['table', 'columns'], form) ?? [];
  const required = { required: true, message: validationMessage('validation.required', language) };
  const missing = (known ?? []).filter((k) => !columns.some((c) => c?.field === k.name));

  return (
    <>
      <Typography.Title level={2} className="rpt-section">
        {t('editor.table')}
      </Typography.Title>
      <Form.List name={['table', 'columns']}>
        {(fields, { add, remove, move }) => (
          <>
            {fields.map((field, index) => {
              const title = t('editor.column', { n: index + 1 });
              const testId = `rpt-col-${index}`;
              return (
                <div key={field.key} className="rpt-editor-row" data-testid={testId}>
                  <RowHead
                    title={title}
                    index={index}
                    count={fields.length}
                    onMove={(to) => move(index, to)}
                    onRemove={() => remove(index)}
                    testId={testId}
                  />
                  <Row gutter={12}>
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item name={[field.name, 'field']} label={t('editor.field')} rules={[required]}>
                        <FieldSelect
                          options={fieldOptions}
                          data-testid={`${testId}-field`}
                          onChange={(value) => {
                            // A new column is headed by its field until it is named.
                            const path: ['table', 'columns', number, 'names', 'zh-CN'] = [
                              'table',
                              'columns',
                              field.name,
                              'names',
                              'zh-CN',
                            ];
                            if (value && !form.getFieldValue(path)) form.setFieldValue(path, value);
                          }}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item name={[field.name, 'format']} label={t('editor.format')}>
                        <Select
                          options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`format.${f}`) }))}
                          data-testid={`${testId}-format`}
                        />
                      </Form.Item>
                    </Col>
                    <NameInputs
                      name={[field.name, 'names']}
                      labels={[t('editor.heading'), t('editor.headingEn'), t('editor.headingTw')]}
                      testId={`${testId}-name`}
                    />
                  </Row>
                </div>
              );
            })}
            <Space wrap style={{ marginBottom: 16 }}>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= REPORT_COLUMNS_MAX}
                onClick={() => add({ ...NEW_COLUMN, names: { 'zh-CN': '' } })}
                data-testid="rpt-col-add"
              >
                {t('editor.addColumn')}
              </Button>
              {missing.length > 0 && (
                <Button
                  disabled={fields.length + missing.length > REPORT_COLUMNS_MAX}
                  onClick={() => {
                    for (const k of missing)
                      add({ field: k.name, names: { 'zh-CN': k.name }, format: formatOf(k.type) });
                  }}
                  data-testid="rpt-col-add-all"
                >
                  {t('editor.addAllColumns', { count: missing.length })}
                </Button>
              )}
            </Space>
          </>
        )}
      </Form.List>
      <Row gutter={12}>
        <Col xs={24} md={16}>
          <Form.Item
            name={['table', 'groupBy']}
            label={t('editor.groupBy')}
            extra={t('editor.groupByHelp', { max: REPORT_GROUPS_MAX })}
          >
            <FieldsSelect options={groupOptions} maxCount={REPORT_GROUPS_MAX} data-testid="rpt-group-by" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['table', 'subtotals']}
            label={t('editor.subtotals')}
            extra={t('editor.subtotalsHelp')}
            valuePropName="checked"
          >
            <Switch data-testid="rpt-subtotals" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
