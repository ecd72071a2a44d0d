import { DownloadOutlined } from '@ant-design/icons';
import { formatDate, type LoginLog, Perm } from '@srm/contracts/core';
import { Button, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/request';
import { Auth, filterColumns, useAuth } from '../../../components/Auth';
import { ListTable } from '../../../components/ListTable';
import { tablePaging } from '../../../components/tablePaging';
import { logApi } from './api';
import { LogFilterBar } from './LogFilterBar';
import { useLogList } from './useLogList';

type LogColumn = ColumnType<LoginLog> & { auth?: string };

/** System → log, tab 登录日志: time-range and keyword filters, paging and CSV export. */
export default function LoginLogTab() {
  const { t } = useTranslation('system');
  const { hasColumn } = useAuth();
  const { form, filters, query, page, setPage, search, reset } = useLogList('loginLog', logApi.login);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await logApi.loginExport({ ...filters });
      saveBlob(blob, `login-log-${formatDate(Date.now(), 'yyyyMMddHHmm')}.csv`);
    } catch {
      // The request layer has shown the message.
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo(
    () =>
      filterColumns<LogColumn>(
        [
          { title: t('log.account'), dataIndex: 'account', key: 'account', width: 140, ellipsis: true },
          { title: t('log.userName'), dataIndex: 'userName', key: 'userName', width: 120, ellipsis: true },
          {
            title: t('log.result'),
            dataIndex: 'success',
            key: 'success',
            width: 100,
            render: (ok: boolean, row) => (
              <Tag color={ok ? 'success' : 'error'} title={row.msg}>
                {ok ? t('log.success') : t('log.failure')}
              </Tag>
            ),
          },
          {
            title: t('log.ipAddress'),
            dataIndex: 'ipAddress',
            key: 'ipAddress',
            width: 140,
            auth: Perm.logIpColumn,
          },
          {
            title: t('log.location'),
            dataIndex: 'ipAddressName',
            key: 'ipAddressName',
            width: 140,
            ellipsis: true,
          },
          { title: t('log.browser'), dataIndex: 'browser', key: 'browser', width: 140, ellipsis: true },
          { title: t('log.platform'), dataIndex: 'platform', key: 'platform', width: 130, ellipsis: true },
          {
            title: t('log.time'),
            dataIndex: 'createTime',
            key: 'createTime',
            width: 160,
            render: (value: number) => formatDate(value),
          },
        ],
        hasColumn,
      ),
    [t, hasColumn],
  );

  return (
    <div data-testid="log-login">
      <LogFilterBar
        form={form}
        prefix="log"
        keywordPlaceholder={t('log.keywordPlaceholder')}
        onSearch={search}
        onReset={reset}
        actions={
          <Auth code={Perm.logExport}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportCsv}
              data-testid="log-export"
            >
              {t('log.export')}
            </Button>
          </Auth>
        }
      />
      <ListTable<LoginLog>
        rowKey="id"
        size="middle"
        data-testid="log-table"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.list ?? []}
        pagination={tablePaging(page, setPage, query.data?.pagination.total, (total) =>
          t('log.total', { count: total }),
        )}
      />
    </div>
  );
}
