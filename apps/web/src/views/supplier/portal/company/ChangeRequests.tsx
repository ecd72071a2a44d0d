import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ApplicationStatus,
  type ChangeKind,
  formatDate,
  REGISTERED_CAPITAL_MAX,
  type SupplierDetail,
  type VendorChange,
} from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Space,
  Tag,
} from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/request';
import { DictSelect, DictTag } from '../../../../components/dict';
import { useDiscardGuard } from '../../../../components/useDiscardGuard';
import { toast } from '../../../../utils/message';
import { requestApi, vendorKeys } from '../../api';
import { AreaName, Capital } from '../../shared';

type Bank = { bankName: string; branch: string; accountNo: string };
/** The legal fields the form edits; area, address and scope go as they are (the profile edits them). */
type Legal = {
  supplierName: string;
  legalPerson: string;
  registeredCapital: number | null;
  companyType: string;
};
type Values = { reason: string; bank?: Bank[]; legal?: Legal };

const LEGAL_FIELDS = [
  'supplierName',
  'legalPerson',
  'registeredCapital',
  'companyType',
  'areaCode',
  'address',
  'businessScope',
] as const;
const OPEN: readonly ApplicationStatus[] = ['submitted', 'inReview'];
export const STATUS_COLORS: Record<ApplicationStatus, string> = {
  submitted: 'blue',
  inReview: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** The open request of a kind (the server takes one per kind at a time). */
export const openChangeOf = (changes: readonly VendorChange[] | undefined, kind: ChangeKind) =>
  changes?.find((c) => c.kind === kind && OPEN.includes(c.status));

/** A request's state as a coloured tag. */
export function RequestStatusTag({ status, testId }: { status: ApplicationStatus; testId: string }) {
  const { t } = useTranslation('vendor');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={testId}>
      {t(`request.status.${status}`)}
    </Tag>
  );
}

/** Legal fields sent unchanged (the profile edits them), so not on the form. */
const UNSHOWN = new Set(['legal.areaCode', 'legal.address', 'legal.businessScope']);

/** The server's field names (`bank.0.accountNo`) as form paths. */
const pathOf = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * The form of a change request, prefilled with the current values: nothing changes until the
 * change flow approves it. A refusal the form cannot pin on a field (one already in review, nothing
 * changed) is shown as the server said it.
 */
