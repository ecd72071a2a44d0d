import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  USER_IMPORT_DEFAULT_PASSWORD,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  type UserImportError,
  type UserImportResult,
} from '@srm/contracts/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob, xlsxFromBase64 } from '../../../api/request';
import { toast } from '../../../utils/message';
import { userApi } from './api';

const MAX_MB = USER_IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Import from the .xlsx template: the good rows go in together, the bad ones are listed (row, column,
 * reason) and offered as an error report to correct and import again.
 */
export function ImportUsersModal({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  const { t } = useTranslation('user');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<UserImportResult | null>(null);
  const [downloading, setDownloading] = useState(false);

  const upload = useMutation({
    mutationFn: userApi.importFile,
    onSuccess: (data) => {
      setResult(data);
      setFile(null);
      if (data.imported) onImported();
    },
  });

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      saveBlob(await userApi.importTemplate(), t('templateFile'));
    } catch {
      // The request layer has shown the message.
    } finally {
      setDownloading(false);
    }
  };

  const choose = (chosen: File) => {
    if (!chosen.name.toLowerCase().endsWith('.xlsx')) toast.error(t('onlyXlsx'));
    else if (chosen.size > USER_IMPORT_MAX_BYTES) toast.error(t('tooLarge', { maxMb: MAX_MB }));
    else {
      setFile(chosen);
      setResult(null);
    }
    return false;
  };

  return (
    <Modal
      open
      title={t('importTitle')}
      onCancel={onClose}
      width="min(760px, calc(100vw - 32px))"
      destroyOnHidden
      data-testid="user-import-modal"
      footer={
        <Space wrap>
          <Button onClick={onClose} data-testid="user-import-close">
            {t('close')}
          </Button>
          <Button
            type="primary"
            disabled={!file}
            loading={upload.isPending}
            onClick={() => file && upload.mutate(file)}
            data-testid="user-import-submit"
          >
            {t('startImport')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={t('importHint', {
            maxRows: USER_IMPORT_MAX_ROWS,
            maxMb: MAX_MB,
            password: USER_IMPORT_DEFAULT_PASSWORD,
          })}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void downloadTemplate()}
          data-testid="user-import-template"
        >
          {t('downloadTemplate')}
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={choose}
          fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          onRemove={() => setFile(null)}
          data-testid="user-import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('chooseFile')}</p>
        </Upload.Dragger>
        {result && (
          <div data-testid="user-import-result">
            <Alert
              type={result.failed ? 'warning' : 'success'}
              showIcon
              title={t('importResult', { ...result, count: result.total })}
              action={
                result.errorReport ? (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      result.errorReport && saveBlob(xlsxFromBase64(result.errorReport), t('errorReportFile'))
                    }
                    data-testid="user-import-error-report"
                  >
                    {t('downloadErrors')}
                  </Button>
                ) : undefined
              }
            />
            {result.errors.length > 0 && (
              <Table<UserImportError>
                style={{ marginTop: 12 }}
                size="small"
                rowKey={(e) => `${e.row}-${e.column}`}
                dataSource={result.errors}
                pagination={result.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
                scroll={{ x: 'max-content' }}
                data-testid="user-import-errors"
                onRow={(e) =>
                  ({ 'data-testid': `user-import-error-${e.row}` }) as React.HTMLAttributes<HTMLElement>
                }
                columns={[
                  { title: t('errorRow'), dataIndex: 'row', key: 'row', width: 70 },
                  { title: t('errorColumn'), dataIndex: 'column', key: 'column' },
                  {
                    title: t('errorMessage'),
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
