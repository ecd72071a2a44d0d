import { PlusOutlined } from '@ant-design/icons';
import {
  DATA_RULE_CONDITION_OPS,
  DATA_RULE_TYPES,
  type DataRule,
  type DataRuleCreate,
  dataRuleFieldsOf,
  type MenuItem,
  type MenuItemBody,
  type MenuNode,
  MenuPerm,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { DeleteAction, RowAction } from '../../../components/listActions';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { type MenuItemKind as ItemKind, menuApi, menuKeys } from './api';
import { applyFieldErrors, invalidateMenus, menuTitle, useMenuFormRules } from './shared';

/** A page's buttons, columns and data rules, each an editable list (changes need system.menu.edit). */
export function PageItemsDrawer({ page, onClose }: { page: MenuNode; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const language = useAppStore((s) => s.language);
  const mobile = useAppStore((s) => s.device === 'mobile');
  return (
    <Drawer
      open
      title={t('items.title', { name: menuTitle(page, language) })}
      onClose={onClose}
      size={mobile ? '100%' : 760}
      destroyOnHidden
      data-testid="menu-items-drawer"
    >
      <Tabs
        items={[
          {
            key: 'button',
            label: <span data-testid="menu-items-tab-button">{t('items.buttons')}</span>,
            children: <ItemList kind="button" page={page} />,
          },
          {
            key: 'column',
            label: <span data-testid="menu-items-tab-column">{t('items.columns')}</span>,
            children: <ItemList kind="column" page={page} />,
          },
          {
            key: 'data',
            label: <span data-testid="menu-items-tab-data">{t('items.dataRules')}</span>,
            children: <DataRuleList page={page} />,
          },
        ]}
      />
    </Drawer>
  );
}

function ItemList({ kind, page }: { kind: ItemKind; page: MenuNode }) {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const { has } = useAuth();
  const canEdit = has(MenuPerm.menuEdit);
  const [editing, setEditing] = useState<MenuItem | 'new' | null>(null);
  const list = useQuery({
    queryKey: menuKeys.items(kind, page.id),
    queryFn: () => menuApi.items(kind, page.id),
  });
  const remove = useMutation({
    mutationFn: (id: string) => menuApi.removeItem(kind, id),
    onSuccess: () => {
      toast.success(t('deleted'));
      void invalidateMenus(queryClient);
    },
  });
  const columns: ColumnsType<MenuItem> = [
    { title: t('items.name'), dataIndex: 'fullName', key: 'fullName', width: 160 },
    { title: t('items.code'), dataIndex: 'enCode', key: 'enCode' },
    { title: t('items.order'), dataIndex: 'orderNum', key: 'orderNum', width: 80 },
  ];
  if (canEdit) {
    columns.push({
      title: t('items.actions'),
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          <RowAction onClick={() => setEditing(row)} testId={`menu-${kind}-edit`}>
            {t('items.edit')}
          </RowAction>
          <DeleteAction
            code={MenuPerm.menuEdit}
            title={t('items.deleteConfirm', { name: row.fullName })}
            onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
            testId={`menu-${kind}-delete`}
            label={t('items.delete')}
          />
        </Space>
      ),
    });
  }
  return (
    <>
      <Auth code={MenuPerm.menuEdit}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          style={{ marginBottom: 12 }}
          data-testid={`menu-${kind}-add`}
        >
          {t('items.add')}
        </Button>
      </Auth>
      <Table<MenuItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid={`menu-${kind}-table`}
      />
      {editing && (
        <ItemFormModal
          kind={kind}
          page={page}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function ItemFormModal({
  kind,
  page,
  item,
  onClose,
}: {
  kind: ItemKind;
  page: MenuNode;
  item: MenuItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const rules = useMenuFormRules();
  const [form] = Form.useForm<MenuItemBody>();
  const save = useMutation({
    mutationFn: (values: MenuItemBody) => {
      const body = { ...values, menuId: page.id, orderNum: values.orderNum ?? 0 };
      return menuApi.saveItem(kind, item?.id, body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      void invalidateMenus(queryClient);
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={item ? t('items.editTitle') : t('items.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': `menu-${kind}-form-submit` }}
      destroyOnHidden
      width="min(520px, calc(100vw - 32px))"
    >
      <Form<MenuItemBody>
        form={form}
        layout="vertical"
        initialValues={item ?? { menuId: page.id, enCode: `${page.menuPerms}.`, fullName: '', orderNum: 0 }}
        onFinish={(values) => save.mutate(values)}
        data-testid={`menu-${kind}-form`}
      >
        <Form.Item name="fullName" label={t('items.name')} rules={rules.name}>
          <Input maxLength={50} data-testid={`menu-${kind}-form-name`} />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('items.code')}
          extra={t('items.codeHint', {
            example: `${page.menuPerms}.${kind === 'button' ? 'add' : 'amount'}`,
          })}
          rules={rules.enCode}
        >
          <Input maxLength={100} data-testid={`menu-${kind}-form-code`} />
        </Form.Item>
        <Form.Item name="orderNum" label={t('items.order')}>
          <InputNumber min={0} max={999999} precision={0} data-testid={`menu-${kind}-form-order`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DataRuleList({ page }: { page: MenuNode }) {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const { has } = useAuth();
  const canEdit = has(MenuPerm.menuEdit);
  const [editing, setEditing] = useState<DataRule | 'new' | null>(null);
  const list = useQuery({
    queryKey: menuKeys.dataRules(page.id),
    queryFn: () => menuApi.dataRules(page.id),
  });
  const remove = useMutation({
    mutationFn: menuApi.removeDataRule,
    onSuccess: () => {
      toast.success(t('deleted'));
      void invalidateMenus(queryClient);
    },
  });
  const columns: ColumnsType<DataRule> = [
    { title: t('items.name'), dataIndex: 'fullName', key: 'fullName', width: 140 },
    { title: t('items.code'), dataIndex: 'enCode', key: 'enCode' },
    {
      title: t('rule.type'),
      dataIndex: 'ruleType',
      key: 'ruleType',
      width: 130,
      render: (type: DataRule['ruleType']) => <Tag>{t(`rule.types.${type}`)}</Tag>,
    },
    {
      title: t('rule.condition'),
      key: 'condition',
      render: (_, rule) =>
        rule.ruleType === 'condition' && rule.conditionOp
          ? `${rule.field} ${t(`rule.ops.${rule.conditionOp}`)} ${rule.conditionValue}`
          : rule.field,
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('items.actions'),
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          <RowAction onClick={() => setEditing(row)} testId="menu-data-edit">
            {t('items.edit')}
          </RowAction>
          <DeleteAction
            code={MenuPerm.menuEdit}
            title={t('items.deleteConfirm', { name: row.fullName })}
            onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
            testId="menu-data-delete"
            label={t('items.delete')}
          />
        </Space>
      ),
    });
  }
  const supported = !!dataRuleFieldsOf(page.menuPerms);
  return (
    <>
      {!supported && (
        <Alert
          type="info"
          showIcon
          title={t('rule.unsupported')}
          style={{ marginBottom: 12 }}
          data-testid="menu-data-unsupported"
        />
      )}
      <Auth code={supported ? MenuPerm.menuEdit : null}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          style={{ marginBottom: 12 }}
          data-testid="menu-data-add"
        >
          {t('items.add')}
        </Button>
      </Auth>
      <Table<DataRule>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="menu-data-table"
      />
      {editing && (
        <DataRuleFormModal
          page={page}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type RuleForm = Required<Omit<DataRuleCreate, 'menuId'>>;

function DataRuleFormModal({
  page,
  rule,
  onClose,
}: {
  page: MenuNode;
  rule: DataRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const rules = useMenuFormRules();
  const [form] = Form.useForm<RuleForm>();
  const initialValues: RuleForm = rule
    ? {
        enCode: rule.enCode,
        fullName: rule.fullName,
        ruleType: rule.ruleType,
        field: rule.field,
        conditionOp: rule.conditionOp,
        conditionValue: rule.conditionValue,
      }
    : {
        enCode: `${page.menuPerms}.data.`,
        fullName: '',
        ruleType: 'all',
        field: '',
        conditionOp: '',
        conditionValue: '',
      };
  const ruleType = Form.useWatch('ruleType', form) ?? initialValues.ruleType;
  const condition = ruleType === 'condition';
  const save = useMutation({
    mutationFn: (values: RuleForm) => {
      const body: DataRuleCreate = {
        ...initialValues,
        ...values,
        menuId: page.id,
        field: condition ? (values.field ?? '') : initialValues.field,
        conditionOp: condition ? values.conditionOp : '',
        conditionValue: condition ? (values.conditionValue ?? '') : '',
      };
      return menuApi.saveDataRule(rule?.id, body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      void invalidateMenus(queryClient);
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={rule ? t('items.editTitle') : t('items.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'menu-data-form-submit' }}
      destroyOnHidden
      width="min(560px, calc(100vw - 32px))"
    >
      <Form<RuleForm>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        data-testid="menu-data-form"
      >
        <Form.Item name="fullName" label={t('items.name')} rules={rules.name}>
          <Input maxLength={50} data-testid="menu-data-form-name" />
        </Form.Item>
        <Form.Item name="enCode" label={t('items.code')} rules={rules.enCode}>
          <Input maxLength={100} data-testid="menu-data-form-code" />
        </Form.Item>
        <Form.Item name="ruleType" label={t('rule.type')} rules={[rules.chosen]}>
          <Select
            options={DATA_RULE_TYPES.map((type) => ({ value: type, label: t(`rule.types.${type}`) }))}
            data-testid="menu-data-form-type"
          />
        </Form.Item>
        {condition && (
          <Form.Item name="field" label={t('rule.field')} extra={t('rule.fieldHint')} rules={[rules.chosen]}>
            <Select
              showSearch
              options={(dataRuleFieldsOf(page.menuPerms) ?? []).map((f) => ({ value: f, label: f }))}
              data-testid="menu-data-form-field"
            />
          </Form.Item>
        )}
        {condition && (
          <Row gutter={12}>
            <Col xs={24} sm={10}>
              <Form.Item name="conditionOp" label={t('rule.op')} rules={[rules.chosen]}>
                <Select
                  options={DATA_RULE_CONDITION_OPS.map((op) => ({ value: op, label: t(`rule.ops.${op}`) }))}
                  data-testid="menu-data-form-op"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={14}>
              <Form.Item
                name="conditionValue"
                label={t('rule.value')}
                extra={t('rule.valueHint')}
                rules={[rules.max(500)]}
              >
                <Input maxLength={500} data-testid="menu-data-form-value" />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Form>
    </Modal>
  );
}
