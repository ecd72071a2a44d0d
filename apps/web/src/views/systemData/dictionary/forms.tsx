import {
  DICT_SCOPES,
  type DictCategory,
  type DictCategoryBody,
  type DictItem,
  type DictItemBody,
  type DictType,
  type DictTypeBody,
  dictName,
} from '@srm/contracts/core';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, useOrgFormRules } from '../../../components/org/formRules';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { dictAdminApi } from './api';

/** The English and traditional-Chinese names: optional, the Chinese one stands in when empty. */
function OtherNameFields({ max, testId }: { max: number; testId: string }) {
  const { t } = useTranslation('dictionary');
  const rule = [{ max, message: t('tooLong', { max }) }];
  return (
    <>
      <Form.Item name="fullNameEn" label={t('field.nameEn')} rules={rule}>
        <Input maxLength={max} data-testid={`${testId}-name-en`} />
      </Form.Item>
      <Form.Item name="fullNameTw" label={t('field.nameTw')} rules={rule}>
        <Input maxLength={max} data-testid={`${testId}-name-tw`} />
      </Form.Item>
    </>
  );
}

interface ModalProps<T> {
  /** The row to edit; null creates one. */
  row: T | null;
  onClose(): void;
  onSaved(saved: T): void;
}

/**
 * The shared frame of the three forms: a modal whose OK is the form's submit button (tied to it by
 * the `form` attribute, since the footer lies outside the form), so Enter in a field submits as
 * in any form; server field errors shown on it. Each form puts `autoFocus` on its first field: the
 * dialog opens there rather than on its close button.
 */
