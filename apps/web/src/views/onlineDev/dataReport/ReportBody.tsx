import {
  type ReportChart,
  type ReportDefinition,
  type ReportFormat,
  reportChartData,
} from '@srm/contracts/core';
import { Alert, Card, Col, Row, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/chart';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../../systemData/dataModel/model-form';
import { useMapRegions } from '../../systemData/map/api';
import type { ReportRows } from './api';
import { ReportPivotTable, ReportRowsTable } from './ReportTables';
import { chartOption } from './report-chart';
import { usePrinting } from './usePrinting';
import './dataReport.css';

export type ReportLayout = Omit<ReportDefinition, 'datasetId'>;

type DataRow = Record<string, unknown>;

function ChartCard({
  chart,
  index,
  rows,
  fieldTitle,
  level,
}: {
  chart: ReportChart;
  index: number;
  rows: DataRow[];
  fieldTitle: (field: string) => string;
  level: 2 | 3;
}) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const blank = t('body.blank');
  const regions = useMapRegions(chart.type === 'map' ? chart.mapId : undefined);
  const data = useMemo(() => reportChartData(rows, chart), [rows, chart]);
  const option = useMemo(
    () => chartOption(chart, data, { fieldTitle, blank, ...(regions.data ? { map: regions.data } : {}) }),
    [chart, data, fieldTitle, blank, regions.data],
  );
  const kind = t(`chartType.${chart.type}`);
  const title = modelName(language, chart.names) || kind;
  const ys = (chart.type === 'bar' || chart.type === 'line' ? chart.y : chart.y.slice(0, 1)).map(fieldTitle);
  // The canvas says nothing to a screen reader: its name says what it draws and of how much.
  const label =
    chart.type === 'scatter'
      ? t('body.scatterLabel', {
          title,
          x: fieldTitle(chart.x),
          y: ys.join(', '),
          count: data.series[0]?.data.length ?? 0,
        })
      : t('body.chartLabel', {
          title,
          kind,
          x: fieldTitle(chart.x),
          y: ys.join(', '),
          count: data.categories.length,
        });
  return (
    <Card
      size="small"
      className="rpt-card"
      title={
        <Typography.Title level={level} className="rpt-card-title">
          {title}
        </Typography.Title>
      }
    >
      {chart.type !== 'map' || regions.data ? (
        <Chart
          option={option}
          label={label}
          height={chart.type === 'map' ? 420 : 300}
          replace
          data-testid={`rpt-view-chart-${index}`}
        />
      ) : regions.isError ? (
        <Alert type="error" showIcon title={t('body.mapUnreadable')} />
      ) : (
        <Spin spinning>
          <div style={{ height: 420 }} />
        </Spin>
      )}
      {data.truncated && (
        <Typography.Text type="secondary" data-testid={`rpt-view-chart-${index}-truncated`}>
          {t('body.chartTruncated', { count: data.categories.length })}
        </Typography.Text>
      )}
    </Card>
  );
}

/**
 * A report as its reader sees it, from its layout and a run's rows: the charts, the table (groups,
 * subtotals, total) and the pivot, stacked so that they print one after the other. The shaping is
 * the contracts' report-shape.ts, the same the server's Excel file is built with. Shared by the
 * report page (menu type 5) and the designer's preview; `level` is the sections' heading level.
 */
export function ReportBody({
  layout,
  result,
  level = 2,
}: {
  layout: ReportLayout;
  result: ReportRows;
  level?: 2 | 3;
}) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const printing = usePrinting();
  const { table, pivot, charts } = layout;
  const formats = useMemo(
    () => new Map<string, ReportFormat>(table.columns.map((c) => [c.field, c.format])),
    [table],
  );
  // A field is called as the table heads it, else by the dataset's name of it.
  const fieldTitle = useMemo(() => {
    const titles = new Map(table.columns.map((c) => [c.field, modelName(language, c.names) || c.field]));
    return (field: string) => titles.get(field) ?? field;
  }, [table, language]);
  const heading = (text: string) => (
    <Typography.Title level={level} className="rpt-card-title">
      {text}
    </Typography.Title>
  );
  return (
    <div className="rpt-body" data-testid="rpt-body">
      {result.truncated && (
        <Alert
          type="warning"
          showIcon
          title={t('body.truncated', { count: result.rows.length })}
          data-testid="rpt-view-truncated"
        />
      )}
      {charts.length > 0 && (
        <Row gutter={[16, 16]} className="rpt-charts">
          {charts.map((chart, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the charts are the layout's, in its order
            <Col key={i} xs={24} xl={charts.length > 1 ? 12 : 24}>
              <ChartCard chart={chart} index={i} rows={result.rows} fieldTitle={fieldTitle} level={level} />
            </Col>
          ))}
        </Row>
      )}
      {table.columns.length > 0 && (
        <Card size="small" className="rpt-card" title={heading(t('body.table'))}>
          <ReportRowsTable table={table} rows={result.rows} fieldTitle={fieldTitle} printing={printing} />
        </Card>
      )}
      {pivot && (
        <Card size="small" className="rpt-card" title={heading(t('body.pivot'))}>
          <ReportPivotTable
            pivot={pivot}
            formats={formats}
            rows={result.rows}
            fieldTitle={fieldTitle}
            printing={printing}
          />
        </Card>
      )}
    </div>
  );
}
