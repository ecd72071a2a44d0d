import { type ErrorLog, formatDate } from '@srm/contracts/core';
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

/** System → log, tab 错误日志: unexpected server errors and errors reported by browsers. */
export default function ErrorLogTab() {
  const { t } = useTranslation('system');
  const { form, query, page, setPage, search, reset } = useLogList('errorLog', logApi.error);

  const { hasColumn } = useAuth();
  const columns = useMemo<ColumnsType<ErrorLog>>(
    () =>
      filterColumns<LogColumn<ErrorLog>>(
        [
          {
            title: t('log.at'),
            dataIndex: 'createTime',
            key: 'createTime',
            width: 160,
            render: (value: number) => formatDate(value, 'yyyy-MM-dd HH:mm:ss'),
          },
          {
            title: t('log.source'),
            dataIndex: 'source',
            key: 'source',
            width: 100,
            render: (source: ErrorLog['source']) => (
              <Tag color={source === 'server' ? 'volcano' : 'purple'}>{t(`log.source_${source}`)}</Tag>
            ),
          },
          { title: t('log.userName'), dataIndex: 'userName', key: 'userName', width: 120, ellipsis: true },
          {
            title: t('log.message'),
            dataIndex: 'message',
            key: 'message',
            width: 360,
            render: (message: string) => <span style={{ wordBreak: 'break-word' }}>{message}</span>,
          },
          {
            title: t('log.path'),
            key: 'path',
            // A long path wraps inside its column (ListTable's text columns).
            ellipsis: true,
            width: 260,
            render: (_, row) => (
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {row.method ? `${row.method} ${row.path}` : row.path}
              </Typography.Text>
            ),
          },
          ...ipAndRequestIdColumns<ErrorLog>(t),
        ],
        hasColumn,
      ),
    [t, hasColumn],
  );

  return (
    <div data-testid="log-error">
      <LogFilterBar
        form={form}
        prefix="error-log"
        keywordPlaceholder={t('log.errorKeywordPlaceholder')}
        onSearch={search}
        onReset={reset}
      >
        <Form.Item name="source" label={t('log.source')}>
          <Select
            allowClear
            style={{ width: 120 }}
            data-testid="error-log-source"
            options={[
              { value: 'server', label: t('log.source_server') },
              { value: 'client', label: t('log.source_client') },
            ]}
          />
        </Form.Item>
      </LogFilterBar>
      <ListTable<ErrorLog>
        rowKey="id"
        size="middle"
        data-testid="error-log-table"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.list ?? []}
        expandable={{
          rowExpandable: (row) => row.stack.length > 0,
          expandedRowRender: (row) => (
            <pre
              style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12, maxHeight: 320, overflow: 'auto' }}
            >
              {row.stack}
            </pre>
          ),
        }}
        pagination={logPagination(t, page, setPage, query.data?.pagination)}
      />
    </div>
  );
}
