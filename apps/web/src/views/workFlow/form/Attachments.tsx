import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { FLOW_FILE_ACCEPT, FLOW_FILE_MAX_COUNT, type FlowFile, FlowTaskApi } from '@srm/contracts/core';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/request';
import { StorageKey, storage } from '../../../utils/storage';

/** One attachment of a flow form, as the server keeps it (a task attachment, or a domain's file). */
type Attachment = Pick<FlowFile, 'name' | 'url'> & { id?: string; fileName?: string };

const asList = (value: unknown): Attachment[] =>
  Array.isArray(value)
    ? (value as Attachment[]).filter((v) => v && typeof v.name === 'string' && typeof v.url === 'string')
    : [];

/**
 * The address of an attachment for a plain link: the product's download routes are for signed-in
 * users and a link sends no header, so they get the token as a query parameter (the server checks
 * that the reader may see the task, else 404).
 */
export function attachmentHref(url: string): string {
  if (!url.startsWith('/api/file/')) return url;
  const token = storage.get<string>(StorageKey.token);
  return token ? `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : url;
}

/** The attachments as links: a PDF or an image opens in a new tab, anything else downloads. */
export function AttachmentLinks({ value, onRemove }: { value: unknown; onRemove?: (key: string) => void }) {
  const { t } = useTranslation('flowTask');
  const list = asList(value);
  if (list.length === 0) return <span>-</span>;
  return (
    <ul className="flow-form-files">
      {list.map((file) => {
        const key = file.id ?? file.name;
        const name = file.fileName || file.name;
        return (
          <li key={key}>
            <PaperClipOutlined aria-hidden />{' '}
            <a href={attachmentHref(file.url)} target="_blank" rel="noreferrer" data-testid="flow-file-link">
              {name}
            </a>
            {onRemove && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => onRemove(key)}
                aria-label={t('form.removeFile', { name })}
              >
                {t('form.remove')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A form control over task attachments: each chosen file is uploaded at once (the server checks its
 * content and size, and answers its record); the form keeps the records, the task binds them.
 */
export function AttachmentsInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: unknown;
  onChange?: (value: Attachment[]) => void;
}) {
  const { t } = useTranslation('flowTask');
  const [busy, setBusy] = useState(false);
  const list = asList(value);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const saved = await http.upload<FlowFile>(FlowTaskApi.upload, file);
      onChange?.([...asList(value), saved]);
    } catch {
      // The request layer has shown the server's message (type, size, a damaged file).
    } finally {
      setBusy(false);
    }
  };
  const full = list.length >= FLOW_FILE_MAX_COUNT;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        accept={FLOW_FILE_ACCEPT}
        showUploadList={false}
        disabled={full}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button
          id={id}
          icon={<UploadOutlined />}
          loading={busy}
          disabled={full}
          data-testid="flow-file-upload"
        >
          {t('form.upload')}
        </Button>
      </Upload>
      <span className="flow-form-hint">{t('form.uploadHint')}</span>
      <AttachmentLinks
        value={list}
        onRemove={(key) => onChange?.(list.filter((f) => (f.id ?? f.name) !== key))}
      />
    </Space>
  );
}
