import { type DeptNode, OrgPerm } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
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
  companiesOf,
  EnabledTag,
  filterOrgTree,
  invalidateOrg,
  OrgTreeSelect,
  orgNodeIds,
  useOrgFormRules,
  useOrgTree,
} from '../../../components/org';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { companyApi, companyKeys } from './api';

interface CompanyForm {
  parentId: string;
  deptName: string;
  enCode: string;
  orderNum: number;
  enabled: boolean;
}

type Editing = { mode: 'create'; parentId: string } | { mode: 'edit'; company: DeptNode };

/** Permission → organisation: the company tree (head office, sub-companies) and its upkeep. */
export default function OrganizePage() {
  const { t } = useTranslation('org');
  const queryClient = useQueryClient();
  const { has } = useAuth();
  const tree = useOrgTree();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [moving, setMoving] = useState<DeptNode | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<string[]>([]);

  const companies = useMemo(() => filterOrgTree(companiesOf(tree.data ?? []), keyword), [tree.data, keyword]);
  const expandedRowKeys = useMemo(
    () => orgNodeIds(companies).filter((id) => keyword || !collapsed.includes(id)),
    [companies, collapsed, keyword],
  );

  const remove = useMutation({
    mutationFn: companyApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      void invalidateOrg(queryClient);
    },
  });

  const actionColumn = useActionColumn<DeptNode>(t('field.actions'), 260, (row) => (
    <>
      <Auth code={OrgPerm.organizeAdd}>
        <RowAction
          onClick={() => setEditing({ mode: 'create', parentId: row.id })}
          testId="organize-add-child"
        >
          {t('company.addChild')}
        </RowAction>
      </Auth>
      <Auth code={OrgPerm.organizeEdit}>
        <RowAction onClick={() => setEditing({ mode: 'edit', company: row })} testId="organize-edit">
          {t('action.edit')}
        </RowAction>
        <RowAction onClick={() => setMoving(row)} testId="organize-move">
          {t('action.move')}
        </RowAction>
      </Auth>
      <DeleteAction
        code={OrgPerm.organizeDelete}
        title={t('deleteConfirm', { name: row.deptName })}
        onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
        testId="organize-delete"
        label={t('action.delete')}
      />
    </>
  ));
  // Without any action code, no empty 操作 column.
  const canAct = has(OrgPerm.organizeAdd) || has(OrgPerm.organizeEdit) || has(OrgPerm.organizeDelete);
  const columns = actionColumns<DeptNode>(
    [
      {
        title: t('company.name'),
        dataIndex: 'deptName',
        key: 'deptName',
        render: (name: string, row) => (
          <Button type="link" size="small" onClick={() => setDetailId(row.id)} data-testid="organize-detail">
            {name}
          </Button>
        ),
      },
      { title: t('field.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
      { title: t('field.orderNum'), dataIndex: 'orderNum', key: 'orderNum', width: 90 },
      {
        title: t('field.status'),
        dataIndex: 'enabled',
        key: 'enabled',
        width: 90,
        render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
      },
      actionColumn,
    ],
    canAct,
  );

  return (
    <Card variant="borderless" data-testid="organize-page">
      <TreeListToolbar
        prefix="organize"
        placeholder={t('company.filter')}
        onFilter={setKeyword}
        addCode={OrgPerm.organizeAdd}
        onAdd={() => setEditing({ mode: 'create', parentId: '0' })}
        addLabel={t('action.add')}
        onRefresh={() => void invalidateOrg(queryClient)}
        refreshLabel={t('action.refresh')}
      />
      <ListTable<DeptNode>
        rowKey="id"
        size="middle"
        data-testid="organize-table"
        loading={tree.isFetching}
        columns={columns}
        dataSource={companies}
        pagination={false}
        expandable={{
          expandedRowKeys,
          onExpandedRowsChange: (keys) => {
            const open = new Set(keys.map(String));
            setCollapsed(orgNodeIds(companies).filter((id) => !open.has(id)));
          },
        }}
      />
      {editing && <CompanyFormModal editing={editing} onClose={() => setEditing(null)} />}
      {moving && <MoveModal company={moving} onClose={() => setMoving(null)} />}
      <CompanyDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}

function CompanyFormModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('org');
  const queryClient = useQueryClient();
  const rules = useOrgFormRules();
  const [form] = Form.useForm<CompanyForm>();
  const company = editing.mode === 'edit' ? editing.company : null;
  const save = useMutation({
    mutationFn: (values: CompanyForm) => {
      const body = {
        deptName: values.deptName.trim(),
        enCode: values.enCode.trim(),
        orderNum: values.orderNum ?? 0,
        enabled: values.enabled,
      };
      return company
        ? companyApi.update(company.id, body)
        : companyApi.create({ ...body, parentId: values.parentId });
    },
    onSuccess: () => {
      toast.success(t('saved'));
      void invalidateOrg(queryClient);
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const initialValues: CompanyForm = company
    ? {
        parentId: company.parentId,
        deptName: company.deptName,
        enCode: company.enCode,
        orderNum: company.orderNum,
        enabled: company.enabled,
      }
    : {
        parentId: editing.mode === 'create' ? editing.parentId : '0',
        deptName: '',
        enCode: '',
        orderNum: 0,
        enabled: true,
      };
  return (
    <Modal
      open
      title={company ? t('company.editTitle') : t('company.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'organize-form-submit' }}
      destroyOnHidden
      width={560}
    >
      <Form<CompanyForm>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        data-testid="organize-form"
      >
        <Form.Item
          name="parentId"
          label={t('company.parent')}
          extra={company ? t('company.parentHint') : null}
        >
          <OrgTreeSelect
            companiesOnly
            rootLabel={t('company.topLevel')}
            disabled={!!company}
            data-testid="organize-form-parent"
          />
        </Form.Item>
        <Form.Item name="deptName" label={t('company.name')} rules={rules.name}>
          <Input maxLength={50} data-testid="organize-form-name" />
        </Form.Item>
        <Form.Item name="enCode" label={t('field.enCode')} rules={rules.enCode}>
          <Input maxLength={50} data-testid="organize-form-code" />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="orderNum" label={t('field.orderNum')}>
            <InputNumber min={0} max={999999} precision={0} data-testid="organize-form-order" />
          </Form.Item>
          <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
            <Switch data-testid="organize-form-enabled" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function MoveModal({ company, onClose }: { company: DeptNode; onClose: () => void }) {
  const { t } = useTranslation('org');
  const queryClient = useQueryClient();
  const [parentId, setParentId] = useState(company.parentId);
  const move = useMutation({
    mutationFn: () => companyApi.move(company.id, parentId),
    onSuccess: () => {
      toast.success(t('saved'));
      void invalidateOrg(queryClient);
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('company.moveTitle', { name: company.deptName })}
      onCancel={onClose}
      onOk={() => move.mutate()}
      okButtonProps={{ disabled: parentId === company.parentId, 'data-testid': 'organize-move-submit' }}
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('company.newParent')}>
          <OrgTreeSelect
            companiesOnly
            rootLabel={t('company.topLevel')}
            excludeId={company.id}
            value={parentId}
            onChange={setParentId}
            data-testid="organize-move-parent"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CompanyDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('org');
  const mobile = useAppStore((s) => s.device === 'mobile');
  const detail = useQuery({
    queryKey: companyKeys.detail(id),
    queryFn: () => companyApi.detail(id as string),
    enabled: !!id,
  });
  const d = detail.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      title={t('company.detailTitle')}
      size={mobile ? '100%' : 480}
      loading={detail.isLoading}
      data-testid="organize-drawer"
    >
      {d && (
        <Descriptions column={1} bordered size="small" data-testid="organize-drawer-details">
          <Descriptions.Item label={t('company.name')}>{d.deptName}</Descriptions.Item>
          <Descriptions.Item label={t('field.enCode')}>{d.enCode}</Descriptions.Item>
          <Descriptions.Item label={t('company.parent')}>
            {d.parentName ?? t('company.topLevel')}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.orderNum')}>{d.orderNum}</Descriptions.Item>
          <Descriptions.Item label={t('field.status')}>
            <EnabledTag enabled={d.enabled} />
          </Descriptions.Item>
          <Descriptions.Item label={t('company.subCompanyCount')}>{d.subCompanyCount}</Descriptions.Item>
          <Descriptions.Item label={t('company.deptCount')}>{d.deptCount}</Descriptions.Item>
          <Descriptions.Item label={t('company.userCount')}>{d.userCount}</Descriptions.Item>
          <Descriptions.Item label={t('company.positionCount')}>{d.positionCount}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
