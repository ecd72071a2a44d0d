import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import {
  formatDate,
  SUPPLIER_STATES,
  type Supplier,
  type SupplierState,
  VENDOR_CODES,
} from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Tag, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type QueryParams, saveBlob } from '../../../api/request';
import { Auth } from '../../../components/Auth';
import { AreaCascader } from '../../../components/area';
import { DictTag, DictTreeSelect } from '../../../components/dict';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { ListTable } from '../../../components/ListTable';
import { RowAction } from '../../../components/listActions';
import { tablePaging } from '../../../components/tablePaging';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useListParams } from '../../../components/useListParams';
import { supplierApi, vendorKeys } from '../api';
import { SupplierStateTag } from '../shared';
import { SupplierDetailDrawer } from './SupplierDetailDrawer';

type Filters = {
  keyword?: string;
  supplierCode?: string;
  creditCode?: string;
  categoryCode?: string;
  state?: SupplierState;
  area?: string[];
  blacklisted?: 'true' | 'false';
};

/** The list request's filters from the form's values (the area is its last chosen level). */
function toParams(values: Filters): QueryParams {
  const { keyword, area, ...rest } = values;
  return {
    ...rest,
    supplierName: keyword,
    supplierCode: rest.supplierCode?.trim() || undefined,
    creditCode: rest.creditCode?.trim().toUpperCase() || undefined,
    areaCode: area?.at(-1),
  };
}

/** Suppliers → supplier records: search, export, and each supplier's detail with its life cycle. */
export default function SupplierPage() {
  const { t } = useTranslation('vendor');
  const actionsFixed = useActionsFixed();
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<QueryParams>();
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('id');
  const [exporting, setExporting] = useState(false);

  const list = useQuery({
    queryKey: vendorKeys.supplierList(params),
    queryFn: () => supplierApi.list(params),
    placeholderData: keepPreviousData,
  });

  const open = (id: string | null) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: true },
    );

  const exportList = async () => {
    setExporting(true);
    try {
      const { currentPage: _c, pageSize: _p, ...filters } = params;
      saveBlob(await supplierApi.exportList(filters), `${t('exportFile')}.xlsx`);
    } catch {
      // The request layer has shown the message.
    } finally {
      setExporting(false);
    }
  };

  const { token } = theme.useToken();
  // 1,060 px in all: the whole row fits a 1,400 px window beside the sidebar, without scrolling.
  const columns: ColumnsType<Supplier> = [
    {
      title: t('supplierCode'),
      dataIndex: 'supplierCode',
      key: 'supplierCode',
      width: 120,
      render: (code: string) => <span data-testid={`supplier-row-${code}`}>{code}</span>,
    },
    { title: t('supplierName'), dataIndex: 'supplierName', key: 'supplierName', width: 200, ellipsis: true },
    {
      title: t('creditCode'),
      dataIndex: 'creditCode',
      key: 'creditCode',
      width: 190,
      // Monospaced, the 18 characters take the same width whatever they are (a code with M and W
      // in a proportional font outgrew the column and pushed the row under the actions).
      render: (code: string) => <span style={{ fontFamily: token.fontFamilyCode }}>{code}</span>,
    },
    {
      title: t('stateLabel'),
      dataIndex: 'state',
      key: 'state',
      width: 110,
      render: (state: SupplierState, s) => (
        <Space size={4} wrap>
          <SupplierStateTag state={state} />
          {s.blacklisted && <Tag color="red">{t('blacklisted')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('categories'),
      dataIndex: 'categories',
      key: 'categories',
      width: 200,
      render: (codes: string[]) => (
        <Space size={[0, 4]} wrap>
          {codes.map((c) => (
            <DictTag key={c} typeCode="supplyCategory" value={c} />
          ))}
        </Space>
      ),
    },
    {
      title: t('createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 150,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 90,
      render: (_, s) => (
        <RowAction
          icon={<EyeOutlined />}
          onClick={() => open(s.id)}
          testId={`supplier-open-${s.supplierCode}`}
        >
          {t('detail')}
        </RowAction>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="supplier-page">
      <ListSearchForm<Filters>
        form={form}
        prefix="supplier"
        keywordLabel={t('supplierName')}
        keywordPlaceholder={t('namePlaceholder')}
        onSearch={(values) => search(toParams(values))}
        onReset={reset}
        actions={
          <Auth code={VENDOR_CODES.supplierExport}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportList}
              data-testid="supplier-export"
            >
              {t('export')}
            </Button>
          </Auth>
        }
      >
        <Form.Item name="supplierCode" label={t('supplierCode')}>
          <Input allowClear maxLength={50} style={{ width: 150 }} data-testid="supplier-filter-code" />
        </Form.Item>
        <Form.Item name="creditCode" label={t('creditCode')}>
          <Input allowClear maxLength={18} style={{ width: 190 }} data-testid="supplier-filter-credit" />
        </Form.Item>
        <Form.Item name="categoryCode" label={t('category')}>
          <DictTreeSelect
            typeCode="supplyCategory"
            allowClear
            style={{ width: 170 }}
            placeholder={t('all')}
            data-testid="supplier-filter-category"
          />
        </Form.Item>
        <Form.Item name="state" label={t('stateLabel')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('all')}
            data-testid="supplier-filter-state"
            options={SUPPLIER_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="area" label={t('area')}>
          <AreaCascader changeOnSelect placeholder={t('all')} data-testid="supplier-filter-area" />
        </Form.Item>
        <Form.Item name="blacklisted" label={t('blacklist')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('all')}
            options={[
              { value: 'true', label: t('blacklisted') },
              { value: 'false', label: t('notBlacklisted') },
            ]}
          />
        </Form.Item>
      </ListSearchForm>
      <ListTable<Supplier>
        rowKey="id"
        size="middle"
        data-testid="supplier-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        // Each column at its width: a long name ends in an ellipsis instead of pushing the row under
        // the actions.
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) => t('total', { total }))}
      />
      <SupplierDetailDrawer id={openId} onClose={() => open(null)} />
    </Card>
  );
}
