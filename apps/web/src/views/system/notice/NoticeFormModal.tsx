import { NOTICE_AUDIENCES, type Notice, type NoticeBody } from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../components/dict';
import { applyServerFieldErrors } from '../../../components/org/formRules';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { formSnapshot, useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { noticeApi, noticeKeys } from './api';
import { NoticePreview } from './NoticePreview';

type Values = Required<Pick<NoticeBody, 'noticeTitle' | 'noticeBody' | 'audience'>> & {
  entIds: string[];
  noticeType?: string;
};

interface Props {
  open: boolean;
  /** The announcement to edit; null writes a new one. */
  notice: Notice | null;
  /** Whether the user may also release (shows "save and release"). */
  canRelease: boolean;
  onClose(): void;
  onSaved(): void;
}

/** Writes or edits an announcement: title, audience, rich-text body, preview; saved as a draft or released. */
export function NoticeFormModal({ open, notice, canRelease, onClose, onSaved }: Props) {
  const { t } = useTranslation(['notice', 'dictionary']);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [form] = Form.useForm<Values>();
  // Asks before a stray Escape or click throws away an announcement being written.
  const opened = useRef('');
  const close = useDiscardGuard(() => formSnapshot(form, 'noticeBody') !== opened.current, onClose);
  const audience = Form.useWatch('audience', form);
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null);

  const ents = useQuery({
    queryKey: noticeKeys.ents(),
    queryFn: noticeApi.ents,
    enabled: open,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      notice
        ? {
            noticeTitle: notice.noticeTitle,
            noticeBody: notice.noticeBody,
            audience: notice.audience,
            entIds: notice.entIds,
            noticeType: notice.noticeType || undefined,
          }
        : { noticeTitle: '', noticeBody: '', audience: 'vendors', entIds: [], noticeType: undefined },
    );
    opened.current = formSnapshot(form, 'noticeBody');
  }, [open, notice, form]);

  const save = useMutation({
    mutationFn: async ({ values, release }: { values: Values; release: boolean }) => {
      const body = {
        ...values,
        noticeType: values.noticeType ?? '',
        entIds: values.audience === 'ents' ? values.entIds : [],
      };
      const saved = await noticeApi.save(notice?.id, body);
      if (release) await noticeApi.act(saved.id, 'Release');
      return release;
    },
    onSuccess: (released) => {
      toast.success(released ? t('released') : t('saved'));
      onSaved();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const submit = (release: boolean) =>
    form
      .validateFields()
      .then((values) => save.mutate({ values, release }))
      .catch(() => undefined);

  return (
    <Modal
      open={open}
      title={notice ? t('editTitle') : t('addTitle')}
      onCancel={close}
      width={mobile ? '100%' : 820}
      style={mobile ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}
      destroyOnHidden
      forceRender
      data-testid="notice-form"
      footer={
        <Space wrap>
          <Button onClick={close}>{t('common:cancel')}</Button>
          <Button
            onClick={() =>
              setPreview({ title: form.getFieldValue('noticeTitle'), html: form.getFieldValue('noticeBody') })
            }
            data-testid="notice-form-preview"
          >
            {t('preview')}
          </Button>
          <Button
            type={canRelease ? 'default' : 'primary'}
            loading={save.isPending && !save.variables?.release}
            onClick={() => submit(false)}
            data-testid="notice-form-save"
          >
            {t('saveDraft')}
          </Button>
          {canRelease && (
            <Button
              type="primary"
              loading={save.isPending && save.variables?.release}
              onClick={() => submit(true)}
              data-testid="notice-form-release"
            >
              {t('saveAndRelease')}
            </Button>
          )}
        </Space>
      }
    >
      <Form<Values> form={form} layout="vertical">
        <Form.Item
          name="noticeTitle"
          label={t('noticeTitle')}
          rules={[
            { required: true, whitespace: true, message: t('titleRequired') },
            { max: 200, message: t('titleTooLong') },
          ]}
        >
          <Input maxLength={200} showCount data-testid="notice-form-title" />
        </Form.Item>
        <Form.Item name="noticeType" label={t('dictionary:noticeType')}>
          <DictSelect typeCode="noticeType" data-testid="notice-form-type" />
        </Form.Item>
        <Form.Item name="audience" label={t('audience')} rules={[{ required: true }]}>
          <Radio.Group
            data-testid="notice-form-audience"
            options={NOTICE_AUDIENCES.map((a) => ({ value: a, label: t(`audiences.${a}`) }))}
          />
        </Form.Item>
        {audience === 'ents' && (
          <Form.Item
            name="entIds"
            label={t('ents')}
            rules={[{ required: true, type: 'array', min: 1, message: t('entsRequired') }]}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={ents.isFetching}
              data-testid="notice-form-ents"
              options={(ents.data ?? []).map((e) => ({
                value: e.id,
                label: `${e.entName}（${t(`entTypes.${e.entType}`)}）`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="noticeBody" label={t('noticeBody')}>
          <RichTextEditor placeholder={t('noticeBody')} data-testid="notice-form-body" />
        </Form.Item>
      </Form>
      <NoticePreview preview={preview} onClose={() => setPreview(null)} />
    </Modal>
  );
}
