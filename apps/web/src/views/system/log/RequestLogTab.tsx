import { formatDate, REQUEST_METHODS, type RequestLog } from '@srm/contracts/core';
import { Form, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filterColumns, useAuth } from '../../../components/Auth';
import { ListTable } from '../../../components/ListTable';
import { logApi } from './api';
import { LogFilterBar } from './LogFilterBar';
import { ipAndRequestIdColumns, type LogColumn } from './logColumns';
import { logPagination } from './logPagination';
import { useLogList } from './useLogList';

const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'gold',
  DELETE: 'red',
};

/** System → log, tab 请求日志: every write, and reads that failed or were slow. */
export default function RequestLogTab() {
  const { t } = useTranslation('system');
  const { form, query, page, setPage, search, reset } = useLogList('requestLog', logApi.request);

  const { hasColumn } = useAuth();
  const columns = useMemo<ColumnsType<RequestLog>>(
    () =>
      filterColumns<LogColumn<RequestLog>>(
        [
          {
            title: t('log.at'),
            dataIndex: 'createTime',
            key: 'createTime',
            width: 160,
            render: (value: number) => formatDate(value, 'yyyy-MM-dd HH:mm:ss'),
          },
          { title: t('log.userName'), dataIndex: 'userName', key: 'userName', width: 120, ellipsis: true },
          {
            title: t('log.method'),
            dataIndex: 'method',
            key: 'method',
            width: 90,
            render: (method: string) => <Tag color={METHOD_COLORS[method]}>{method}</Tag>,
          },
          {
            title: t('log.path'),
            dataIndex: 'path',
            key: 'path',
            // A long path wraps inside its column (ListTable's text columns).
            ellipsis: true,
            width: 320,
            render: (path: string) => (
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {path}
              </Typography.Text>
            ),
          },
          {
            title: t('log.outcome'),
            key: 'outcome',
            width: 130,
            render: (_, row) => {
              const ok = row.code === 0 && row.status < 400;
              return (
                <Tag color={ok ? 'success' : 'error'} data-testid="request-log-outcome">
                  {ok ? t('log.success') : t('log.failureCode', { code: row.code || row.status })}
                </Tag>
              );
            },
          },
          { title: t('log.status'), dataIndex: 'status', key: 'status', width: 90 },
          {
            title: t('log.duration'),
            dataIndex: 'duration',
            key: 'duration',
            width: 100,
            render: (ms: number) => t('log.ms', { ms }),
          },
          ...ipAndRequestIdColumns<RequestLog>(t),
        ],
        hasColumn,
      ),
    [t, hasColumn],
  );

  return (
    <div data-testid="log-request">
      <LogFilterBar
        form={form}
        prefix="request-log"
        keywordPlaceholder={t('log.requestKeywordPlaceholder')}
        onSearch={search}
        onReset={reset}
      >
        <Form.Item name="method" label={t('log.method')}>
          <Select
            allowClear
            style={{ width: 120 }}
            data-testid="request-log-method"
            options={REQUEST_METHODS.map((m) => ({ value: m, label: m }))}
          />
        </Form.Item>
        <Form.Item name="outcome" label={t('log.outcome')}>
          <Select
            allowClear
            style={{ width: 120 }}
            data-testid="request-log-outcome-filter"
            options={[
              { value: 'success', label: t('log.success') },
              { value: 'failure', label: t('log.failure') },
            ]}
          />
        </Form.Item>
      </LogFilterBar>
      <ListTable<RequestLog>
        rowKey="id"
        size="middle"
        data-testid="request-log-table"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.list ?? []}
        pagination={logPagination(t, page, setPage, query.data?.pagination)}
      />
    </div>
  );
}
