import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { OrgPerm, type Position } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../api/request';
import { Auth, useAuth } from '../../../components/Auth';
import {
  DeleteAction,
  ResetButton,
  RowAction,
  SearchButton,
  useActionColumn,
} from '../../../components/listActions';
import {
  applyServerFieldErrors,
  EnabledTag,
  invalidateOrg,
  OrgTreePanel,
  OrgTreeSelect,
  TreeListLayout,
  useOrgFormRules,
} from '../../../components/org';
import { tablePaging } from '../../../components/tablePaging';
import { toast } from '../../../utils/message';
import { type PositionBody, positionApi, positionKeys } from './api';
import { PositionStaffDrawer } from './PositionStaffDrawer';

type PositionForm = PositionBody;

/** The tree selection: a company lists its positions and its departments'; a department its own. */
interface Scope {
  id: string;
  type: 'company' | 'department';
  name: string;
}

/** Permission → position: the org tree on the left, the positions of the selection on the right. */
export default function PositionPage() {
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
    queryKey: positionKeys.list(params),
    queryFn: () => positionApi.list(params),
    placeholderData: keepPreviousData,
  });

  const afterWrite = () => void invalidateOrg(queryClient);
  const remove = useMutation({
    mutationFn: positionApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
  });
  const setState = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => positionApi.setState(id, enabled),
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

  const actionColumn = useActionColumn<Position>(t('field.actions'), 180, (row) => (
    <>
      {/* Everyone who sees positions may see who holds them (the server applies the user data rule). */}
      <RowAction icon={<TeamOutlined />} onClick={() => setStaffOf(row)} testId="position-staff">
        {t('position.staff')}
      </RowAction>
      <Auth code={OrgPerm.positionEdit}>
        <RowAction onClick={() => setEditing(row)} testId="position-edit">
          {t('action.edit')}
        </RowAction>
      </Auth>
      <DeleteAction
        code={OrgPerm.positionDelete}
        title={t('deleteConfirm', { name: row.positionName })}
        onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
        testId="position-delete"
        label={t('action.delete')}
      />
    </>
  ));
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
    actionColumn,
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
          <SearchButton prefix="position" onClick={search} />
          <ResetButton prefix="position" onClick={reset} />
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
          pagination={tablePaging(page, setPage, query.data?.pagination.total, (total) =>
            t('total', { total }),
          )}
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
      const body: PositionBody = {
        deptId: values.deptId,
        positionName: values.positionName.trim(),
        enCode: values.enCode.trim(),
        orderNum: values.orderNum ?? 0,
        enabled: values.enabled,
      };
      return position ? positionApi.update(position.id, body) : positionApi.create(body);
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
