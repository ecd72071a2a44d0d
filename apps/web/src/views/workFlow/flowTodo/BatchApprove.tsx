import { CheckOutlined } from '@ant-design/icons';
import type { FlowBatchResult, FlowTaskItem } from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../utils/message';
import { FLOW_TASK_QUERY_KEY, flowTaskApi } from '../task/api';

/**
 * Approves the chosen to-dos with one opinion (BatchAudit: each on its own). Those the server could
 * not approve (handled meanwhile, …) are listed with its reason; the rest are done.
 */
export function BatchApprove({ selected, onDone }: { selected: FlowTaskItem[]; onDone: () => void }) {
  const { t } = useTranslation('flowTask');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [opinion, setOpinion] = useState('');
  const [result, setResult] = useState<FlowBatchResult | null>(null);
  const approve = useMutation({
    mutationFn: () =>
      flowTaskApi.batchAudit(
        selected.map((i) => i.operatorId ?? ''),
        opinion.trim(),
      ),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: FLOW_TASK_QUERY_KEY });
      onDone();
      if (res.failed.length === 0) {
        toast.success(t('batch.done', { count: res.succeeded.length }));
        close();
      } else setResult(res);
    },
  });
  const titleOf = (operatorId: string) =>
    selected.find((i) => i.operatorId === operatorId)?.title ?? operatorId;
  function close() {
    setOpen(false);
    setOpinion('');
    setResult(null);
  }
  return (
    <>
      <Button
        icon={<CheckOutlined />}
        disabled={selected.length === 0}
        onClick={() => setOpen(true)}
        data-testid="flow-batch-approve"
      >
        {selected.length ? t('batch.buttonCount', { count: selected.length }) : t('batch.button')}
      </Button>
      <Modal
        open={open}
        title={t('batch.title', { count: selected.length })}
        onCancel={close}
        okText={t('batch.ok')}
        cancelText={t('common:cancel')}
        okButtonProps={
          { loading: approve.isPending, disabled: !!result, 'data-testid': 'flow-batch-ok' } as never
        }
        onOk={() => approve.mutate()}
        destroyOnHidden
      >
        <label htmlFor="flow-batch-opinion">{t('action.opinion')}</label>
        <Input.TextArea
          id="flow-batch-opinion"
          value={opinion}
          onChange={(e) => setOpinion(e.target.value)}
          maxLength={2000}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('action.opinionHint')}
        />
        {result && (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            data-testid="flow-batch-result"
            title={t('batch.partly', { ok: result.succeeded.length, failed: result.failed.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {result.failed.map((f) => (
                  <li key={f.id}>
                    {titleOf(f.id)}: {f.msg}
                  </li>
                ))}
              </ul>
            }
          />
        )}
      </Modal>
    </>
  );
}
