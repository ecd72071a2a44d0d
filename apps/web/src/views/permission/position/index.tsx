import { PlusOutlined, ReloadOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { OrgApi, OrgPerm, type Page, type Position } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, type QueryParams } from '../../../api/request';
import { Auth, useAuth } from '../../../components/Auth';
import {
  applyServerFieldErrors,
  EnabledTag,
  invalidateOrg,
  ORG_QUERY_KEY,
  OrgTreePanel,
  OrgTreeSelect,
  TreeListLayout,
  useOrgFormRules,
} from '../../../components/org';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { toast } from '../../../utils/message';
import { PositionStaffDrawer } from './PositionStaffDrawer';

interface PositionForm {
  deptId: string;
  positionName: string;
  enCode: string;
  orderNum: number;
  enabled: boolean;
}

/** The tree selection: a company lists its positions and its departments'; a department its own. */
interface Scope {
  id: string;
  type: 'company' | 'department';
  name: string;
}

/** Permission → position: the org tree on the left, the positions of the selection on the right. */
export default function PositionPage() {
  const actionsFixed = useActionsFixed();
  const { t } = useTranslation('org');
  const queryClient = useQueryClient();
  const { has } = useAuth();
  const [scope, setScope] = useState<Scope | null>(null);
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<Position | 'new' | null>(null);
  const [staffOf, setStaffOf] = useState<Position | null>(null);

  const params: QueryParams = {
    ...page,
    keyword: keyword || undefined,
    companyId: scope?.type === 'company' ? scope.id : undefined,
    deptId: scope?.type === 'department' ? scope.id : undefined,
  };
  const query = useQuery({
    queryKey: [...ORG_QUERY_KEY, 'positions', params],
    queryFn: () => http.get<Page<Position>>(OrgApi.position, params),
    placeholderData: keepPreviousData,
  });

  const afterWrite = () => void invalidateOrg(queryClient);
  const remove = useMutation({
    mutationFn: (id: string) => http.delete(`${OrgApi.position}/${id}`),
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
  });
  const setState = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      http.put(OrgApi.positionState(id), { enabled }),
    onSuccess: () => {
      toast.success(t('saved'));
      afterWrite();
    },
  });

  const search = () => {
    setKeyword(typed.trim());
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const reset = () => {
    setTyped('');
    setKeyword('');
    setPage((p) => ({ ...p, currentPage: 1 }));
  };

  const columns: ColumnsType<Position> = [
    { title: t('position.name'), dataIndex: 'positionName', key: 'positionName' },
    { title: t('field.enCode'), dataIndex: 'enCode', key: 'enCode' },
    {
      title: t('position.dept'),
      dataIndex: 'deptName',
      key: 'deptName',
      render: (name: string | null) => name ?? '-',
    },
    { title: t('position.userCount'), dataIndex: 'userCount', key: 'userCount', width: 80 },
    { title: t('field.orderNum'), dataIndex: 'orderNum', key: 'orderNum', width: 70 },
    {
      title: t('field.status'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 80,
      render: (enabled: boolean, row) =>
        has(OrgPerm.positionEdit) ? (
          <Switch
            size="small"
            checked={enabled}
            loading={setState.isPending && setState.variables?.id === row.id}
            onChange={(checked) => setState.mutate({ id: row.id, enabled: checked })}
            aria-label={t('field.enabled')}
            data-testid="position-state"
          />
        ) : (
          <EnabledTag enabled={enabled} />
        ),
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 180,
      render: (_, row) => (
        <Space size={0}>
          {/* Everyone who sees positions may see who holds them (the server applies the user data rule). */}
          <Button
            type="link"
            size="small"
            icon={<TeamOutlined />}
            onClick={() => setStaffOf(row)}
            data-testid="position-staff"
          >
            {t('position.staff')}
          </Button>
          <Auth code={OrgPerm.positionEdit}>
            <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="position-edit">
              {t('action.edit')}
            </Button>
          </Auth>
          <Auth code={OrgPerm.positionDelete}>
            <Popconfirm
              title={t('deleteConfirm', { name: row.positionName })}
              onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
              okButtonProps={{ danger: true, 'data-testid': 'position-delete-confirm' }}
            >
              <Button type="link" size="small" danger data-testid="position-delete">
                {t('action.delete')}
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <TreeListLayout
      tree={
        <OrgTreePanel
          selectedId={scope?.id}
          onSelect={(node) => {
            setScope(node ? { id: node.id, type: node.deptType, name: node.deptName } : null);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          data-testid="position-org"
        />
      }
    >
      <Card
        variant="borderless"
        title={scope?.name ?? t('position.all')}
        data-testid="position-page"
        styles={{ header: { minHeight: 48 } }}
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onPressEnter={search}
            placeholder={t('position.keyword')}
            maxLength={100}
            style={{ width: 220, maxWidth: '100%' }}
            data-testid="position-keyword"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="position-search">
            {t('common:search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="position-reset">
            {t('common:reset')}
          </Button>
          <Auth code={OrgPerm.positionAdd}>
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="position-add">
              {t('action.add')}
            </Button>
          </Auth>
        </Space>
        <Table<Position>
          rowKey="id"
          size="middle"
          data-testid="position-table"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: query.data?.pagination.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('total', { total }),
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
        />
      </Card>
      <PositionStaffDrawer position={staffOf} onClose={() => setStaffOf(null)} />
      {editing && (
        <PositionFormModal
          position={editing === 'new' ? null : editing}
          defaultDeptId={scope?.id}
          onClose={() => setEditing(null)}
          onSaved={afterWrite}
        />
      )}
    </TreeListLayout>
  );
}

function PositionFormModal({
  position,
  defaultDeptId,
  onClose,
  onSaved,
}: {
  position: Position | null;
  defaultDeptId?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('org');
  const rules = useOrgFormRules();
  const [form] = Form.useForm<PositionForm>();
  const save = useMutation({
    mutationFn: (values: PositionForm) => {
      const body = {
        deptId: values.deptId,
        positionName: values.positionName.trim(),
        enCode: values.enCode.trim(),
        orderNum: values.orderNum ?? 0,
        enabled: values.enabled,
      };
      return position
        ? http.put(`${OrgApi.position}/${position.id}`, body)
        : http.post(OrgApi.position, body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      onSaved();
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const initialValues: Partial<PositionForm> = position
    ? {
        deptId: position.deptId ?? undefined,
        positionName: position.positionName,
        enCode: position.enCode,
        orderNum: position.orderNum,
        enabled: position.enabled,
      }
    : { deptId: defaultDeptId, positionName: '', enCode: '', orderNum: 0, enabled: true };
  return (
    <Modal
      open
      title={position ? t('position.editTitle') : t('position.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'position-form-submit' }}
      destroyOnHidden
      width={560}
    >
      <Form<PositionForm>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        data-testid="position-form"
      >
        <Form.Item
          name="deptId"
          label={t('position.dept')}
          rules={[{ required: true, message: t('position.deptRequired') }]}
        >
          <OrgTreeSelect data-testid="position-form-dept" />
        </Form.Item>
        <Form.Item name="positionName" label={t('position.name')} rules={rules.name}>
          <Input maxLength={50} data-testid="position-form-name" />
        </Form.Item>
        <Form.Item name="enCode" label={t('field.enCode')} rules={rules.enCode}>
          <Input maxLength={50} data-testid="position-form-code" />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="orderNum" label={t('field.orderNum')}>
            <InputNumber min={0} max={999999} precision={0} data-testid="position-form-order" />
          </Form.Item>
          <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
            <Switch data-testid="position-form-enabled" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
