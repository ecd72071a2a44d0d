import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { API, formatDate, type LoginLog, type Page, Perm } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, type QueryParams, saveBlob } from '../../../api/request';
import { Auth, filterColumns, useAuth } from '../../../components/Auth';

interface Filters {
  keyword?: string;
  startTime?: number;
  endTime?: number;
}
interface FilterForm {
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

type LogColumn = ColumnType<LoginLog> & { auth?: string };

/** System → log, tab 登录日志: time-range and keyword filters, paging and CSV export. */
export default function LoginLogTab() {
  const { t } = useTranslation('system');
  const { hasColumn } = useAuth();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);

  const params: QueryParams = { ...filters, ...page };
  const query = useQuery({
    queryKey: ['system', 'loginLog', params],
    queryFn: () => http.get<Page<LoginLog>>(API.loginLog, params),
    placeholderData: keepPreviousData,
  });

  const search = () => {
    const { keyword, range } = form.getFieldsValue();
    setFilters({
      keyword: keyword?.trim() || undefined,
      startTime: range?.[0]?.valueOf(),
      endTime: range?.[1]?.valueOf(),
    });
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await http.blob(API.loginLogExport, { ...filters });
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
      <Form<FilterForm>
        form={form}
        layout="inline"
        onFinish={search}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="range" label={t('log.timeRange')}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder={[t('log.startTime'), t('log.endTime')]}
            data-testid="log-range"
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('log.keyword')}>
          <Input
            allowClear
            placeholder={t('log.keywordPlaceholder')}
            maxLength={100}
            data-testid="log-keyword"
          />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="log-search">
              {t('common:search')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset} data-testid="log-reset">
              {t('common:reset')}
            </Button>
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
          </Space>
        </Form.Item>
      </Form>
      <Table<LoginLog>
        rowKey="id"
        size="middle"
        data-testid="log-table"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: query.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('log.total', { total }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
    </div>
  );
}
