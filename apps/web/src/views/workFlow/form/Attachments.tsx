import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { API } from '@srm/contracts/core';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/request';
import { avatarUrl } from '../../../utils/avatar';

/** One attachment of a flow form: the stored image's name and address. */
export interface FlowAttachment {
  name: string;
  url: string;
  fileName?: string;
}
/** The upload type of flow form attachments (images, like the product's other uploads). */
const UPLOAD_TYPE = 'flowTask';
const MAX_FILES = 20;

const asList = (value: unknown): FlowAttachment[] =>
  Array.isArray(value) ? (value as FlowAttachment[]).filter((v) => v && typeof v.name === 'string') : [];

/** The attachments as links that open the image (read-only, and under the upload button). */
export function AttachmentLinks({ value, onRemove }: { value: unknown; onRemove?: (name: string) => void }) {
  const { t } = useTranslation('flowTask');
  const list = asList(value);
  if (list.length === 0) return <span>-</span>;
  return (
    <ul className="flow-form-files">
      {list.map((file) => (
        <li key={file.name}>
          <PaperClipOutlined aria-hidden />{' '}
          <a href={avatarUrl(file.url)} target="_blank" rel="noreferrer">
            {file.fileName || file.name}
          </a>
          {onRemove && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => onRemove(file.name)}
              aria-label={t('form.removeFile', { name: file.fileName || file.name })}
            >
              {t('form.remove')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A form control over the attachments: uploads images one by one (the server checks type and size). */
export function AttachmentsInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: unknown;
  onChange?: (value: FlowAttachment[]) => void;
}) {
  const { t } = useTranslation('flowTask');
  const [busy, setBusy] = useState(false);
  const list = asList(value);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const saved = await http.upload<{ name: string; url: string }>(API.upload(UPLOAD_TYPE), file);
      onChange?.([...asList(value), { name: saved.name, url: saved.url, fileName: file.name.slice(0, 200) }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        disabled={list.length >= MAX_FILES}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={busy} disabled={list.length >= MAX_FILES}>
          {t('form.upload')}
        </Button>
      </Upload>
      <AttachmentLinks value={list} onRemove={(name) => onChange?.(list.filter((f) => f.name !== name))} />
    </Space>
  );
}
