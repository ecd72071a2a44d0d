import { TeamOutlined } from '@ant-design/icons';
import { OrgPerm, type Position } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input, InputNumber, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditDeleteActions, RowAction, useActionColumn } from '../../../components/listActions';
import { FormModal, KeywordToolbar, PagedTable, useKeywordSearch } from '../../../components/listPage';
import {
  applyServerFieldErrors,
  EnabledTag,
  invalidateOrg,
  OrgTreePanel,
  OrgTreeSelect,
  TreeListLayout,
  useOrgFormRules,
} from '../../../components/org';
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
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
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

  const actionColumn = useActionColumn<Position>(t('field.actions'), 180, (row) => (
    <>
      {/* Everyone who sees positions may see who holds them (the server applies the user data rule). */}
      <RowAction icon={<TeamOutlined />} onClick={() => setStaffOf(row)} testId="position-staff">
        {t('position.staff')}
      </RowAction>
      <EditDeleteActions
        prefix="position"
        editCode={OrgPerm.positionEdit}
        onEdit={() => setEditing(row)}
        editLabel={t('action.edit')}
        deleteCode={OrgPerm.positionDelete}
        deleteTitle={t('deleteConfirm', { name: row.positionName })}
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('action.delete')}
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
        <KeywordToolbar
          prefix="position"
          search={keywordSearch}
          placeholder={t('position.keyword')}
          addCode={OrgPerm.positionAdd}
          onAdd={() => setEditing('new')}
          addLabel={t('action.add')}
        />
        <PagedTable<Position>
          testId="position-table"
          query={query}
          columns={columns}
          page={page}
          setPage={setPage}
          showTotal={(total) => t('total', { count: total })}
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
    <FormModal<PositionForm>
      form={form}
      title={position ? t('position.editTitle') : t('position.addTitle')}
      testId="position-form"
      width={560}
      saving={save.isPending}
      initialValues={initialValues}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
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
    </FormModal>
  );
}
