import { EnvironmentOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { AREA_ROOT, type AreaCreate, type AreaItem, AreaPerm } from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Form, Input, List, Modal, Space, Switch, Tag, Tree } from 'antd';
import type { DataNode, EventDataNode } from 'antd/es/tree';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { AreaCascader, areaApi, clearAreaCache } from '../../../components/area';
import { applyServerFieldErrors, TreeListLayout } from '../../../components/org';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';

const areaKeys = {
  all: ['areas'] as const,
  search: (keyword: string) => [...areaKeys.all, 'search', keyword] as const,
};

interface EditForm {
  name: string;
  shortName: string;
  enabled: boolean;
}
interface AddForm extends EditForm {
  parent: string[];
  code: string;
}

function AreaTags({ item }: { item: AreaItem }) {
  const { t } = useTranslation('area');
  return (
    <>
      {!item.enabled && <Tag variant="filled">{t('status.disabled')}</Tag>}
      {item.edited && <Tag color="blue">{t('status.edited')}</Tag>}
      {item.added && <Tag color="green">{t('status.added')}</Tag>}
    </>
  );
}

/**
 * System → areas: the divisions as a tree whose levels load when opened, a search by name or code,
 * and the selected entry's correction (name, short name, enabled) for this tenant; entries the data
 * lacks can be added under a province or city picked with the area cascader.
 */
export default function AreaPage() {
  const { t } = useTranslation('area');
  const { has } = useAuth();
  const mobile = useAppStore((s) => s.device === 'mobile');
  // Children by parent code, filled as nodes open.
  const [childrenOf, setChildrenOf] = useState<Record<string, AreaItem[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<AreaItem | null>(null);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);

  const loadChildren = useCallback(async (parentCode: string) => {
    const list = await areaApi.list({ parentCode });
    setChildrenOf((prev) => ({ ...prev, [parentCode]: list }));
  }, []);
  useEffect(() => {
    void loadChildren(AREA_ROOT).catch(() => undefined);
  }, [loadChildren]);

  const matches = useQuery({
    queryKey: areaKeys.search(keyword),
    queryFn: () => areaApi.list({ keyword }),
    enabled: keyword !== '',
  });

  const treeData = useMemo(() => {
    const build = (parent: string): DataNode[] =>
      (childrenOf[parent] ?? []).map((item) => ({
        key: item.code,
        isLeaf: item.isLeaf,
        title: (
          <span data-testid={`area-node-${item.code}`}>
            {item.name} <AreaTags item={item} />
          </span>
        ),
        children: childrenOf[item.code] ? build(item.code) : undefined,
      }));
    return build(AREA_ROOT);
  }, [childrenOf]);

  const findItem = (code: string): AreaItem | undefined =>
    Object.values(childrenOf)
      .flat()
      .find((a) => a.code === code);

  /** A saved entry replaces its row wherever it is shown. */
  const afterSave = (item: AreaItem) => {
    clearAreaCache();
    setChildrenOf((prev) => {
      const list = prev[item.parentCode];
      if (!list) return prev;
      const at = list.findIndex((a) => a.code === item.code);
      return {
        ...prev,
        [item.parentCode]: at < 0 ? [...list, item] : list.map((a, i) => (i === at ? item : a)),
      };
    });
    setSelected(item);
    if (keyword) void matches.refetch();
  };

  const reload = () => {
    setChildrenOf({});
    setExpanded([]);
    clearAreaCache();
    void loadChildren(AREA_ROOT).catch(() => undefined);
  };

  return (
    <TreeListLayout
      tree={
        <Card size="small" variant="borderless" title={t('title')} data-testid="area-tree-panel">
          <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
            <Input.Search
              allowClear
              value={typed}
              placeholder={t('searchPlaceholder')}
              aria-label={t('searchPlaceholder')}
              maxLength={50}
              onChange={(e) => {
                setTyped(e.target.value);
                if (!e.target.value) setKeyword('');
              }}
              onSearch={(text) => setKeyword(text.trim())}
              data-testid="area-search"
            />
          </Space.Compact>
          {keyword ? (
            <List<AreaItem>
              size="small"
              loading={matches.isFetching}
              dataSource={matches.data ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              style={{ maxHeight: mobile ? 260 : 'calc(100vh - 260px)', overflow: 'auto' }}
              data-testid="area-matches"
              renderItem={(item) => (
                <List.Item>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setSelected(item)}
                    data-testid={`area-match-${item.code}`}
                  >
                    {item.name} · {item.code}
                  </Button>
                  <AreaTags item={item} />
                </List.Item>
              )}
            />
          ) : (
            <Tree
              showIcon={false}
              blockNode
              treeData={treeData}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(String))}
              loadData={(node: EventDataNode<DataNode>) =>
                loadChildren(String(node.key)).catch(() => undefined)
              }
              selectedKeys={selected ? [selected.code] : []}
              onSelect={(keys) => {
                const code = keys[0] === undefined ? undefined : String(keys[0]);
                setSelected(code ? (findItem(code) ?? null) : null);
              }}
              style={{ maxHeight: mobile ? 260 : 'calc(100vh - 260px)', overflow: 'auto' }}
              data-testid="area-tree"
            />
          )}
        </Card>
      }
    >
      <Card
        variant="borderless"
        title={selected ? selected.name : t('noSelection')}
        data-testid="area-detail"
        extra={
          <Space wrap>
            <Auth code={AreaPerm.areaAdd}>
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="area-add">
                {t('add')}
              </Button>
            </Auth>
            <Button icon={<ReloadOutlined />} onClick={reload} data-testid="area-refresh">
              {t('refresh')}
            </Button>
          </Space>
        }
      >
        {selected ? (
          <AreaEditor
            key={`${selected.code}:${selected.name}`}
            item={selected}
            canEdit={has(AreaPerm.areaEdit)}
            onSaved={afterSave}
          />
        ) : (
          <Empty image={<EnvironmentOutlined style={{ fontSize: 48 }} />} description={t('pick')} />
        )}
      </Card>
      {adding && (
        <AreaAddModal
          defaultParent={selected && !selected.isLeaf ? selected : null}
          onClose={() => setAdding(false)}
          onSaved={afterSave}
        />
      )}
    </TreeListLayout>
  );
}