export function ChangeDrawer({ s, kind, onClose }: { s: SupplierDetail; kind: ChangeKind; onClose(): void }) {
  const { t } = useTranslation('vendor');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  // Whether the user changed a field (onValuesChange: not the initial values): Escape, the ×,
  // Cancel or a click beside the drawer then ask before throwing it away.
  const changed = useRef(false);
  const close = useDiscardGuard(() => changed.current, onClose);
  const [refusal, setRefusal] = useState('');
  const send = useMutation({
    mutationFn: ({ reason, bank, legal }: Values) =>
      requestApi.requestChange(
        kind === 'bank'
          ? { kind, reason, bank: bank ?? [] }
          : {
              kind,
              reason,
              legal: {
                ...(legal as Legal),
                areaCode: s.areaCode,
                address: s.address,
                businessScope: s.businessScope,
              },
            },
      ),
    onSuccess: () => {
      toast.success(t('request.submitted'));
      void queryClient.invalidateQueries({ queryKey: vendorKeys.myChanges() });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        const entries = Object.entries(error.fields);
        const onForm = entries.filter(([name]) => !UNSHOWN.has(name));
        form.setFields(onForm.map(([name, message]) => ({ name: pathOf(name) as never, errors: [message] })));
        // The fields the form does not show (sent as they are): their messages go above it.
        setRefusal(
          entries
            .filter(([name]) => UNSHOWN.has(name))
            .map(([name, message]) => `${t(`field.${name.split('.')[1]}`)}: ${message}`)
            .join('; '),
        );
      } else setRefusal(error instanceof ApiError ? error.msg : String(error));
      // Someone of the company may have asked meanwhile: the list shows it.
      void queryClient.invalidateQueries({ queryKey: vendorKeys.myChanges() });
    },
  });
  const required = { required: true, whitespace: true, message: t('required') };
  return (
    <Drawer
      open
      title={t(`request.formTitle.${kind}`)}
      onClose={close}
      size="min(640px, 100vw)"
      destroyOnHidden
      data-testid="change-form"
      extra={
        <Space>
          <Button onClick={close}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            loading={send.isPending}
            onClick={() => form.submit()}
            data-testid="change-form-submit"
          >
            {t('request.submit')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t(`request.formHint.${kind}`)} />
        {refusal && (
          <Alert type="error" showIcon role="alert" message={refusal} data-testid="change-form-error" />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) => send.mutate(v)}
          onValuesChange={() => {
            changed.current = true;
            setRefusal('');
          }}
          initialValues={{
            reason: '',
            bank: s.banks.map(({ bankName, branch, accountNo }) => ({ bankName, branch, accountNo })),
            legal: {
              supplierName: s.supplierName,
              legalPerson: s.legalPerson,
              registeredCapital: s.registeredCapital,
              companyType: s.companyType,
            },
          }}
        >
          {kind === 'legal' ? (
            <>
              <Form.Item name={['legal', 'supplierName']} label={t('supplierName')} rules={[required]}>
                <Input maxLength={200} data-testid="change-supplierName" />
              </Form.Item>
              <Form.Item name={['legal', 'legalPerson']} label={t('legalPerson')} rules={[required]}>
                <Input maxLength={50} data-testid="change-legalPerson" />
              </Form.Item>
              <Form.Item name={['legal', 'registeredCapital']} label={t('registeredCapital')}>
                <InputNumber
                  min={0}
                  max={REGISTERED_CAPITAL_MAX}
                  precision={2}
                  style={{ width: '100%' }}
                  data-testid="change-registeredCapital"
                />
              </Form.Item>
              <Form.Item name={['legal', 'companyType']} label={t('companyType')}>
                <DictSelect typeCode="companyType" allowClear data-testid="change-companyType" />
              </Form.Item>
            </>
          ) : (
            <BankLines />
          )}
          <Form.Item name="reason" label={t('request.reason')}>
            <Input.TextArea rows={2} maxLength={500} showCount data-testid="change-reason" />
          </Form.Item>
        </Form>
      </Space>
    </Drawer>
  );
}

