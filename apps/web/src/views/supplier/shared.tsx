import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type SupplierState,
  VENDOR_FILE_MAX_BYTES,
  type VendorFile,
  type VendorNotice,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, saveBlob } from '../../api/request';
import { areaApi } from '../../components/area';
import '../message/message.css';
import './supplier.css';
import { useAppStore } from '../../store/settings';
import { toast } from '../../utils/message';
import { noticeApi } from './api';

const STATE_COLORS: Record<SupplierState, string> = {
  potential: 'blue',
  qualified: 'green',
  frozen: 'orange',
  eliminated: 'default',
};

/**
 * A registered capital as kept: in 万元 (10,000 CNY, the unit its label names), grouped in the
 * reader's language, with up to two decimals; '-' when not given.
 */
export function Capital({ value }: { value: number | null | undefined }) {
  const language = useAppStore((s) => s.language);
  if (value === null || value === undefined || Number.isNaN(value)) return <span>-</span>;
  return (
    <span data-testid="supplier-capital">{value.toLocaleString(language, { maximumFractionDigits: 2 })}</span>
  );
}

/** A supplier's life-cycle state as a coloured tag. */
export function SupplierStateTag({ state }: { state: SupplierState }) {
  const { t } = useTranslation('vendor');
  return (
    <Tag color={STATE_COLORS[state]} data-testid="supplier-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

/** Attachments as links that download with the session (the files are not public). */
export function FileLinks({ files, testId = 'vendor-file' }: { files: VendorFile[]; testId?: string }) {
  const { t } = useTranslation('vendor');
  if (!files.length) return <span>{t('noFiles')}</span>;
  return (
    <Space direction="vertical" size={0}>
      {files.map((f) => (
        <Button
          key={f.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          style={{ paddingInline: 0 }}
          data-testid={testId}
          onClick={async () => {
            try {
              saveBlob(await http.blob(f.url), f.fileName);
            } catch {
              // The request layer has shown the message.
            }
          }}
        >
          {f.fileName}
        </Button>
      ))}
    </Space>
  );
}

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp';

/**
 * A form control holding uploaded attachments (PDF or images, at most 10 MB each; the server
 * checks the content again). Each file is uploaded when chosen and kept by its record.
 */
export function FileUploader({
  value = [],
  onChange,
  max = 10,
  testId,
  upload = noticeApi.upload,
}: {
  value?: VendorFile[];
  onChange?: (files: VendorFile[]) => void;
  max?: number;
  testId: string;
  /** Where a file goes (by default a notice's attachments). */
  upload?: (file: File) => Promise<VendorFile>;
}) {
  const { t } = useTranslation('vendor');
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {value.map((f) => (
        <Space key={f.id} size={4} data-testid={`${testId}-file`}>
          <PaperClipOutlined />
          <span>{f.fileName}</span>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('removeFile', { name: f.fileName })}
            onClick={() => onChange?.(value.filter((x) => x.id !== f.id))}
          />
        </Space>
      ))}
      {value.length < max && (
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          multiple
          beforeUpload={(file) => {
            if (file.size > VENDOR_FILE_MAX_BYTES) {
              toast.error(t('fileTooLarge'));
              return Upload.LIST_IGNORE;
            }
            setBusy(true);
            upload(file)
              .then((saved) => onChange?.([...value, saved]))
              .catch(() => undefined)
              .finally(() => setBusy(false));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid={testId}>
            {t('upload')}
          </Button>
        </Upload>
      )}
      <span className="srm-vendor-hint">{t('uploadHint')}</span>
    </Space>
  );
}

/** A notice's HTML body (sanitised by the server on save and on display). */
export function NoticeBody({ notice }: { notice: Pick<VendorNotice, 'bodyHtml'> }) {
  return (
    <div
      className="srm-notice-body"
      data-testid="vendor-notice-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML
      dangerouslySetInnerHTML={{ __html: notice.bodyHtml }}
    />
  );
}

/** An area code as its names from the province down (the code itself until they arrive). */
export function AreaName({ code }: { code: string }) {
  const found = useQuery({
    queryKey: ['vendor', 'areaName', code],
    queryFn: () => areaApi.search(code),
    enabled: !!code,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!code) return <span>-</span>;
  const match = found.data?.find((m) => m.path.at(-1)?.code === code);
  return <span>{match ? match.path.map((p) => p.name).join(' / ') : code}</span>;
}

/** A district code as the cascader's value: province, city, district. */
export function areaPathOf(code: string): string[] {
  if (!/^\d{6}$/.test(code)) return code ? [code] : [];
  const path = [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code];
  return path.filter((c, i) => path.indexOf(c) === i);
}
