import { BellOutlined, DownloadOutlined } from '@ant-design/icons';
import { formatDate, VENDOR_CODES, type VendorNotice, type VendorNoticeItem } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Segmented, Space, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/request';
import { Auth } from '../../../components/Auth';
import { fixedColumns } from '../../../components/fixedColumns';
import { type Paging, tablePaging } from '../../../components/tablePaging';
import { toast } from '../../../utils/message';
import { noticeApi, vendorKeys } from '../api';
import { FileLinks, NoticeBody } from '../shared';
import { ItemStatus } from '../supplier/SupplierTabs';

const STATUSES = ['all', 'unread', 'read', 'replied', 'notReplied', 'overdue'] as const;
type Status = (typeof STATUSES)[number];

/** A published notice's progress per supplier (read, replied, overdue), with reminders and the export. */
export function NoticeProgressDrawer({ notice, onClose }: { notice: VendorNotice | null; onClose(): void }) {
  const { t } = useTranslation('vendor');
  const queryClient = useQueryClient();
  const id = notice?.id ?? '';
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 10 });
  const params = { noticeId: id, status: status === 'all' ? undefined : status, ...page };
  const items = useQuery({
    queryKey: vendorKeys.progress(id, params),
    queryFn: () => noticeApi.items(params),
    enabled: !!notice,
    placeholderData: keepPreviousData,
  });
  const messages = useQuery({
    queryKey: vendorKeys.replies(id),
    queryFn: () => noticeApi.messages(id),
    enabled: !!notice,
  });
  const replies = useMemo(
    () => new Map((messages.data?.list ?? []).map((m) => [m.itemId, m])),
    [messages.data],
  );
  const remind = useMutation({
    mutationFn: () => noticeApi.remind(id),
    onSuccess: ({ reminded }) => {
      toast.success(t('reminded', { count: reminded }));
      void queryClient.invalidateQueries({ queryKey: ['vendor', 'notices', 'progress', id] });
    },
  });
  const [exporting, setExporting] = useState(false);
  const exportProgress = async () => {
    setExporting(true);
    try {
      saveBlob(await noticeApi.exportProgress(id), `${t('progressFile')}.xlsx`);
    } catch {
      // The request layer has shown the message.
    } finally {
      setExporting(false);
    }
  };
  const summary = messages.data?.summary;

  // Within the drawer's 960 px: a long reply wraps in its column instead of widening the table.
  const columns: ColumnsType<VendorNoticeItem> = [
    { title: t('supplierCode'), dataIndex: 'supplierCode', width: 120 },
    {
      title: t('supplierName'),
      dataIndex: 'supplierName',
      width: 180,
      render: (name: string) => <span data-testid="progress-supplier">{name}</span>,
    },
    { title: t('progress'), key: 'status', width: 120, render: (_, i) => <ItemStatus line={i} /> },
    {
      title: t('readAt'),
      dataIndex: 'readAt',
      width: 150,
      render: (v: number | null, i) => (v ? `${formatDate(v)} ${i.readByName}` : '-'),
    },
    {
      title: t('reply'),
      key: 'reply',
      width: 210,
      render: (_, i) => {
        const r = replies.get(i.id);
        if (!r) return '-';
        return (
          <Space direction="vertical" size={0}>
            {r.replyText && (
              <span data-testid="progress-reply" style={{ overflowWrap: 'anywhere' }}>
                {r.replyText}
              </span>
            )}
            {r.files.length > 0 && <FileLinks files={r.files} />}
            {r.ackAt && <span className="srm-vendor-hint">{t('acknowledgedBy', { name: r.ackByName })}</span>}
          </Space>
        );
      },
    },
    {
      title: t('remindedAt'),
      dataIndex: 'remindedAt',
      width: 130,
      render: (v: number | null) => formatDate(v) || '-',
    },
  ];
  return (
    <Drawer
      open={!!notice}
      title={notice ? t('progressOf', { title: notice.title }) : ''}
      onClose={() => {
        setStatus('all');
        onClose();
      }}
      size="min(960px, 100vw)"
      destroyOnHidden
      data-testid="vendor-notice-progress-drawer"
      extra={
        <Space wrap>
          <Auth code={VENDOR_CODES.noticeCheck}>
            <Button
              icon={<BellOutlined />}
              loading={remind.isPending}
              onClick={() => remind.mutate()}
              data-testid="vendor-notice-remind"
            >
              {t('remind')}
            </Button>
          </Auth>
          <Auth code={VENDOR_CODES.noticeExport}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportProgress}
              data-testid="vendor-notice-export"
            >
              {t('export')}
            </Button>
          </Auth>
        </Space>
      }
    >
      {summary && (
        <div className="srm-vendor-summary" data-testid="vendor-notice-summary">
          {(['targets', 'read', 'acknowledged', 'replied', 'overdue'] as const).map((k) => (
            <Statistic key={k} title={t(`summary.${k}`)} value={summary[k]} data-testid={`summary-${k}`} />
          ))}
        </div>
      )}
      <Segmented<Status>
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
        options={STATUSES.map((s) => ({ value: s, label: t(`filter.${s}`) }))}
        style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
        data-testid="vendor-notice-status"
      />
      <Table<VendorNoticeItem>
        rowKey="id"
        size="small"
        data-testid="vendor-notice-items"
        loading={items.isFetching}
        dataSource={items.data?.list ?? []}
        {...fixedColumns(columns)}
        pagination={tablePaging(page, setPage, items.data?.pagination.total, (total) =>
          t('total', { total }),
        )}
        columns={columns}
      />
      {notice && (
        <details style={{ marginTop: 16 }}>
          <summary>{t('noticeBody')}</summary>
          <NoticeBody notice={notice} />
          <FileLinks files={notice.files} />
        </details>
      )}
    </Drawer>
  );
}