function FormModal<V extends object, T>({
  title,
  testId,
  initialValues,
  save,
  onClose,
  onSaved,
  children,
}: {
  title: string;
  testId: string;
  initialValues: Partial<V>;
  save: (values: V) => Promise<T>;
  onClose(): void;
  onSaved(saved: T): void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('dictionary');
  const [form] = Form.useForm<V>();
  const formId = useId();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      toast.success(t('saved'));
      onSaved(saved);
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      okButtonProps={{ htmlType: 'submit', form: formId, 'data-testid': `${testId}-submit` }}
      destroyOnHidden
      width={560}
    >
      <Form<V>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => mutation.mutate(values)}
        data-testid={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}

function useRules() {
  const { t } = useTranslation('dictionary');
  const org = useOrgFormRules();
  return {
    enCode: org.enCode,
    name: (max: number) => [
      { required: true, whitespace: true, message: t('required') },
      { max, message: t('tooLong', { max }) },
    ],
  };
}

export function CategoryFormModal({ row, onClose, onSaved }: ModalProps<DictCategory>) {
  const { t } = useTranslation('dictionary');
  const rules = useRules();
  return (
    <FormModal<DictCategoryBody, DictCategory>
      title={row ? t('category.editTitle') : t('category.addTitle')}
      testId="dict-category-form"
      initialValues={row ?? { enCode: '', fullName: '', fullNameEn: '', fullNameTw: '', sortCode: 0 }}
      save={(v) => (row ? dictAdminApi.updateCategory(row.id, v) : dictAdminApi.createCategory(v))}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="fullName" label={t('field.nameZh')} rules={rules.name(50)}>
        <Input maxLength={50} autoFocus data-testid="dict-category-name" />
      </Form.Item>
      <OtherNameFields max={50} testId="dict-category" />
      <Form.Item name="enCode" label={t('field.enCode')} rules={rules.enCode}>
        <Input maxLength={50} data-testid="dict-category-code" />
      </Form.Item>
      <Form.Item name="sortCode" label={t('field.sortCode')}>
        <InputNumber min={0} max={999999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}

export function TypeFormModal({
  row,
  categories,
  categoryId,
  onClose,
  onSaved,
}: ModalProps<DictType> & { categories: DictCategory[]; categoryId?: string }) {
  const { t } = useTranslation('dictionary');
  const language = useAppStore((s) => s.language);
  const rules = useRules();
  const initial: Partial<DictTypeBody> = row
    ? { ...row }
    : {
        categoryId,
        enCode: '',
        fullName: '',
        fullNameEn: '',
        fullNameTw: '',
        isTree: false,
        scope: 'base',
        isConf: true,
        enabled: true,
        sortCode: 0,
        remark: '',
      };
  return (
    <FormModal<DictTypeBody, DictType>
      title={row ? t('type.editTitle') : t('type.addTitle')}
      testId="dict-type-form"
      initialValues={initial}
      save={(v) => (row ? dictAdminApi.updateType(row.id, v) : dictAdminApi.createType(v))}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="categoryId"
        label={t('field.category')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Select
          autoFocus
          options={categories.map((c) => ({ value: c.id, label: dictName(c, language) }))}
          data-testid="dict-type-category"
        />
      </Form.Item>
      <Form.Item name="fullName" label={t('field.nameZh')} rules={rules.name(50)}>
        <Input maxLength={50} data-testid="dict-type-name" />
      </Form.Item>
      <OtherNameFields max={50} testId="dict-type" />
      <Form.Item name="enCode" label={t('field.enCode')} rules={rules.enCode} extra={t('type.codeHint')}>
        <Input maxLength={50} data-testid="dict-type-code" />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item name="isTree" label={t('field.isTree')} valuePropName="checked">
          <Switch data-testid="dict-type-tree" />
        </Form.Item>
        <Form.Item name="isConf" label={t('field.isConf')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Space wrap size="large">
        <Form.Item name="scope" label={t('field.scope')}>
          <Select
            style={{ width: 160 }}
            options={DICT_SCOPES.map((s) => ({ value: s, label: t(`scope.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="sortCode" label={t('field.sortCode')}>
          <InputNumber min={0} max={999999} precision={0} />
        </Form.Item>
      </Space>
      <Form.Item name="remark" label={t('field.remark')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </FormModal>
  );
}

export function ItemFormModal({
  row,
  type,
  parent,
  parents,
  save = (body, id) => (id ? dictAdminApi.updateItem(id, body) : dictAdminApi.createItem(body)),
  onClose,
  onSaved,
}: ModalProps<DictItem> & {
  type: DictType;
  parent?: DictItem | null;
  parents: DictItem[];
  /** Sends the item (`id` for an edit): the dictionary screen's calls, or a dictionary page's. */
  save?: (body: DictItemBody, id?: string) => Promise<DictItem>;
}) {
  const { t } = useTranslation('dictionary');
  const language = useAppStore((s) => s.language);
  const rules = useRules();
  const initial: Partial<DictItemBody> = row
    ? { ...row }
    : {
        typeId: type.id,
        parentId: parent?.id ?? '0',
        enCode: '',
        fullName: '',
        fullNameEn: '',
        fullNameTw: '',
        sortCode: 0,
        enabled: true,
        remark: '',
      };
  return (
    <FormModal<DictItemBody, DictItem>
      title={row ? t('item.editTitle') : t('item.addTitle')}
      testId="dict-item-form"
      initialValues={initial}
      save={(v) => save({ ...v, typeId: type.id, parentId: v.parentId ?? '0' }, row?.id)}
      onClose={onClose}
      onSaved={onSaved}
    >
      {type.isTree && (
        <Form.Item name="parentId" label={t('field.parent')}>
          <Select
            autoFocus
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: '0', label: t('item.root') },
              ...parents
                .filter((p) => p.id !== row?.id)
                .map((p) => ({ value: p.id, label: `${dictName(p, language)} (${p.enCode})` })),
            ]}
            data-testid="dict-item-parent"
          />
        </Form.Item>
      )}
      <Form.Item name="fullName" label={t('field.nameZh')} rules={rules.name(100)}>
        <Input maxLength={100} autoFocus={!type.isTree} data-testid="dict-item-name" />
      </Form.Item>
      <OtherNameFields max={100} testId="dict-item" />
      <Form.Item name="enCode" label={t('field.enCode')} rules={rules.enCode}>
        <Input maxLength={50} data-testid="dict-item-code" />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item name="sortCode" label={t('field.sortCode')}>
          <InputNumber min={0} max={999999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="remark" label={t('field.remark')}>
        <Input.TextArea
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="dict-item-remark"
        />
      </Form.Item>
    </FormModal>
  );
}
