import { REPORT_AGGREGATES, REPORT_GROUPS_MAX, validationMessage } from '@srm/contracts/core';
import { Col, Form, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { type FieldOption, FieldSelect, FieldsSelect } from './EditorParts';
import type { ReportFormValues } from './report-form';

/**
 * The pivot, when the report has one: one row per value of the row fields, one column per value
 * of the column field, each cell the aggregate of the value field. Switched off, what was chosen
 * stays in the form (not saved) for when it is switched on again.
 */
export function PivotSection({ fieldOptions }: { fieldOptions: FieldOption[] }) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const form = Form.useFormInstance<ReportFormValues>();
  const on = Form.useWatch('pivotOn', form) ?? false;
  const required = { required: true, message: validationMessage('validation.required', language) };
  return (
    <>
      <Typography.Title level={2} className="rpt-section">
        {t('editor.pivot')}
      </Typography.Title>
      <Form.Item name="pivotOn" label={t('editor.pivotOn')} valuePropName="checked">
        <Switch data-testid="rpt-pivot-on" />
      </Form.Item>
      {on && (
        <Row gutter={12} data-testid="rpt-pivot">
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['pivot', 'rows']}
              label={t('editor.pivotRows')}
              rules={[{ ...required, type: 'array', min: 1 }]}
            >
              <FieldsSelect
                options={fieldOptions}
                maxCount={REPORT_GROUPS_MAX}
                data-testid="rpt-pivot-rows"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['pivot', 'column']} label={t('editor.pivotColumn')} rules={[required]}>
              <FieldSelect options={fieldOptions} data-testid="rpt-pivot-column" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['pivot', 'value']} label={t('editor.pivotValue')} rules={[required]}>
              <FieldSelect options={fieldOptions} data-testid="rpt-pivot-value" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['pivot', 'aggregate']} label={t('editor.aggregate')}>
              <Select
                options={REPORT_AGGREGATES.map((a) => ({ value: a, label: t(`aggregate.${a}`) }))}
                data-testid="rpt-pivot-aggregate"
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}
