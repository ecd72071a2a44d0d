import { CheckOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  formatDate,
  VENDOR_REPLY_MAX_LENGTH,
  type VendorFile,
  type VendorNotice,
  validationMessage,
  vendorReplyProblem,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Form,
  type FormInstance,
  Input,
  Space,
  Spin,
} from 'antd';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../components/dict';
import { applyServerFieldErrors } from '../../../../components/org/formRules';
import { formSnapshot, useDiscardGuard } from '../../../../components/useDiscardGuard';
import { useAppStore } from '../../../../store/settings';
import { toast } from '../../../../utils/message';
import { inboxApi, vendorKeys } from '../../api';
import { FileLinks, FileUploader, NoticeBody } from '../../shared';

type ReplyValues = { replyText: string; files: VendorFile[] };

/** The reply: a draft kept until sent; once sent (or past the deadline) it only shows. */
function ReplyForm({
  notice,
  form,
  baseline,
}: {
  notice: VendorNotice;
  form: FormInstance<ReplyValues>;
  /** What the form held as last loaded or saved (the drawer asks before discarding a change to it). */
  baseline: RefObject<string | null>;
}) {
  const { t } = useTranslation('vendor');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language);
  // Whether the last button pressed was "Send" (a draft may be empty, a reply to send may not).
  const sending = useRef(false);
  const mine = notice.mine;
  useEffect(() => {
    if (!mine) return;
    form.setFieldsValue({ replyText: mine.replyText, files: mine.files });
    baseline.current = formSnapshot(form, '');
  }, [mine, form, baseline]);
  useEffect(
    () => () => {
      baseline.current = null;
    },
    [baseline],
  );
  const reply = useMutation({
    mutationFn: ({ values, send }: { values: ReplyValues; send: boolean }) =>
      inboxApi.reply(notice.id, {
        replyText: values.replyText ?? '',
        fileIds: (values.files ?? []).map((f) => f.id),
        send,
      }),
    onSuccess: (data, { send }) => {
      // A sent reply says so in the drawer itself (the "replied at" notice, read out as an alert); a
      // toast would cover the drawer's title. A draft has nothing to show there: it gets the toast.
      if (!send) toast.success(t('draftSaved'));
      queryClient.setQueryData(vendorKeys.inboxInfo(notice.id), data);
      void queryClient.invalidateQueries({ queryKey: vendorKeys.inbox() });
    },
    // The server's field messages under their fields. A draft's refusal focuses the text at once;
    // a send's waits for its question to close (an open dialog keeps focus inside itself).
    onError: (error, { send }) => {
      if (applyServerFieldErrors(form, error) && !send)
        requestAnimationFrame(() => form.scrollToField('replyText', { focus: true }));
    },
  });
  // The contracts' rule of a reply, the one the server applies: checked before anything is asked.
  const replyRule = {
    validator: (_rule: unknown, value: unknown) => {
      const files = (form.getFieldValue('files') as VendorFile[] | undefined) ?? [];
      const problem = vendorReplyProblem({
        replyText: typeof value === 'string' ? value : '',
        fileCount: files.length,
        send: sending.current,
      });
      return problem
        ? Promise.reject(new Error(validationMessage(problem, language, { max: VENDOR_REPLY_MAX_LENGTH })))
        : Promise.resolve();
    },
  };
  if (!mine) return null;
  const closed = notice.replyDeadline !== null && notice.replyDeadline < Date.now();
  if (mine.replyState === 2)
    return (
      <div data-testid="inbox-reply-sent">
        <Alert
          type="success"
          showIcon
          message={t('repliedAt', { time: formatDate(mine.repliedAt) })}
          style={{ marginBottom: 8 }}
        />
        {mine.replyText && <p style={{ whiteSpace: 'pre-wrap' }}>{mine.replyText}</p>}
        {/* Without attachments, nothing (a lone "none" under the reply read as a reply of its own). */}
        {mine.files.length > 0 && <FileLinks files={mine.files} />}
      </div>
    );
  if (closed) return <Alert type="warning" showIcon message={t('replyClosed')} />;
  const submit = (send: boolean) => {
    sending.current = send;
    form
      .validateFields()
      .then((values) => {
        if (!send) return reply.mutate({ values, send });
        let refused = false;
        modal.confirm({
          title: t('common:tip'),
          content: t('sendConfirm'),
          okText: t('common:confirm'),
          cancelText: t('common:cancel'),
          okButtonProps: { 'data-testid': 'inbox-send-ok' },
          // A refusal closes the dialog too: its message is under the field (or in the toast).
          onOk: () =>
            reply.mutateAsync({ values, send }).catch(() => {
              refused = true;
            }),
          // On a refusal the field takes focus once the dialog is gone; after a send the form is gone.
          focusTriggerAfterClose: false,
          afterClose: () => {
            if (refused) form.scrollToField('replyText', { focus: true });
          },
        });
      })
      .catch(() => {
        // The rule's message is under the field: the keyboard goes there.
        form.scrollToField('replyText', { focus: true });
      });
  };
  return (
    <Form<ReplyValues> form={form} layout="vertical" initialValues={{ replyText: '', files: [] }}>
      {mine.replyState === 1 && (
        <Alert type="info" showIcon message={t('draftKept')} style={{ marginBottom: 12 }} />
      )}
      <Form.Item name="replyText" label={t('replyText')} rules={[replyRule]}>
        <Input.TextArea
          rows={4}
          maxLength={VENDOR_REPLY_MAX_LENGTH}
          showCount
          data-testid="inbox-reply-text"
        />
      </Form.Item>
      <Form.Item name="files" label={t('attachments')}>
        <FileUploader testId="inbox-reply-upload" />
      </Form.Item>
      <Space wrap>
        <Button
          icon={<SaveOutlined />}
          loading={reply.isPending && !reply.variables?.send}
          onClick={() => submit(false)}
          data-testid="inbox-reply-save"
        >
          {t('saveDraft')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={reply.isPending && reply.variables?.send}
          onClick={() => submit(true)}
          data-testid="inbox-reply-send"
        >
          {t('sendReply')}
        </Button>
      </Space>
    </Form>
  );
}

