import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDate, type TenantCreate, type TenantRow } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/request';
import { platformApi, platformKeys } from './api';

const FIELDS = [
  'code',
  'name',
  'entName',
  'adminAccount',
  'adminName',
  'adminMobile',
  'adminPassword',
] as const;

/** Tenants: every tenant of the deployment, a new one with its first administrator, suspend and resume. */
export default function TenantsPage() {
  const { t } = useTranslation('platform');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: platformKeys.tenants, queryFn: platformApi.tenants });
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<TenantCreate>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: platformKeys.tenants });
  const fail = (e: unknown) => message.error(e instanceof ApiError ? e.msg : String(e));
  const create = useMutation({
    mutationFn: platformApi.createTenant,
    onSuccess: () => {
      message.success(t('tenants.form.title'));
      setOpen(false);
      form.resetFields();
      refresh();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields)
        form.setFields(
          Object.entries(e.fields).map(([name, msg]) => ({
            name: name as keyof TenantCreate,
            errors: [msg],
          })),
        );
      else fail(e);
    },
  });
  const toggle = useMutation({
    mutationFn: (row: TenantRow) =>
      row.status === 'active' ? platformApi.suspend(row.id) : platformApi.resume(row.id),
    onSuccess: refresh,
    onError: fail,
  });

  const columns: ColumnsType<TenantRow> = [
    { title: t('tenants.col.code'), dataIndex: 'code', key: 'code', width: 120 },
    { title: t('tenants.col.name'), dataIndex: 'name', key: 'name', width: 200 },
    {
      title: t('tenants.col.status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (status: TenantRow['status'], row) => (
        <Tag color={status === 'active' ? 'success' : 'error'} data-testid={`tenant-status-${row.code}`}>
          {t(`tenants.status.${status}`)}
        </Tag>
      ),
    },
    { title: t('tenants.col.users'), dataIndex: 'userCount', key: 'userCount', width: 90, align: 'right' },
    { title: t('tenants.col.admin'), dataIndex: 'adminAccount', key: 'adminAccount', width: 140 },
    {
      title: t('tenants.col.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      render: (at: number) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    {
      title: t('tenants.col.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, row) => {
        const suspend = row.status === 'active';
        return (
          <Popconfirm
            title={t(suspend ? 'tenants.suspendConfirm' : 'tenants.resumeConfirm', { name: row.name })}
            okButtonProps={{ danger: suspend }}
            onConfirm={() => toggle.mutateAsync(row).catch(() => undefined)}
          >
            <Button
              type="link"
              danger={suspend}
              data-testid={`tenant-${suspend ? 'suspend' : 'resume'}-${row.code}`}
            >
              {t(suspend ? 'tenants.suspend' : 'tenants.resume')}
            </Button>
          </Popconfirm>
        );
      },
    },
  ];

  return (
    <Card variant="borderless" title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('menu.tenants')}</h2>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setOpen(true)}
          data-testid="tenant-create"
        >
          {t('tenants.create')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('tenants.refresh')}
        </Button>
      </Space>
      <Table<TenantRow>
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="tenant-table"
      />
      <Modal
        open={open}
        title={t('tenants.form.title')}
        okText={t('tenants.form.ok')}
        cancelText={t('tenants.form.cancel')}
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': 'tenant-form-ok' } as Record<`data-${string}`, string>}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => create.mutate(values)} requiredMark={false}>
          {FIELDS.map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`tenants.form.${name}`)}
              rules={[{ required: true, message: t('login.required', { field: t(`tenants.form.${name}`) }) }]}
            >
              {name === 'adminPassword' ? (
                <Input.Password autoComplete="new-password" data-testid={`tenant-form-${name}`} />
              ) : (
                <Input data-testid={`tenant-form-${name}`} />
              )}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Card>
  );
}
