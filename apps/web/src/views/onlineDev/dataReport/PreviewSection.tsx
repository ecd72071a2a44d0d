import { CaretRightOutlined } from '@ant-design/icons';
import type { DatasetResultColumn, ReportDataset } from '@srm/contracts/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { type ParamValues, type ReportRows, reportApi } from './api';
import { ParamForm, placeParamErrors } from './ParamForm';
import { ReportBody, type ReportLayout } from './ReportBody';

/**
 * The designer's preview: the dataset's parameters as a small query form, and the report drawn as
 * its reader would see it (ReportBody) from the dataset's rows and the layout as it stands in the
 * form, redrawn as the form changes. A run tells the editor the columns the rows have
 * (`onColumns`), for the field pickers of a dataset whose columns are not known before it runs.
 * Mounted anew for each dataset (its values and rows start over).
 */
export function PreviewSection({
  dataset,
  layout,
  onColumns,
}: {
  dataset: ReportDataset;
  layout: ReportLayout;
  onColumns: (columns: DatasetResultColumn[]) => void;
}) {
  const { t } = useTranslation('dataReport');
  const headingId = useId();
  const [form] = Form.useForm();
  const [result, setResult] = useState<ReportRows | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const run = useMutation({
    mutationFn: (params: ParamValues) => reportApi.preview(dataset.id, params),
    onSuccess: (data) => {
      setProblems([]);
      setResult(data);
      onColumns(data.columns);
    },
    onError: (error) => {
      setResult(null);
      if (!(error instanceof ApiError)) return;
      // A refused parameter is said at its field; anything else (the dataset's own failure) above.
      setProblems(error.fields ? placeParamErrors(form, dataset.params, error.fields) : [error.msg]);
    },
  });
  const empty = layout.table.columns.length === 0 && layout.charts.length === 0 && !layout.pivot;
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 24 }} data-testid="rpt-preview">
      <Typography.Title level={2} className="rpt-section" id={headingId}>
        {t('preview.title')}
      </Typography.Title>
      <ParamForm
        form={form}
        params={dataset.params}
        prefix="rpt-preview"
        onSearch={(values) => run.mutate(values)}
        submit={
          <Button
            htmlType="submit"
            icon={<CaretRightOutlined />}
            loading={run.isPending}
            data-testid="rpt-preview-run"
          >
            {t('preview.run')}
          </Button>
        }
      />
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('preview.failed')}
          description={problems.join(' ')}
          data-testid="rpt-preview-error"
        />
      )}
      {result && (
        <>
          <Typography.Paragraph type="secondary" data-testid="rpt-preview-count">
            {t('preview.rows', { count: result.rows.length })}
          </Typography.Paragraph>
          {empty ? (
            <Typography.Paragraph type="secondary" data-testid="rpt-preview-empty">
              {t('preview.nothing')}
            </Typography.Paragraph>
          ) : (
            <ReportBody layout={layout} result={result} level={3} />
          )}
        </>
      )}
    </section>
  );
}
