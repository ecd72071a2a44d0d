import {
  LINK_TARGETS,
  MENU_CATEGORIES,
  MENU_TYPES,
  type MenuBody,
  type MenuCategory,
  type MenuNode,
  MenuType,
  menuTypeFields,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../components/MenuIcon';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { menuApi, menuKeys } from './api';
import { IconPicker } from './IconPicker';
import { applyFieldErrors, invalidateMenus, menuTitle, useMenuFormRules } from './shared';

export type MenuEditing =
  | { mode: 'create'; parent: MenuNode | null; category: MenuCategory }
  | { mode: 'edit'; menu: MenuNode };

type MenuForm = Required<Omit<MenuBody, 'menuType'>> & { menuType: number };

interface ParentOption {
  value: string;
  title: React.ReactNode;
  disabled?: boolean;
  children?: ParentOption[];
}

/** The menu tree of a category as parent options; the edited menu and its subtree cannot be chosen. */
export function useParentOptions(category: MenuCategory, excludeId: string | null): ParentOption[] {
  const { t } = useTranslation('menu');
  const language = useAppStore((s) => s.language);
  const tree = useQuery({
    queryKey: menuKeys.tree(category, ''),
    queryFn: () => menuApi.tree(category),
  });
  return useMemo(() => {
    const map = (nodes: MenuNode[], blocked: boolean): ParentOption[] =>
      nodes.map((node) => {
        const off = blocked || node.id === excludeId;
        return {
          value: node.id,
          title: (
            <span className="menu-name-cell">
              <MenuIcon name={node.menuIcon} fallback={false} />
              {menuTitle(node, language)}
            </span>
          ),
          disabled: off,
          children: node.children ? map(node.children, off) : undefined,
        };
      });
    return [{ value: '0', title: t('form.topLevel'), children: map(tree.data ?? [], false) }];
  }, [tree.data, excludeId, language, t]);
}

/** Add or edit a menu: only the fields its type needs are shown (docs/rules.md#menus). */
export function MenuFormDrawer({ editing, onClose }: { editing: MenuEditing; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const rules = useMenuFormRules();
  const [form] = Form.useForm<MenuForm>();
  const menu = editing.mode === 'edit' ? editing.menu : null;

  const initialValues: MenuForm = menu
    ? {
        parentId: menu.parentId,
        menuName: menu.menuName,
        menuNameEn: menu.menuNameEn,
        menuNameTw: menu.menuNameTw,
        menuPerms: menu.menuPerms,
        menuIcon: menu.menuIcon,
        menuType: menu.menuType,
        menuUrl: menu.menuUrl,
        linkTarget: menu.linkTarget === '_blank' ? '_blank' : '_self',
        propertyJson: menu.propertyJson,
        orderNum: menu.orderNum,
        enabled: menu.enabled,
        category: menu.category,
      }
    : {
        parentId: editing.mode === 'create' && editing.parent ? editing.parent.id : '0',
        menuName: '',
        menuNameEn: '',
        menuNameTw: '',
        menuPerms: editing.mode === 'create' && editing.parent ? `${editing.parent.menuPerms}.` : '',
        menuIcon: '',
        menuType: editing.mode === 'create' && editing.parent ? MenuType.page : MenuType.directory,
        menuUrl: '',
        linkTarget: '_self',
        propertyJson: '',
        orderNum: 0,
        enabled: true,
        category: editing.mode === 'create' ? editing.category : 'web',
      };

  const menuType = Form.useWatch('menuType', form) ?? initialValues.menuType;
  const category = Form.useWatch('category', form) ?? initialValues.category;
  const needs = menuTypeFields(menuType);
  const parentOptions = useParentOptions(category, menu?.id ?? null);

  const save = useMutation({
    mutationFn: (values: MenuForm) => {
      const fields = menuTypeFields(values.menuType);
      // Fields the type does not use are stored empty, so a type change leaves nothing stale behind.
      const body: MenuBody = {
        ...values,
        menuType: values.menuType as MenuBody['menuType'],
        menuUrl: fields.url ? values.menuUrl.trim() : '',
        linkTarget: fields.target ? values.linkTarget : '_self',
        propertyJson: fields.property ? values.propertyJson.trim() : '',
        orderNum: values.orderNum ?? 0,
      };
      return menuApi.save(menu?.id, body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      void invalidateMenus(queryClient);
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error),
  });

  const title = menu
    ? t('form.editTitle')
    : editing.mode === 'create' && editing.parent
      ? t('form.addChildTitle', { name: menuTitle(editing.parent, language) })
      : t('form.addTitle');

  return (
    <Drawer
      open
      title={title}
      onClose={onClose}
      size={mobile ? '100%' : 640}
      destroyOnHidden
      data-testid="menu-form-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="menu-form-cancel">
            {t('form.cancel')}
          </Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="menu-form-submit"
          >
            {t('form.save')}
          </Button>
        </Space>
      }
    >
      <Form<MenuForm>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate({ ...initialValues, ...values })}
        onValuesChange={(changed: Partial<MenuForm>) => {
          // The parent tree is per category: a category switch starts again from the top level.
          if (changed.category) form.setFieldValue('parentId', '0');
        }}
        data-testid="menu-form"
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="category" label={t('form.category')}>
              <Radio.Group
                optionType="button"
                options={MENU_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
                data-testid="menu-form-category"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="parentId" label={t('form.parent')} rules={[rules.chosen]}>
              <TreeSelect
                treeData={parentOptions}
                treeDefaultExpandedKeys={['0']}
                showSearch={false}
                popupMatchSelectWidth={false}
                data-testid="menu-form-parent"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="menuType"
              label={t('form.type')}
              extra={t('form.typeHint')}
              rules={[rules.chosen]}
            >
              <Select
                options={MENU_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
                data-testid="menu-form-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="menuPerms"
              label={t('form.code')}
              extra={t('form.codeHint')}
              rules={rules.enCode}
            >
              <Input maxLength={100} data-testid="menu-form-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="menuName" label={t('form.nameZh')} rules={rules.name}>
              <Input maxLength={50} data-testid="menu-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="menuNameEn" label={t('form.nameEn')} rules={[rules.max(100)]}>
              <Input maxLength={100} data-testid="menu-form-name-en" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="menuNameTw" label={t('form.nameTw')} rules={[rules.max(50)]}>
              <Input maxLength={50} data-testid="menu-form-name-tw" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <div className="ant-form-item-extra" style={{ marginTop: -16, marginBottom: 16 }}>
              {t('form.namesHint')}
            </div>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="menuIcon" label={t('form.icon')}>
              <IconPicker />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="orderNum" label={t('form.order')}>
              <InputNumber
                min={0}
                max={999999}
                precision={0}
                style={{ width: '100%' }}
                data-testid="menu-form-order"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
              <Switch data-testid="menu-form-enabled" />
            </Form.Item>
          </Col>
          {needs.url && (
            <Col xs={24}>
              <Form.Item
                name="menuUrl"
                label={menuType === MenuType.link ? t('form.urlLink') : t('form.urlPage')}
                extra={menuType === MenuType.link ? t('form.urlLinkHint') : t('form.urlPageHint')}
                rules={[rules.required, rules.max(500)]}
              >
                <Input maxLength={500} data-testid="menu-form-url" />
              </Form.Item>
            </Col>
          )}
          {needs.target && (
            <Col xs={24}>
              <Form.Item name="linkTarget" label={t('form.target')}>
                <Radio.Group
                  options={LINK_TARGETS.map((target) => ({
                    value: target,
                    label: target === '_self' ? t('form.targetSelf') : t('form.targetBlank'),
                  }))}
                  data-testid="menu-form-target"
                />
              </Form.Item>
            </Col>
          )}
          {needs.property && (
            <Col xs={24}>
              <Form.Item
                name="propertyJson"
                label={t('form.property')}
                extra={t('form.propertyHint')}
                rules={[rules.required, rules.max(2000)]}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="menu-form-property" />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </Drawer>
  );
}