/** The bank accounts of a request, one card each (1 to 10). */
function BankLines() {
  const { t } = useTranslation('vendor');
  return (
    <Form.List name="bank">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              title={t('request.bankN', { n: i + 1 })}
              extra={
                fields.length > 1 && (
                  <Button
                    type="text"
                    danger
                    icon={<MinusCircleOutlined />}
                    aria-label={t('request.removeBank', { n: i + 1 })}
                    onClick={() => remove(field.name)}
                  />
                )
              }
            >
              <Form.Item
                name={[field.name, 'bankName']}
                label={t('bankName')}
                rules={[{ required: true, whitespace: true, message: t('required') }]}
              >
                <Input maxLength={100} data-testid={`change-bankName-${i}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'branch']} label={t('branch')}>
                <Input maxLength={100} data-testid={`change-branch-${i}`} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'accountNo']}
                label={t('accountNo')}
                rules={[{ required: true, pattern: /^\d{6,32}$/, message: t('request.accountNoRule') }]}
              >
                <Input maxLength={32} inputMode="numeric" data-testid={`change-accountNo-${i}`} />
              </Form.Item>
            </Card>
          ))}
          {fields.length < 10 && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ bankName: '', branch: '', accountNo: '' })}
              data-testid="change-bank-add"
            >
              {t('request.addBank')}
            </Button>
          )}
        </Space>
      )}
    </Form.List>
  );
}

/**
 * The "request a change" button of a kind, or why there is none while one is in review. Only the
 * supplier's administrator may ask (`mayRequest`; the server refuses a sub-account with 403).
 */
export function ChangeAction({
  kind,
  changes,
  mayRequest,
  onRequest,
}: {
  kind: ChangeKind;
  changes: VendorChange[] | undefined;
  mayRequest: boolean;
  onRequest(): void;
}) {
  const { t } = useTranslation('vendor');
  const open = openChangeOf(changes, kind);
  if (!open && !mayRequest) return null;
  return (
    <div className="srm-request-action">
      {open ? (
        <Alert
          type="warning"
          showIcon
          data-testid={`change-in-flight-${kind}`}
          message={t(`request.inFlight.${kind}`, { time: formatDate(open.createTime) })}
        />
      ) : (
        <Button onClick={onRequest} disabled={!changes} data-testid={`change-request-${kind}`}>
          {t(`request.change.${kind}`)}
        </Button>
      )}
    </div>
  );
}

const bankLines = (data: Record<string, unknown> | null) =>
  Array.isArray(data?.bank) ? (data.bank as Bank[]) : [];
const legalOf = (data: Record<string, unknown> | null) =>
  (data?.legal ?? {}) as Record<string, string | number | null | undefined>;
const plain = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A legal field's value as the profile shows it (dictionary and area names). */
function LegalValue({ field, value }: { field: string; value: unknown }) {
  const text = plain(value);
  if (!text) return <span>-</span>;
  if (field === 'companyType') return <DictTag typeCode="companyType" value={text} />;
  if (field === 'areaCode') return <AreaName code={text} />;
  if (field === 'registeredCapital') return <Capital value={Number(text)} />;
  return <span>{text}</span>;
}

function BankList({ lines }: { lines: Bank[] }) {
  if (!lines.length) return <span>-</span>;
  return (
    <div>
      {lines.map((b) => (
        <div key={`${b.bankName}|${b.branch}|${b.accountNo}`}>
          {[b.bankName, b.branch, b.accountNo].filter(Boolean).join(' · ')}
        </div>
      ))}
    </div>
  );
}

/** What a request changes: old → new (the fields it changed; the bank accounts as a whole). */
function ChangeDiff({ c }: { c: VendorChange }) {
  const { t } = useTranslation('vendor');
  let rows: { key: string; label: ReactNode; from: ReactNode; to: ReactNode }[];
  if (c.kind === 'bank') {
    rows = [
      {
        key: 'bank',
        label: t('tab.bank'),
        from: c.before ? <BankList lines={bankLines(c.before)} /> : null,
        to: <BankList lines={bankLines(c.after)} />,
      },
    ];
  } else {
    const before = c.before ? legalOf(c.before) : null;
    const after = legalOf(c.after);
    rows = LEGAL_FIELDS.filter((f) => !before || plain(before[f]) !== plain(after[f])).map((f) => ({
      key: f,
      label: t(`field.${f}`),
      from: before ? <LegalValue field={f} value={before[f]} /> : null,
      to: <LegalValue field={f} value={after[f]} />,
    }));
  }
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="change-diff"
      items={rows.map((r) => ({
        key: r.key,
        label: r.label,
        children: (
          <div className="srm-change-diff">
            {r.from !== null && (
              <div data-testid="change-from">
                <span className="srm-vendor-hint">{t('request.before')}</span> {r.from}
              </div>
            )}
            <div data-testid="change-to">
              <span className="srm-vendor-hint">{t('request.after')}</span> {r.to}
            </div>
          </div>
        ),
      }))}
    />
  );
}

/** The supplier's change requests, newest first, each with its state and what it changes. */
export function ChangeList({ changes, loading }: { changes: VendorChange[] | undefined; loading: boolean }) {
  const { t } = useTranslation('vendor');
  return (
    <List<VendorChange>
      loading={loading}
      dataSource={changes ?? []}
      data-testid="change-list"
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('request.noChanges')} />,
      }}
      renderItem={(c) => (
        <List.Item key={c.id} data-testid="change-item" className="srm-request-item">
          <Space direction="vertical" size="small" style={{ width: '100%' }}>
            <Space wrap size={[8, 4]}>
              <strong>{t(`request.kind.${c.kind}`)}</strong>
              <RequestStatusTag status={c.status} testId="change-status" />
              <span className="srm-vendor-hint">
                {t('request.submittedAt', { time: formatDate(c.createTime) })}
                {c.decidedAt ? ` · ${t('request.decidedAt', { time: formatDate(c.decidedAt) })}` : ''}
              </span>
            </Space>
            {c.status === 'rejected' && (
              <Alert
                type="error"
                showIcon
                data-testid="change-reject-reason"
                message={t('request.rejectReason', { reason: c.rejectReason || '-' })}
              />
            )}
            <ChangeDiff c={c} />
            {c.reason && (
              <div>
                <span className="srm-vendor-hint">{t('request.reason')}</span> {c.reason}
              </div>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}
