import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ReportView } from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Result, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, saveBlob } from '../../../api/request';
import { type ParamValues, type ReportRows, reportViewApi, reportViewKeys } from './api';
import {
  initialParamValues,
  ParamForm,
  placeParamErrors,
  runsWithoutInput,
  toParamValues,
} from './ParamForm';
import { ReportBody } from './ReportBody';
import { usePrintOnlyReport } from './usePrinting';
import './dataReport.css';

/**
 * A published report (menu type 5): the dataset's parameters as its query, then the report drawn
 * from the rows the server runs for the reader (his tenant, his data rules). `menuId` is the menu
 * item's id, `title` its name. Export (.xlsx, built by the server from the same shaping) comes with
 * the item's export button; printing prints the report without the shell around it.
 */
export default function ReportPage({ menuId, title }: { menuId: string; title: string }) {
  const { t } = useTranslation('dataReport');
  const config = useQuery({
    queryKey: reportViewKeys.config(menuId),
    queryFn: () => reportViewApi.config(menuId),
    retry: false,
  });
  if (config.error) {
    const status = config.error instanceof ApiError ? config.error.code : 0;
    return (
      <Card variant="borderless" title={title} data-testid="rpt-view">
        <Result
          status={status === 403 ? '403' : status === 404 ? '404' : 'error'}
          title={
            status === 403 ? t('view.forbidden') : status === 404 ? t('view.notFound') : t('view.loadFailed')
          }
          data-testid="rpt-view-unavailable"
        />
      </Card>
    );
  }
  if (!config.data)
    return (
      <Card variant="borderless" title={title} data-testid="rpt-view">
        <Skeleton active />
      </Card>
    );
  // A report saved anew changes the page: its state starts over with the new layout.
  return <ReportViewer key={JSON.stringify(config.data)} menuId={menuId} title={title} view={config.data} />;
}

function ReportViewer({ menuId, title, view }: { menuId: string; title: string; view: ReportView }) {
  const { t } = useTranslation('dataReport');
  const [form] = Form.useForm();
  usePrintOnlyReport();
  const [shown, setShown] = useState<{ params: ParamValues; rows: ReportRows } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const canExport = view.buttons.includes('export');

  const run = useMutation({
    mutationFn: (params: ParamValues) => reportViewApi.run(menuId, params),
    onSuccess: (rows, params) => {
      setProblems([]);
      setShown({ params, rows });
    },
    onError: (error) => {
      setShown(null);
      if (!(error instanceof ApiError)) return;
      const rest = error.fields ? placeParamErrors(form, view.params, error.fields) : [error.msg];
      setProblems(rest);
    },
  });

  // Runs once on opening when nothing has to be typed first; else it waits for the reader.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !runsWithoutInput(view.params)) return;
    started.current = true;
    run.mutate(toParamValues(initialParamValues(view.params), view.params));
  }, [view.params, run]);

  const exportReport = async () => {
    setExporting(true);
    try {
      saveBlob(
        await reportViewApi.export(menuId, shown?.params ?? {}),
        t('view.exportFile', { name: title }),
      );
    } catch {
      // The request layer has shown the message.
    } finally {
      setExporting(false);
    }
  };

  const actions = (
    <>
      {canExport && (
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!shown}
          onClick={() => void exportReport()}
          data-testid="rpt-view-export"
        >
          {t('view.export')}
        </Button>
      )}
      <Button
        icon={<PrinterOutlined />}
        disabled={!shown}
        onClick={() => window.print()}
        data-testid="rpt-view-print"
      >
        {t('view.print')}
      </Button>
    </>
  );

  return (
    <Card variant="borderless" title={title} data-testid="rpt-view">
      <div className="rpt-no-print" data-testid="rpt-view-toolbar">
        <ParamForm
          form={form}
          params={view.params}
          prefix="rpt-view"
          onSearch={(params) => run.mutate(params)}
          onReset={(defaults) => {
            setProblems([]);
            if (runsWithoutInput(view.params)) run.mutate(defaults);
            else setShown(null);
          }}
          actions={actions}
        />
      </div>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('view.failed')}
          description={problems.join(' ')}
          data-testid="rpt-view-error"
        />
      )}
      {shown ? (
        <div aria-busy={run.isPending} data-testid="rpt-view-body">
          <ReportBody layout={view.definition} result={shown.rows} />
        </div>
      ) : run.isPending ? (
        <Skeleton active />
      ) : (
        problems.length === 0 && (
          <Empty
            description={t('view.idle')}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            data-testid="rpt-view-idle"
          />
        )
      )}
    </Card>
  );
}