function AreaEditor({
  item,
  canEdit,
  onSaved,
}: {
  item: AreaItem;
  canEdit: boolean;
  onSaved: (item: AreaItem) => void;
}) {
  const { t } = useTranslation('area');
  const [form] = Form.useForm<EditForm>();
  const save = useMutation({
    mutationFn: (values: EditForm) =>
      areaApi.update(item.code, {
        name: values.name.trim(),
        shortName: values.shortName?.trim() ?? '',
        enabled: values.enabled,
      }),
    onSuccess: (saved) => {
      toast.success(t('saved'));
      onSaved(saved);
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'code', label: t('field.code'), children: item.code },
          { key: 'level', label: t('field.level'), children: t(`level.${item.level}`) },
          ...(item.edited
            ? [{ key: 'original', label: t('field.originalName'), children: item.originalName }]
            : []),
        ]}
      />
      <Form<EditForm>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={{ name: item.name, shortName: item.shortName, enabled: item.enabled }}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input maxLength={50} data-testid="area-form-name" />
        </Form.Item>
        <Form.Item name="shortName" label={t('field.shortName')}>
          <Input maxLength={20} data-testid="area-form-short" />
        </Form.Item>
        <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
          <Switch data-testid="area-form-enabled" />
        </Form.Item>
        <Auth code={AreaPerm.areaEdit}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="area-form-save">
            {t('save')}
          </Button>
        </Auth>
      </Form>
    </>
  );
}

function AreaAddModal({
  defaultParent,
  onClose,
  onSaved,
}: {
  defaultParent: AreaItem | null;
  onClose: () => void;
  onSaved: (item: AreaItem) => void;
}) {
  const { t } = useTranslation('area');
  const [form] = Form.useForm<AddForm>();
  const save = useMutation({
    mutationFn: (values: AddForm) => {
      const body: AreaCreate = {
        parentCode: values.parent?.at(-1) ?? AREA_ROOT,
        code: values.code.trim(),
        name: values.name.trim(),
        shortName: values.shortName?.trim() ?? '',
        enabled: values.enabled,
      };
      return areaApi.create(body);
    },
    onSuccess: (saved) => {
      toast.success(t('saved'));
      onSaved(saved);
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const parentPath = defaultParent
    ? defaultParent.level === 1
      ? [defaultParent.code]
      : [defaultParent.parentCode, defaultParent.code]
    : [];
  return (
    <Modal
      open
      title={t('addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'area-add-submit' }}
      destroyOnHidden
      width={520}
    >
      <Form<AddForm>
        form={form}
        layout="vertical"
        initialValues={{ parent: parentPath, code: '', name: '', shortName: '', enabled: true }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="parent" label={t('field.parent')} extra={t('parentHelp')}>
          <AreaCascader
            maxLevel={2}
            changeOnSelect
            placeholder={t('parentPlaceholder')}
            data-testid="area-add-parent"
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('field.code')}
          rules={[
            { required: true, message: t('required') },
            { pattern: /^\d{6,12}$/, message: t('codeRule') },
          ]}
        >
          <Input maxLength={12} inputMode="numeric" data-testid="area-add-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input maxLength={50} data-testid="area-add-name" />
        </Form.Item>
        <Form.Item name="shortName" label={t('field.shortName')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