/** One notice of the inbox: opening it marks it read (who and when kept); acknowledge, reply. */
export function InboxNoticeDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation('vendor');
  const queryClient = useQueryClient();
  const [replyForm] = Form.useForm<ReplyValues>();
  const replyBaseline = useRef<string | null>(null);
  // Escape, the × or a click beside it asks first when the reply holds what was not saved.
  const close = useDiscardGuard(
    () => replyBaseline.current !== null && formSnapshot(replyForm, '') !== replyBaseline.current,
    onClose,
  );
  const info = useQuery({
    queryKey: vendorKeys.inboxInfo(id ?? ''),
    // Opening is reading: the first open marks it read and answers the notice.
    queryFn: async () => {
      const n = await inboxApi.info(id ?? '');
      if (n.mine?.readAt) return n;
      const read = await inboxApi.read(id ?? '');
      void queryClient.invalidateQueries({ queryKey: vendorKeys.inbox() });
      return read;
    },
    enabled: !!id,
  });
  const ack = useMutation({
    mutationFn: () => inboxApi.acknowledge(id ?? ''),
    onSuccess: (data) => {
      toast.success(t('acknowledged'));
      queryClient.setQueryData(vendorKeys.inboxInfo(data.id), data);
      void queryClient.invalidateQueries({ queryKey: vendorKeys.inbox() });
    },
  });
  const n = info.data;
  return (
    <Drawer
      open={!!id}
      title={n?.title ?? t('detail')}
      onClose={close}
      size="min(760px, 100vw)"
      destroyOnHidden
      data-testid="inbox-drawer"
      extra={
        n?.mine && !n.mine.ackAt ? (
          <Button
            icon={<CheckOutlined />}
            loading={ack.isPending}
            onClick={() => ack.mutate()}
            data-testid="inbox-ack"
          >
            {t('acknowledge')}
          </Button>
        ) : null
      }
    >
      <Spin spinning={info.isLoading}>
        {n && (
          <>
            <Descriptions column={{ xs: 1, sm: 2 }} size="small">
              {/* A notice without a type has no such row (not "type: -"). */}
              {n.noticeType && (
                <Descriptions.Item label={t('noticeType')}>
                  <DictTag typeCode="noticeType" value={n.noticeType} />
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('publishedAt')}>{formatDate(n.publishedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('replyDeadline')}>
                {n.replyRequired
                  ? n.replyDeadline
                    ? formatDate(n.replyDeadline)
                    : t('noDeadline')
                  : t('noReply')}
              </Descriptions.Item>
              <Descriptions.Item label={t('readAt')}>
                {n.mine?.readAt ? `${formatDate(n.mine.readAt)} ${n.mine.readByName}` : '-'}
              </Descriptions.Item>
              {n.mine?.ackAt && (
                <Descriptions.Item label={t('status.acknowledged')}>
                  {formatDate(n.mine.ackAt)}
                </Descriptions.Item>
              )}
            </Descriptions>
            <Divider />
            <NoticeBody notice={n} />
            {n.files.length > 0 && (
              <>
                <Divider plain titlePlacement="start">
                  {t('attachments')}
                </Divider>
                <FileLinks files={n.files} />
              </>
            )}
            <Divider plain titlePlacement="start">
              {t('reply')}
            </Divider>
            <ReplyForm notice={n} form={replyForm} baseline={replyBaseline} />
          </>
        )}
      </Spin>
    </Drawer>
  );
}
