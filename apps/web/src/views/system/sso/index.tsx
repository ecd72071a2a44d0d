import { PlusOutlined } from '@ant-design/icons';
import { formatDate, SsoPerm, type SsoProvider } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { Auth } from '../../../components/Auth';
import { ListTable } from '../../../components/ListTable';
import { EditDeleteActions, RowAction, useActionColumn } from '../../../components/listActions';
import { toast } from '../../../utils/message';
import { ssoApi, ssoKeys } from './api';
import { SsoEditor } from './SsoEditor';

/**
 * 系统管理 › 单点登录: the tenant's identity providers (OIDC, CAS), offered on the sign-in page
 * as "sign in with …" (docs/sign-in.md). The client secret is kept on the server and never shown.
 */
export default function SsoPage() {
  const { t } = useTranslation('sso');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<SsoProvider | 'new' | null>(null);
  const query = useQuery({ queryKey: ssoKeys.list(), queryFn: ssoApi.list });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: ssoKeys.all });
  const remove = useMutation({
    mutationFn: ssoApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  const actionColumn = useActionColumn<SsoProvider>(t('actions'), 140, (row) => (
    <EditDeleteActions
      prefix="sso"
      editCode={SsoPerm.ssoEdit}
      onEdit={() => setOpen(row)}
      editLabel={t('edit')}
      deleteCode={SsoPerm.ssoDelete}
      deleteTitle={<span data-testid="sso-delete-title">{t('deleteConfirm', { name: row.name })}</span>}
      onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
      deleteLabel={t('delete')}
    />
  ));
  const columns: ColumnsType<SsoProvider> = [
    {
      title: t('col.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="sso-open">
          {name}
        </RowAction>
      ),
    },
    {
      title: t('col.kind'),
      key: 'kind',
      render: (_, row) => <Tag color={row.kind === 'oidc' ? 'blue' : 'gold'}>{t(`kind.${row.kind}`)}</Tag>,
    },
    {
      title: t('col.issuer'),
      dataIndex: 'issuer',
      key: 'issuer',
      ellipsis: true,
      render: (issuer: string) => <code>{issuer}</code>,
    },
    {
      title: t('col.enabled'),
      key: 'enabled',
      render: (_, row) =>
        row.enabled ? <Tag color="green">{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>,
    },
    { title: t('col.linkedUsers'), dataIndex: 'linkedUsers', key: 'linkedUsers' },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number | null) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    actionColumn,
  ];
  return (
    <Card variant="borderless" title={t('title')} data-testid="sso-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Auth code={SsoPerm.ssoAdd}>
          <Button icon={<PlusOutlined />} onClick={() => setOpen('new')} data-testid="sso-add">
            {t('add')}
          </Button>
        </Auth>
      </Space>
      <ListTable<SsoProvider>
        rowKey="id"
        data-testid="sso-table"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        columns={columns}
        pagination={false}
      />
      {open && (
        <SsoEditor id={open === 'new' ? null : open.id} onClose={() => setOpen(null)} onSaved={afterWrite} />
      )}
    </Card>
  );
}
