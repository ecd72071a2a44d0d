import type { ModelPageConfig, ModelRow } from '@srm/contracts/core';
import { formatDate } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useDrawerFocus } from '../../../components/useDrawerFocus';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { FlowForm } from '../../workFlow/form/FlowForm';
import { editableValues } from '../../workFlow/form/formValues';
import { ModelPageContext } from '../../workFlow/form/ReferenceSelect';
import { modelPageApi, modelPageKeys } from './api';
import { formLabelsOf, placeRowProblems } from './modelPageColumns';

/** What the drawer opens: a new row (under a parent on a tree page), or a row to edit or read. */
export type RowTarget =
  | { mode: 'add'; parent?: { id: string; name: string } | undefined }
  | { mode: 'edit' | 'detail'; id: string };

/** A new row's values: the defaults the design gives its fields. */
function defaultsOf(config: ModelPageConfig): Record<string, unknown> {
  return Object.fromEntries(
    config.form.fields.flatMap((f) => (f.defaultValue === undefined ? [] : [[f.name, f.defaultValue]])),
  );
}

/**
 * A row in the designed form (the product's one form renderer): a new one, one to edit, or one to
 * read (every field as text, with who made it and when). A refused save puts the server's messages
 * on their fields and lists the others above the form.
 */
export function RowDrawer({
  menuId,
  config,
  target,
  onClose,
}: {
  menuId: string;
  config: ModelPageConfig;
  target: RowTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation('modelPage');
  const mobile = useAppStore((s) => s.device === 'mobile');
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [problems, setProblems] = useState<string[]>([]);
  const readOnly = target.mode === 'detail';
  const close = useDiscardGuard(() => !readOnly && form.isFieldsTouched(), onClose);
  const id = target.mode === 'add' ? null : target.id;
  const row = useQuery({
    queryKey: modelPageKeys.row(menuId, id ?? ''),
    queryFn: () => modelPageApi.row(menuId, id ?? ''),
    enabled: id !== null,
    // Opened afresh each time: another user may have changed the row since the list was read.
    staleTime: 0,
    gcTime: 0,
  });
  const ready = id === null || row.data !== undefined;
  const values = id === null ? defaultsOf(config) : row.data?.data;
  const labels = row.data ? formLabelsOf(row.data, config.fields) : {};

  const save = useMutation({
    mutationFn: async () => {
      setProblems([]);
      const all = await form.validateFields();
      const data = editableValues(
        config.form.fields,
        { ...form.getFieldsValue(true), ...all },
        {},
        'editable',
      );
      if (target.mode === 'add')
        return modelPageApi.create(menuId, {
          data,
          parentId: config.isTree ? (target.parent?.id ?? '0') : undefined,
        });
      return modelPageApi.update(menuId, target.id, { data });
    },
    onSuccess: (saved: ModelRow) => {
      toast.success(target.mode === 'add' ? t('added') : t('saved'));
      void queryClient.invalidateQueries({ queryKey: modelPageKeys.all(menuId) });
      queryClient.setQueryData(modelPageKeys.row(menuId, saved.id), saved);
      onClose();
    },
    onError: (error) => {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) {
        form.scrollToField(first.name, { focus: true, block: 'center' });
        return;
      }
      if (error instanceof ApiError) {
        const placed = placeRowProblems(error.fields ?? {}, config.form);
        form.setFields(placed.onForm);
        const firstOnForm = placed.onForm[0];
        if (firstOnForm) form.scrollToField(firstOnForm.name, { focus: true, block: 'center' });
        setProblems([error.msg, ...placed.other]);
      }
    },
  });

  // The keyboard follows the drawer: onto the form's first field once it is there (not in a detail).
  const { body, afterOpenChange } = useDrawerFocus(ready, !readOnly);

  const title =
    target.mode === 'add' ? t('addTitle') : target.mode === 'edit' ? t('editTitle') : t('detailTitle');
  const wide = config.form.fields.some((f) => f.type === 'table');
  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size={mobile ? '100%' : wide ? 'min(1280px, 100vw)' : 'min(880px, 100vw)'}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      data-testid="mp-drawer"
      footer={
        <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={close} data-testid="mp-drawer-cancel">
            {readOnly ? t('close') : t('common:cancel')}
          </Button>
          {!readOnly && (
            <Button
              type="primary"
              loading={save.isPending}
              disabled={!ready}
              onClick={() => save.mutate()}
              data-testid="mp-drawer-submit"
            >
              {t('save')}
            </Button>
          )}
        </Space>
      }
    >
      <div ref={body} tabIndex={-1} className="mp-drawer-body">
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={problems[0]}
            description={problems.length > 1 ? problems.slice(1).join(' ') : undefined}
            style={{ marginBottom: 16 }}
            data-testid="mp-drawer-error"
          />
        )}
        {target.mode === 'add' && config.isTree && (
          <p className="mp-drawer-parent" data-testid="mp-drawer-parent">
            {t('parent')}: {target.parent?.name ?? t('rootParent')}
          </p>
        )}
        {ready && values ? (
          // Reference fields look their rows up through this page.
          <ModelPageContext.Provider value={menuId}>
            <FlowForm
              schema={config.form}
              form={form}
              defaultRight={readOnly ? 'readonly' : 'editable'}
              initialValues={values}
              labels={labels}
              testId="mp-form"
            />
          </ModelPageContext.Provider>
        ) : (
          <Skeleton active />
        )}
        {readOnly && row.data && (
          <Descriptions
            size="small"
            column={mobile ? 1 : 2}
            data-testid="mp-detail-audit"
            items={[
              { key: 'by', label: t('createdBy'), children: row.data.createdByName || '-' },
              { key: 'at', label: t('createdAt'), children: formatDate(row.data.createdAt) || '-' },
              {
                key: 'updated',
                label: t('updatedAt'),
                children: row.data.updatedAt ? formatDate(row.data.updatedAt) : '-',
              },
            ]}
          />
        )}
      </div>
    </Drawer>
  );
}
