import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { FLOW_TASK_FORM_URL, type Invoice, validationMessage } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditorLoading } from '../../../components/editorForm';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { invoiceApi, invoiceKeys } from '../invoice-api';
import { InvoiceBody, InvoiceList } from './shared';

const SIZE = 'min(1000px, 100vw)';

/** One invoice for staff: its match line by line, approved or rejected with a reason. */
function InvoiceDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('invoice');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const query = useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: () => invoiceApi.get(id),
    refetchOnMount: 'always',
  });
  const invoice = query.data;
  const settled = (next: Invoice, message: string) => {
    toast.success(message);
    queryClient.setQueryData(invoiceKeys.one(id), next);
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  };
  const approve = useMutation({
    mutationFn: (i: Invoice) => invoiceApi.approve(i.id, i.version),
    onSuccess: (next) => settled(next, t('approved')),
  });
  const reject = useMutation({
    mutationFn: (i: Invoice) => invoiceApi.reject(i.id, i.version, reason.trim()),
    onSuccess: (next) => {
      setRejecting(false);
      setReason('');
      settled(next, t('rejected'));
    },
  });
  if (!invoice)
    return (
      <EditorLoading
        title={t('title')}
        error={query.error}
        onClose={onClose}
        size={SIZE}
        testId="inv-detail"
      />
    );
  const can = (a: 'approve' | 'reject') => invoice.actions.includes(a);
  return (
    <Drawer
      open
      title={t('detailTitle', { invoiceNo: invoice.invoiceNo })}
      onClose={onClose}
      size={SIZE}
      data-testid="inv-detail"
      extra={
        <Space wrap>
          {can('reject') && (
            <Button
              danger
              icon={<CloseOutlined />}
              onClick={() => setRejecting(true)}
              data-testid="inv-reject"
            >
              {t('reject')}
            </Button>
          )}
          {can('approve') && (
            <Button
              type="primary"
              icon={<CheckOutlined />}
              loading={approve.isPending}
              onClick={() => approve.mutate(invoice)}
              data-testid="inv-approve"
            >
              {t('approve')}
            </Button>
          )}
        </Space>
      }
    >
      {invoice.state === 'mismatch' && (
        <Alert
          type="warning"
          showIcon
          title={invoice.approvalTaskId ? t('inApprovalHint') : t('mismatchHint')}
          action={
            invoice.approvalTaskId ? (
              <Link to={`/${FLOW_TASK_FORM_URL}/${invoice.approvalTaskId}`} data-testid="inv-approval-link">
                {t('openApproval')}
              </Link>
            ) : undefined
          }
          style={{ marginBottom: 16 }}
          data-testid="inv-mismatch"
        />
      )}
      <InvoiceBody invoice={invoice} staff />
      <Modal
        open={rejecting}
        title={t('rejectTitle', { invoiceNo: invoice.invoiceNo })}
        onCancel={() => setRejecting(false)}
        onOk={() => {
          if (!reason.trim()) return toast.error(validationMessage('validation.required', language));
          reject.mutate(invoice);
        }}
        okText={t('reject')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, loading: reject.isPending }}
      >
        <Input.TextArea
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          aria-label={t('rejectReason')}
          placeholder={t('rejectReason')}
          data-testid="inv-reject-reason"
        />
      </Modal>
    </Drawer>
  );
}

/** 采购协同 › 发票: the suppliers' invoices, matched against orders and receipts, decided. */
export default function InvoicePage() {
  return (
    <InvoiceList
      side="staff"
      list={invoiceApi.list}
      queryKey={invoiceKeys.list}
      detail={(id, close) => <InvoiceDetail key={id} id={id} onClose={close} />}
    />
  );
}
