import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { MODEL_PAGE_IMPORT_MAX, type ModelImportResult, type ModelPageField } from '@srm/contracts/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob, xlsxFromBase64 } from '../../../api/request';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelPageApi } from './api';
import { type ErrorLine, errorLines } from './modelPageColumns';

/**
 * Import from the page's .xlsx template in two steps: a dry run first shows what would go in and the
 * refused rows (row, field, reason); "import" then writes it for real. Rows refused by the real run
 * are listed too, with their file to correct and send again when the server made one.
 */
export function ImportModal({
  menuId,
  title,
  fields,
  onClose,
  onImported,
}: {
  menuId: string;
  title: string;
  fields: readonly ModelPageField[];
  onClose(): void;
  onImported(): void;
}) {
  const { t } = useTranslation('modelPage');
  const language = useAppStore((s) => s.language);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ModelImportResult | null>(null);
  const [downloading, setDownloading] = useState(false);

  const run = useMutation({
    mutationFn: ({ chosen, dryRun }: { chosen: File; dryRun: boolean }) =>
      modelPageApi.importFile(menuId, chosen, dryRun),
    onSuccess: (data) => {
      setResult(data);
      if (!data.dryRun) {
        if (data.imported) onImported();
        if (data.failed === 0) {
          toast.success(t('import.done', { count: data.imported }));
          onClose();
        }
      }
    },
  });

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      saveBlob(await modelPageApi.importTemplate(menuId), t('import.templateFile', { name: title }));
    } catch {
      // The request layer has shown the message.
    } finally {
      setDownloading(false);
    }
  };

  const choose = (chosen: File) => {
    if (!chosen.name.toLowerCase().endsWith('.xlsx')) toast.error(t('import.onlyXlsx'));
    else {
      setFile(chosen);
      setResult(null);
      run.mutate({ chosen, dryRun: true });
    }
    return false;
  };

  const lines = result ? errorLines(result, fields, language) : [];
  const checked = result?.dryRun === true;
  const done = result !== null && !result.dryRun;
  return (
    <Modal
      open
      title={t('import.title', { name: title })}
      onCancel={onClose}
      width="min(760px, calc(100vw - 32px))"
      destroyOnHidden
      data-testid="mp-import"
      footer={
        <Space wrap>
          <Button onClick={onClose} data-testid="mp-import-close">
            {t('close')}
          </Button>
          <Button
            type="primary"
            disabled={!file || !checked || result.total - result.failed === 0}
            loading={run.isPending && run.variables?.dryRun === false}
            onClick={() => file && run.mutate({ chosen: file, dryRun: false })}
            data-testid="mp-import-submit"
          >
            {t('import.submit')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('import.hint', { max: MODEL_PAGE_IMPORT_MAX })} />
        <Button
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void downloadTemplate()}
          data-testid="mp-import-template"
        >
          {t('import.template')}
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={choose}
          fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          onRemove={() => {
            setFile(null);
            setResult(null);
          }}
          disabled={run.isPending}
          data-testid="mp-import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.choose')}</p>
        </Upload.Dragger>
        {run.isPending && run.variables?.dryRun && <Typography.Text>{t('import.checking')}</Typography.Text>}
        {result && (
          <div data-testid="mp-import-result">
            <Alert
              type={result.failed ? 'warning' : 'success'}
              showIcon
              title={
                checked
                  ? t('import.checked', {
                      count: result.total,
                      ok: result.total - result.failed,
                      failed: result.failed,
                    })
                  : t('import.result', {
                      count: result.total,
                      imported: result.imported,
                      failed: result.failed,
                    })
              }
              action={
                done && result.errorReport ? (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      result.errorReport &&
                      saveBlob(xlsxFromBase64(result.errorReport), t('import.errorFile', { name: title }))
                    }
                    data-testid="mp-import-error-file"
                  >
                    {t('import.downloadErrors')}
                  </Button>
                ) : undefined
              }
            />
            {lines.length > 0 && (
              <Table<ErrorLine>
                style={{ marginTop: 12 }}
                size="small"
                rowKey="key"
                dataSource={lines}
                pagination={lines.length > 10 ? { pageSize: 10, size: 'small' } : false}
                scroll={{ x: 'max-content' }}
                data-testid="mp-import-errors"
                columns={[
                  { title: t('import.row'), dataIndex: 'row', key: 'row', width: 70 },
                  { title: t('import.field'), dataIndex: 'field', key: 'field' },
                  {
                    title: t('import.message'),
                    dataIndex: 'message',
                    key: 'message',
                    render: (text: string) => <Typography.Text type="danger">{text}</Typography.Text>,
                  },
                ]}
              />
            )}
          </div>
        )}
      </Space>
    </Modal>
  );
}
