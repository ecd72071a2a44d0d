import type { FlowTaskDetail } from '@srm/contracts/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Checkbox, Input, Modal, Space, theme } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { UserSelect } from '../../../components/user';
import { flowTaskApi } from '../task/api';
import { SignaturePad } from './SignaturePad';

export type TaskAction = 'audit' | 'reject' | 'transfer' | 'recall' | 'breakOff';

/**
 * The dialog of one action on the task page: the opinion for all; for an approval optional users to
 * copy to and a handwritten signature; for a reject where it goes back to; for a transfer the user
 * who takes the to-do. `formData` gives the fields the node lets the approver change (validated
 * first). A 409 (handled meanwhile) goes to `onConflict`, which says so on the page.
 */
export function ActionModal({
  action,
  detail,
  formData,
  onDone,
  onConflict,
  onClose,
}: {
  action: TaskAction;
  detail: FlowTaskDetail;
  formData?: () => Promise<Record<string, unknown>>;
  onDone: (action: TaskAction) => void;
  onConflict: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('flowTask');
  const { token } = theme.useToken();
  const [opinion, setOpinion] = useState('');
  const [copyIds, setCopyIds] = useState<string[]>([]);
  const [signing, setSigning] = useState(false);
  const [signImg, setSignImg] = useState<string | null>(null);
  const [toUserId, setToUserId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A reject says why: the launcher reads it (and the server refuses a reject without it).
  const reasonRequired = action === 'reject';
  const [reasonMissing, setReasonMissing] = useState(false);
  const opinionRef = useRef<HTMLTextAreaElement | null>(null);
  const operatorId = detail.myItem?.operatorId ?? '';
  // An opinion being written (up to 2,000 characters) or a signature is not lost to a stray Escape.
  const close = useDiscardGuard(() => opinion.trim() !== '' || signImg !== null, onClose);
  const submit = () => {
    if (reasonRequired && !opinion.trim()) {
      setReasonMissing(true);
      opinionRef.current?.focus();
      return;
    }
    run.mutate();
  };

  const run = useMutation({
    mutationFn: async () => {
      setProblem(null);
      const handleOpinion = opinion.trim();
      if (action === 'transfer') return flowTaskApi.transfer(operatorId, toUserId ?? '', handleOpinion);
      if (action === 'recall') return flowTaskApi.act('recall', detail.recallable ?? '', { handleOpinion });
      if (action === 'breakOff') return flowTaskApi.act('breakOff', detail.task.id, { handleOpinion });
      if (action === 'reject') return flowTaskApi.act('reject', operatorId, { handleOpinion });
      return flowTaskApi.act('audit', operatorId, {
        handleOpinion,
        ...(copyIds.length ? { copyIds } : {}),
        ...(signing && signImg ? { signImg } : {}),
        ...(formData ? { formData: await formData() } : {}),
      });
    },
    onSuccess: () => onDone(action),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 409) {
        onConflict(error.msg);
        onClose();
      } else if (error instanceof ApiError) {
        // The field's message, when it says the same as the answer's, is shown once.
        setProblem([...new Set([error.msg, ...Object.values(error.fields ?? {})])].join(' '));
      }
      // A form that fails its rules shows its messages on the fields.
    },
  });

  return (
    <Modal
      open
      title={t(`action.${action}Title`)}
      onCancel={close}
      okText={t(`action.${action}`)}
      cancelText={t('common:cancel')}
      okButtonProps={
        {
          loading: run.isPending,
          danger: action === 'reject' || action === 'breakOff',
          disabled: action === 'transfer' && !toUserId,
          'data-testid': 'flow-action-ok',
        } as never
      }
      onOk={submit}
      destroyOnHidden
      data-testid={`flow-action-${action}`}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {action === 'reject' && detail.myItem && (
          <Alert
            type="warning"
            showIcon
            title={t('action.rejectTo', { node: detail.myItem.rejectTo })}
            data-testid="flow-reject-target"
          />
        )}
        {action === 'transfer' && (
          <>
            <label htmlFor="flow-transfer-user">{t('action.transferTo')}</label>
            <UserSelect
              id="flow-transfer-user"
              staffOnly
              value={toUserId}
              onChange={setToUserId}
              data-testid="flow-transfer-user"
            />
          </>
        )}
        <label htmlFor="flow-opinion">
          {reasonRequired && (
            <span aria-hidden style={{ color: token.colorErrorText, marginInlineEnd: 4 }}>
              *
            </span>
          )}
          {t(reasonRequired ? 'action.rejectReason' : 'action.opinion')}
        </label>
        <Input.TextArea
          id="flow-opinion"
          ref={(el) => {
            opinionRef.current = el?.resizableTextArea?.textArea ?? null;
          }}
          // The dialog opens on what the user writes (a transfer opens on whom it goes to).
          autoFocus={action !== 'transfer'}
          value={opinion}
          onChange={(e) => {
            setOpinion(e.target.value);
            if (e.target.value.trim()) setReasonMissing(false);
          }}
          maxLength={2000}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={reasonRequired ? undefined : t('action.opinionHint')}
          required={reasonRequired}
          status={reasonMissing ? 'error' : undefined}
          aria-invalid={reasonMissing || undefined}
          aria-describedby={reasonMissing ? 'flow-opinion-error' : undefined}
          data-testid="flow-opinion"
        />
        {reasonMissing && (
          <div
            id="flow-opinion-error"
            role="alert"
            style={{ color: token.colorErrorText }}
            data-testid="flow-opinion-error"
          >
            {t('action.rejectReasonRequired')}
          </div>
        )}
        {action === 'audit' && (
          <>
            <label htmlFor="flow-copy-users">{t('action.copyTo')}</label>
            <UserSelect
              id="flow-copy-users"
              multiple
              staffOnly
              value={copyIds}
              onChange={setCopyIds}
              data-testid="flow-copy-users"
            />
            <Checkbox
              checked={signing}
              onChange={(e) => setSigning(e.target.checked)}
              data-testid="flow-sign-toggle"
            >
              {t('action.sign')}
            </Checkbox>
            {signing && <SignaturePad onChange={setSignImg} />}
          </>
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="flow-action-error" />}
      </Space>
    </Modal>
  );
}
