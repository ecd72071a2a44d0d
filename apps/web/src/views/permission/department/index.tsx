import { type DeptNode, OrgPerm } from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { ListTable } from '../../../components/ListTable';
import {
  actionColumns,
  DeleteAction,
  RowAction,
  TreeListToolbar,
  useActionColumn,
} from '../../../components/listActions';
import {
  applyServerFieldErrors,
  companyWithDepartments,
  EnabledTag,
  filterOrgTree,
  findOrgNode,
  invalidateOrg,
  OrgTreePanel,
  OrgTreeSelect,
  orgNodeIds,
  TreeListLayout,
  useOrgFormRules,
  useOrgTree,
} from '../../../components/org';
import { toast } from '../../../utils/message';
import { type DeptBody, departmentApi } from './api';
import { ManagerSelect } from './ManagerSelect';

type DeptForm = DeptBody;

type Editing = { mode: 'create'; parentId: string } | { mode: 'edit'; dept: DeptNode };

/** Permission → department: pick a company on the left, keep its department tree on the right. */
export default function DepartmentPage() {
  const { t } = useTranslation('org');
  const queryClient = useQueryClient();
  const { has } = useAuth();
  const tree = useOrgTree();
  const [pickedCompanyId, setPickedCompanyId] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [collapsed, setCollapsed] = useState<string[]>([]);

  // Until one is picked (or when the picked one is gone), the first head office.
  const companyId =
    pickedCompanyId && findOrgNode(tree.data ?? [], pickedCompanyId) ? pickedCompanyId : tree.data?.[0]?.id;
  const company = useMemo(() => companyWithDepartments(tree.data ?? [], companyId), [tree.data, companyId]);
  const departments = useMemo(() => filterOrgTree(company?.children ?? [], keyword), [company, keyword]);
  const expandedRowKeys = useMemo(
    () => orgNodeIds(departments).filter((id) => keyword || !collapsed.includes(id)),
    [departments, collapsed, keyword],
  );

  const remove = useMutation({
    mutationFn: departmentApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      void invalidateOrg(queryClient);
    },
  });

  const actionColumn = useActionColumn<DeptNode>(t('field.actions'), 200, (row) => (
    <>
      <Auth code={OrgPerm.departmentAdd}>
        <RowAction
          onClick={() => setEditing({ mode: 'create', parentId: row.id })}
          testId="department-add-child"
        >
          {t('department.addChild')}
        </RowAction>
      </Auth>
      <Auth code={OrgPerm.departmentEdit}>
        <RowAction onClick={() => setEditing({ mode: 'edit', dept: row })} testId="department-edit">
          {t('action.edit')}
        </RowAction>
      </Auth>
      <DeleteAction
        code={OrgPerm.departmentDelete}
        title={t('deleteConfirm', { name: row.deptName })}
        onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
        testId="department-delete"
        label={t('action.delete')}
      />
    </>
  ));
  // Without any action code, no empty 操作 column.
  const canAct = has(OrgPerm.departmentAdd) || has(OrgPerm.departmentEdit) || has(OrgPerm.departmentDelete);
  const columns = actionColumns<DeptNode>(
    [
      { title: t('department.name'), dataIndex: 'deptName', key: 'deptName' },
      { title: t('field.enCode'), dataIndex: 'enCode', key: 'enCode' },
      {
        title: t('department.manager'),
        dataIndex: 'managerName',
        key: 'managerName',
        width: 120,
        render: (name: string | null) => name ?? '-',
      },
      { title: t('field.orderNum'), dataIndex: 'orderNum', key: 'orderNum', width: 70 },
      {
        title: t('field.status'),
        dataIndex: 'enabled',
        key: 'enabled',
        width: 80,
        render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
      },
      actionColumn,
    ],
    canAct,
  );

  return (
    <TreeListLayout
      tree={
        <OrgTreePanel
          companiesOnly
          selectedId={companyId}
          onSelect={(node) => node && setPickedCompanyId(node.id)}
          data-testid="department-companies"
        />
      }
    >
      <Card
        variant="borderless"
        title={company?.deptName}
        data-testid="department-page"
        styles={{ header: { minHeight: 48 } }}
      >
        <TreeListToolbar
          prefix="department"
          placeholder={t('department.filter')}
          onFilter={setKeyword}
          addCode={OrgPerm.departmentAdd}
          addDisabled={!company}
          onAdd={() => company && setEditing({ mode: 'create', parentId: company.id })}
          addLabel={t('action.add')}
          onRefresh={() => void invalidateOrg(queryClient)}
          refreshLabel={t('action.refresh')}
        />
        <ListTable<DeptNode>
          rowKey="id"
          size="middle"
          data-testid="department-table"
          loading={tree.isFetching}
          columns={columns}
          dataSource={departments}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('department.empty')} />,
          }}
          expandable={{
            expandedRowKeys,
            onExpandedRowsChange: (keys) => {
              const open = new Set(keys.map(String));
              setCollapsed(orgNodeIds(departments).filter((id) => !open.has(id)));
            },
          }}
        />
      </Card>
      {editing && company && (
        <DeptFormModal editing={editing} companyId={company.id} onClose={() => setEditing(null)} />
      )}
    </TreeListLayout>
  );
}

function DeptFormModal({
  editing,
  companyId,
  onClose,
}: {
  editing: Editing;
  companyId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('org');
  const queryClient = useQueryClient();
  const rules = useOrgFormRules();
  const [form] = Form.useForm<DeptForm>();
  const dept = editing.mode === 'edit' ? editing.dept : null;
  const save = useMutation({
    mutationFn: (values: DeptForm) => {
      const body: DeptBody = {
        parentId: values.parentId,
        deptName: values.deptName.trim(),
        enCode: values.enCode.trim(),
        managerId: values.managerId ?? null,
        orderNum: values.orderNum ?? 0,
        enabled: values.enabled,
      };
      return dept ? departmentApi.update(dept.id, body) : departmentApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      void invalidateOrg(queryClient);
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const initialValues: DeptForm = dept
    ? {
        parentId: dept.parentId,
        deptName: dept.deptName,
        enCode: dept.enCode,
        managerId: dept.managerId,
        orderNum: dept.orderNum,
        enabled: dept.enabled,
      }
    : {
        parentId: editing.mode === 'create' ? editing.parentId : companyId,
        deptName: '',
        enCode: '',
        managerId: null,
        orderNum: 0,
        enabled: true,
      };
  return (
    <Modal
      open
      title={dept ? t('department.editTitle') : t('department.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'department-form-submit' }}
      destroyOnHidden
      width={560}
    >
      <Form<DeptForm>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        data-testid="department-form"
      >
        <Form.Item
          name="parentId"
          label={t('department.parent')}
          rules={[{ required: true, message: t('department.parentRequired') }]}
        >
          <OrgTreeSelect companyId={companyId} excludeId={dept?.id} data-testid="department-form-parent" />
        </Form.Item>
        <Form.Item name="deptName" label={t('department.name')} rules={rules.name}>
          <Input maxLength={50} data-testid="department-form-name" />
        </Form.Item>
        <Form.Item name="enCode" label={t('field.enCode')} rules={rules.enCode}>
          <Input maxLength={50} data-testid="department-form-code" />
        </Form.Item>
        <Form.Item name="managerId" label={t('department.manager')}>
          <ManagerSelect managerName={dept?.managerName} data-testid="department-form-manager" />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="orderNum" label={t('field.orderNum')}>
            <InputNumber min={0} max={999999} precision={0} data-testid="department-form-order" />
          </Form.Item>
          <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
            <Switch data-testid="department-form-enabled" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
