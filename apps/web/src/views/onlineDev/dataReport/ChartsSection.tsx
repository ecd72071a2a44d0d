import { PlusOutlined } from '@ant-design/icons';
import {
  REPORT_CHART_TYPES,
  REPORT_CHARTS_MAX,
  REPORT_SERIES_MAX,
  validationMessage,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../../systemData/dataModel/model-form';
import { mapApi, mapKeys } from '../../systemData/map/api';
import { type FieldOption, FieldSelect, FieldsSelect, NameInputs, RowHead } from './EditorParts';
import { type ChartFormValues, chartHasSeries, NEW_CHART, type ReportFormValues } from './report-form';

/**
 * The report's charts (at most REPORT_CHARTS_MAX): a type, a title in three languages, the x
 * field, the y fields (a pie and a scatter take the first) and, for bar and line, a field whose
 * values split the series.
 */
export function ChartsSection({ fieldOptions }: { fieldOptions: FieldOption[] }) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const form = Form.useFormInstance<ReportFormValues>();
  const charts: ChartFormValues[] = Form.useWatch('charts', form) ?? [];
  const maps = useQuery({
    queryKey: mapKeys.choices(),
    queryFn: mapApi.choices,
    enabled: charts.some((c) => c?.type === 'map'),
  });
  const required = { required: true, message: validationMessage('validation.required', language) };
  return (
    <>
      <Typography.Title level={2} className="rpt-section">
        {t('editor.charts')}
      </Typography.Title>
      <Form.List name="charts">
        {(fields, { add, remove, move }) => (
          <>
            {fields.map((field, index) => {
              const type = charts[index]?.type;
              const testId = `rpt-chart-${index}`;
              return (
                <div key={field.key} className="rpt-editor-row" data-testid={testId}>
                  <RowHead
                    title={t('editor.chart', { n: index + 1 })}
                    index={index}
                    count={fields.length}
                    onMove={(to) => move(index, to)}
                    onRemove={() => remove(index)}
                    testId={testId}
                  />
                  <Row gutter={12}>
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item name={[field.name, 'type']} label={t('editor.chartType')}>
                        <Select
                          options={REPORT_CHART_TYPES.map((c) => ({ value: c, label: t(`chartType.${c}`) }))}
                          data-testid={`${testId}-type`}
                          onChange={(next: ChartFormValues['type']) => {
                            if (!chartHasSeries(next))
                              form.setFieldValue(['charts', field.name, 'series'], undefined);
                          }}
                        />
                      </Form.Item>
                    </Col>
                    <NameInputs
                      name={[field.name, 'names']}
                      labels={[t('editor.chartTitle'), t('editor.chartTitleEn'), t('editor.chartTitleTw')]}
                      testId={`${testId}-name`}
                    />
                    <Col xs={24} sm={12} lg={6}>
                      <Form.Item name={[field.name, 'x']} label={t('editor.chartX')} rules={[required]}>
                        <FieldSelect options={fieldOptions} data-testid={`${testId}-x`} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12} lg={12}>
                      <Form.Item
                        name={[field.name, 'y']}
                        label={t('editor.chartY')}
                        extra={
                          type === 'pie' || type === 'scatter' || type === 'map'
                            ? t('editor.chartYFirst')
                            : t('editor.chartYHelp', { max: REPORT_SERIES_MAX })
                        }
                        rules={[{ ...required, type: 'array', min: 1 }]}
                      >
                        <FieldsSelect
                          options={fieldOptions}
                          maxCount={REPORT_SERIES_MAX}
                          data-testid={`${testId}-y`}
                        />
                      </Form.Item>
                    </Col>
                    {type === 'map' && (
                      <Col xs={24} sm={12} lg={6}>
                        <Form.Item
                          name={[field.name, 'mapId']}
                          label={t('editor.chartMap')}
                          extra={t('editor.chartMapHelp')}
                          rules={[required]}
                        >
                          <Select
                            loading={maps.isLoading}
                            options={(maps.data?.list ?? []).map((m) => ({
                              value: m.id,
                              label: modelName(language, m.names),
                            }))}
                            data-testid={`${testId}-map`}
                          />
                        </Form.Item>
                      </Col>
                    )}
                    {chartHasSeries(type) && (
                      <Col xs={24} sm={12} lg={6}>
                        <Form.Item
                          name={[field.name, 'series']}
                          label={t('editor.chartSeries')}
                          extra={t('editor.chartSeriesHelp')}
                        >
                          <FieldSelect allowClear options={fieldOptions} data-testid={`${testId}-series`} />
                        </Form.Item>
                      </Col>
                    )}
                  </Row>
                </div>
              );
            })}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= REPORT_CHARTS_MAX}
              onClick={() => add({ ...NEW_CHART, names: { 'zh-CN': '' }, y: [] })}
              data-testid="rpt-chart-add"
            >
              {t('editor.addChart', { max: REPORT_CHARTS_MAX })}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}
