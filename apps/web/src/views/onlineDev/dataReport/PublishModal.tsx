import {
  formRule,
  type Menu,
  type MenuNode,
  MenuType,
  type ReportSummary,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, TreeSelect } from 'antd';
import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_FIELD } from '../../../a11y/firstField';
import { ApiError } from '../../../api/request';
import { useAppStore } from '../../../store/settings';
import { reloadMenu } from '../../../store/user';
import { toast } from '../../../utils/message';
import { MENU_QUERY_KEY, menuApi, menuKeys } from '../../system/menu/api';
import { menuTitle } from '../../system/menu/shared';
import { modelName } from '../../systemData/dataModel/model-form';
import { reportApi } from './api';

interface PublishValues {
  parentId?: string;
  enCode: string;
}

interface DirectoryOption {
  value: string;
  title: string;
  children?: DirectoryOption[];
}

/**
 * The menu code a report (or a portal: `kind` `portal`) is published under by default: the kind and
 * its code, its underscores folded into capitals (a menu code is letters, digits and dots:
 * `monthly_sales` → `report.monthlySales`).
 */
export function defaultMenuCode(code: string, kind = 'report'): string {
  return `${kind}.${code.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/_/g, '')}`;
}

/** The web menu's directories (type 0), the only items a menu page may be put under. */
function directories(nodes: MenuNode[], language: Parameters<typeof menuTitle>[1]): DirectoryOption[] {
  return nodes
    .filter((n) => n.menuType === MenuType.directory)
    .map((n) => {
      const children = directories(n.children ?? [], language);
      return { value: n.id, title: menuTitle(n, language), ...(children.length ? { children } : {}) };
    });
}

/**
 * Publishing a report: a menu item of type 5, named as the report, under a directory of the web
 * menu, with its own code (the permission the authorize screen grants).
 */
export function PublishModal({
  report,
  onClose,
  onPublished,
}: {
  report: ReportSummary;
  onClose: () => void;
  onPublished: () => void;
}) {
  const language = useAppStore((s) => s.language);
  return (
    <PublishMenuModal
      ns="dataReport"
      prefix="rpt"
      name={modelName(language, report.names)}
      menus={report.menus}
      defaultCode={defaultMenuCode(report.code)}
      publish={(body) => reportApi.publish(report.id, body)}
      onClose={onClose}
      onPublished={onPublished}
    />
  );
}

/**
 * Publishing a design as a menu item (a report's type 5, a portal's type 8) under a directory of
 * the web menu, with its own code. The user's menu is read again afterwards, so the new item shows
 * in the side menu at once. Texts are the namespace `ns`'s `publish.*` (and `editor.cancel`); test
 * ids `${prefix}-publish-…`.
 */
export function PublishMenuModal({
  ns,
  prefix,
  name,
  menus,
  defaultCode,
  publish: send,
  onClose,
  onPublished,
}: {
  ns: string;
  prefix: string;
  /** The design's name in the reader's language. */
  name: string;
  /** The menu items that open it already. */
  menus: { id: string; name: string }[];
  defaultCode: string;
  publish: (body: { parentId: string; enCode: string }) => Promise<Menu>;
  onClose: () => void;
  onPublished: () => void;
}) {
  const { t } = useTranslation(ns);
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PublishValues>();
  const formId = useId();
  const body = useRef<HTMLDivElement>(null);
  const msg = (key: Parameters<typeof validationMessage>[0], params?: Record<string, number>) =>
    validationMessage(key, language, params);
  const tree = useQuery({ queryKey: menuKeys.tree('web', ''), queryFn: () => menuApi.tree('web') });
  const options = useMemo(() => directories(tree.data ?? [], language), [tree.data, language]);
  const publish = useMutation({
    mutationFn: (values: PublishValues) =>
      send({ parentId: values.parentId ?? '', enCode: values.enCode.trim() }),
    onSuccess: async (menu) => {
      toast.success(t('publish.done', { name: menu.menuName }));
      onPublished();
      void queryClient.invalidateQueries({ queryKey: MENU_QUERY_KEY });
      onClose();
      await reloadMenu().catch(() => undefined);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const fields = error.fields ?? {};
      const placed = Object.entries(fields).filter(
        (entry): entry is [keyof PublishValues, string] => entry[0] === 'parentId' || entry[0] === 'enCode',
      );
      form.setFields(placed.map(([name, message]) => ({ name, errors: [message] })));
      if (placed.length === 0 || placed.length < Object.keys(fields).length) toast.error(error.msg, 3);
    },
  });
  const focusFirstField = (open: boolean) => {
    const root = body.current;
    if (!open || !root || root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  };
  return (
    <Modal
      open
      title={t('publish.title', { name })}
      onCancel={onClose}
      okText={t('publish.ok')}
      cancelText={t('editor.cancel')}
      confirmLoading={publish.isPending}
      okButtonProps={{ htmlType: 'submit', form: formId, 'data-testid': `${prefix}-publish-ok` } as never}
      cancelButtonProps={{ 'data-testid': `${prefix}-publish-cancel` } as never}
      afterOpenChange={focusFirstField}
      destroyOnHidden
      width={520}
    >
      <div ref={body}>
        {menus.length > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('publish.already', { menus: menus.map((m) => m.name).join(', ') })}
          />
        )}
        <Form<PublishValues>
          form={form}
          id={formId}
          layout="vertical"
          initialValues={{ enCode: defaultCode }}
          onFinish={(values) => publish.mutate(values)}
          data-testid={`${prefix}-publish-form`}
        >
          <Form.Item
            name="parentId"
            label={t('publish.parent')}
            extra={t('publish.parentHelp')}
            rules={[{ required: true, message: msg('validation.required') }]}
          >
            <TreeSelect
              treeData={options}
              treeDefaultExpandAll
              loading={tree.isLoading}
              showSearch={{ treeNodeFilterProp: 'title' }}
              popupMatchSelectWidth={false}
              notFoundContent={tree.isLoading ? undefined : t('publish.noDirectory')}
              data-testid={`${prefix}-publish-parent`}
            />
          </Form.Item>
          <Form.Item
            name="enCode"
            label={t('publish.enCode')}
            extra={t('publish.enCodeHelp')}
            rules={[
              { required: true, whitespace: true, message: msg('validation.required') },
              { max: 100, message: msg('validation.tooLong', { max: 100 }) },
              formRule('enCode', (key) => msg(key)),
            ]}
          >
            <Input maxLength={100} data-testid={`${prefix}-publish-encode`} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
