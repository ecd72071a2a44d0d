import { SearchOutlined } from '@ant-design/icons';
import type { DataSource, DataSourceColumnType, DataSourceTable } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Collapse, Drawer, Empty, Input, Skeleton, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawerFocus } from '../../../components/useDrawerFocus';
import { TakeInButton } from '../dataSync/TakeInModel';
import { dataSourceApi, dataSourceKeys, refusalMessages } from './api';
import './dataSource.css';

type Column = DataSourceTable['columns'][number];

// Preset tag colours that styles/a11y.css keeps readable (4.5:1) in both themes; text stays plain.
const TYPE_COLORS: Record<DataSourceColumnType, string | undefined> = {
  text: undefined,
  number: 'blue',
  date: 'green',
  datetime: 'green',
  boolean: 'purple',
  json: 'gold',
};

const qualified = (table: DataSourceTable) => `${table.schema}.${table.name}`;

/**
 * A source's tables with their columns, read from the source itself when opened (it may be
 * unreachable: its server's message is shown, with a retry). A filter finds a table by its name or
 * by one of its columns' names.
 */
export function TablesDrawer({ source, onClose }: { source: DataSource; onClose: () => void }) {
  const { t } = useTranslation('dataSource');
  const [filter, setFilter] = useState('');
  const tables = useQuery({
    queryKey: dataSourceKeys.tables(source.id),
    queryFn: () => dataSourceApi.tables(source.id),
  });
  // Straight onto the filter: a keyboard user opened this to look for a table.
  const { body, afterOpenChange } = useDrawerFocus(true);
  const all = tables.data?.list;
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!all || !needle) return all ?? [];
    return all.filter(
      (x) =>
        qualified(x).toLowerCase().includes(needle) ||
        x.columns.some((c) => c.name.toLowerCase().includes(needle)),
    );
  }, [all, filter]);

  const columns = [
    {
      title: t('tables.column'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <code>{name}</code>,
    },
    {
      title: t('tables.type'),
      dataIndex: 'type',
      key: 'type',
      render: (type: DataSourceColumnType) => <Tag color={TYPE_COLORS[type]}>{t(`type.${type}`)}</Tag>,
    },
    {
      title: t('tables.dbType'),
      dataIndex: 'dbType',
      key: 'dbType',
      render: (dbType: string) => <code>{dbType}</code>,
    },
  ];

  return (
    <Drawer
      open
      title={t('tables.title', { name: source.name })}
      onClose={onClose}
      size="min(720px, 100vw)"
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      data-testid="dsrc-tables-drawer"
    >
      <div ref={body} tabIndex={-1}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('tables.search')}
          aria-label={t('tables.search')}
          maxLength={100}
          className="dsrc-tables-search"
          data-testid="dsrc-tables-search"
        />
        {tables.isPending ? (
          <Skeleton active />
        ) : tables.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('tables.failed')}
            description={refusalMessages(tables.error).join(' ')}
            action={
              <Button
                size="small"
                onClick={() => void tables.refetch()}
                loading={tables.isFetching}
                data-testid="dsrc-tables-retry"
              >
                {t('tables.retry')}
              </Button>
            }
            data-testid="dsrc-tables-error"
          />
        ) : (
          <div data-testid="dsrc-tables-list">
            <Typography.Paragraph type="secondary" aria-live="polite" data-testid="dsrc-tables-count">
              {filter.trim()
                ? t('tables.found', { count: shown.length, total: all?.length ?? 0 })
                : t('tables.total', { count: shown.length })}
            </Typography.Paragraph>
            {shown.length === 0 ? (
              <Empty description={filter.trim() ? t('tables.noMatch') : t('tables.none')} />
            ) : (
              <Collapse
                size="small"
                items={shown.map((table) => ({
                  key: qualified(table),
                  label: (
                    <span className="dsrc-table-label">
                      <code>{qualified(table)}</code>
                      <Typography.Text type="secondary">
                        {t('tables.columns', { count: table.columns.length })}
                      </Typography.Text>
                    </span>
                  ),
                  children: (
                    <>
                      {/* Taking the table in as a data model (and syncing it): dataSync/TakeInModel.tsx. */}
                      <TakeInButton source={source} table={table} />
                      <Table<Column>
                        size="small"
                        rowKey="name"
                        pagination={false}
                        scroll={{ x: 'max-content' }}
                        dataSource={table.columns}
                        columns={columns}
                      />
                    </>
                  ),
                }))}
              />
            )}
          </div>
        )}
      </div>
    </Drawer>
  );
}
