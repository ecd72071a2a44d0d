import {
  nextSupplierState,
  SUPPLIER_ACTIONS,
  type SupplierAction,
  type SupplierDetail,
  type SupplierState,
  VENDOR_CODES,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Form, Input, Modal, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../components/Auth';
import { DictTag } from '../../../components/dict';
import { toast } from '../../../utils/message';
import { DeliveryFigures } from '../../procurement/delivery/DeliveryFigures';
import { supplierApi, vendorKeys } from '../api';
import { BanksTable, CompanyDescriptions, ContactsTable, QualificationsTable } from '../SupplierRecord';
import { SupplierEvaluationCard } from './SupplierEvaluationCard';
import { SupplierHistoryTab, SupplierNoticesTab } from './SupplierTabs';

type Detail = SupplierDetail;

/** Life-cycle buttons: the moves the cycle allows from the current state, and the blacklist. */
function LifeCycleActions({ s }: { s: Detail }) {
  const { t } = useTranslation('vendor');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [blacklisting, setBlacklisting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const done = (data: Detail) => {
    queryClient.setQueryData(vendorKeys.supplier(s.id), data);
    void queryClient.invalidateQueries({ queryKey: vendorKeys.suppliers() });
  };
  const move = useMutation({
    mutationFn: (action: SupplierAction) => supplierApi.state(s.id, action),
    onSuccess: (data, action) => {
      toast.success(t(`actionDone.${action}`));
      done(data);
    },
  });
  const blacklist = useMutation({
    mutationFn: ({ on, reason }: { on: boolean; reason: string }) => supplierApi.blacklist(s.id, on, reason),
    onSuccess: (data) => {
      toast.success(t('saved'));
      setBlacklisting(false);
      done(data);
    },
  });
  const allowed = SUPPLIER_ACTIONS.filter((a) => nextSupplierState(s.state as SupplierState, a));
  return (
    <Auth code={VENDOR_CODES.supplierState}>
      <Space wrap>
        {allowed.map((action) => (
          <Button
            key={action}
            danger={action === 'freeze' || action === 'eliminate'}
            loading={move.isPending && move.variables === action}
            data-testid={`supplier-action-${action}`}
            onClick={() =>
              modal.confirm({
                title: t('common:tip'),
                content: t(`actionConfirm.${action}`, { name: s.supplierName }),
                okText: t('common:confirm'),
                cancelText: t('common:cancel'),
                okButtonProps: {
                  'data-testid': 'supplier-action-ok',
                  danger: action !== 'qualify' && action !== 'unfreeze',
                },
                onOk: () => move.mutateAsync(action).catch(() => undefined),
              })
            }
          >
            {t(`action.${action}`)}
          </Button>
        ))}
        {s.blacklisted ? (
          <Button
            loading={blacklist.isPending}
            onClick={() => blacklist.mutate({ on: false, reason: '' })}
            data-testid="supplier-unblacklist"
          >
            {t('unblacklist')}
          </Button>
        ) : (
          <Button danger onClick={() => setBlacklisting(true)} data-testid="supplier-blacklist">
            {t('toBlacklist')}
          </Button>
        )}
      </Space>
      <Modal
        open={blacklisting}
        title={t('toBlacklist')}
        onCancel={() => setBlacklisting(false)}
        onOk={() => form.submit()}
        confirmLoading={blacklist.isPending}
        okButtonProps={{ danger: true, 'data-testid': 'supplier-blacklist-ok' }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => blacklist.mutate({ on: true, reason: v.reason })}
        >
          <Form.Item
            name="reason"
            label={t('blacklistReason')}
            rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
          >
            <Input.TextArea maxLength={500} showCount rows={3} data-testid="supplier-blacklist-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Auth>
  );
}

/** A supplier's record in tabs, with its life-cycle actions (opened from the list by `?id=`). */
export function SupplierDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('vendor');
  const detail = useQuery({
    queryKey: vendorKeys.supplier(id ?? ''),
    queryFn: () => supplierApi.detail(id ?? ''),
    enabled: !!id,
  });
  const s = detail.data;
  return (
    <Drawer
      open={!!id}
      title={s ? s.supplierName : t('detail')}
      onClose={onClose}
      size="min(920px, 100vw)"
      destroyOnHidden
      data-testid="supplier-detail"
    >
      <Spin spinning={detail.isLoading}>
        {s ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <LifeCycleActions s={s} />
            <SupplierEvaluationCard id={s.id} />
            <DeliveryFigures supplierId={s.id} />
            <Tabs
              data-testid="supplier-tabs"
              items={[
                { key: 'company', label: t('tab.company'), children: <CompanyDescriptions s={s} /> },
                { key: 'contacts', label: t('tab.contacts'), children: <ContactsTable s={s} /> },
                {
                  key: 'bank',
                  label: t('tab.bank'),
                  children: <BanksTable s={s} />,
                },
                {
                  key: 'categories',
                  label: t('tab.categories'),
                  children: (
                    <Table
                      rowKey="categoryCode"
                      size="small"
                      pagination={false}
                      data-testid="supplier-categories"
                      dataSource={s.categoryLines}
                      columns={[
                        {
                          title: t('category'),
                          dataIndex: 'categoryCode',
                          render: (c: string) => <DictTag typeCode="supplyCategory" value={c} />,
                        },
                        {
                          title: t('qualified'),
                          dataIndex: 'qualified',
                          render: (q: boolean) => (
                            <Tag color={q ? 'green' : 'default'}>
                              {q ? t('qualifiedYes') : t('qualifiedNo')}
                            </Tag>
                          ),
                        },
                      ]}
                    />
                  ),
                },
                {
                  key: 'qualifications',
                  label: t('tab.qualifications'),
                  children: <QualificationsTable s={s} />,
                },
                {
                  key: 'users',
                  label: t('tab.users'),
                  children: (
                    <Table
                      rowKey="id"
                      size="small"
                      pagination={false}
                      scroll={{ x: 'max-content' }}
                      data-testid="supplier-users"
                      dataSource={s.users}
                      columns={[
                        {
                          title: t('account'),
                          dataIndex: 'account',
                          render: (a: string, u) => (
                            <Space size={4}>
                              {a}
                              {u.id === s.adminUserId && <Tag color="gold">{t('vendorAdmin')}</Tag>}
                            </Space>
                          ),
                        },
                        { title: t('realName'), dataIndex: 'realName' },
                        { title: t('mobile'), dataIndex: 'mobile' },
                        {
                          title: t('enabled'),
                          dataIndex: 'enabled',
                          render: (e: boolean) => (
                            <Tag color={e ? 'green' : 'default'}>{e ? t('enabledYes') : t('enabledNo')}</Tag>
                          ),
                        },
                      ]}
                    />
                  ),
                },
                { key: 'notices', label: t('tab.notices'), children: <SupplierNoticesTab id={s.id} /> },
                { key: 'history', label: t('tab.history'), children: <SupplierHistoryTab id={s.id} /> },
              ]}
            />
          </Space>
        ) : (
          !detail.isLoading && <Empty />
        )}
      </Spin>
    </Drawer>
  );
}
