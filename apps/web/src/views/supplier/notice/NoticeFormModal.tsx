import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SUPPLIER_STATES,
  type Supplier,
  type SupplierState,
  VENDOR_CODES,
  type VendorFile,
} from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Spin, Switch, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../components/Auth';
import { DictSelect, DictTreeSelect } from '../../../components/dict';
import { applyServerFieldErrors } from '../../../components/org/formRules';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { formSnapshot, useDiscardGuard } from '../../../components/useDiscardGuard';
import { useDebouncedValue } from '../../../components/user/useDebouncedValue';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { noticeApi, supplierApi, vendorKeys } from '../api';
import { FileUploader, SupplierStateTag } from '../shared';

interface Values {
  title: string;
  noticeType?: string;
  bodyHtml: string;
  files: VendorFile[];
  replyRequired: boolean;
  replyDeadline?: Dayjs | null;
}

type Target = Pick<Supplier, 'id' | 'supplierCode' | 'supplierName' | 'state'>;
type PickMode = 'one' | 'category' | 'state';

/** The most suppliers one notice names (the server's limit too). */
const MAX_TARGETS = 5000;
/** A new notice's first values. */
const NEW_NOTICE = { title: '', bodyHtml: '', files: [], replyRequired: false, replyDeadline: null };

/** Every supplier matching a filter, page by page, up to the limit. */
async function suppliersWhere(filter: Record<string, string>): Promise<Target[]> {
  const out: Target[] = [];
  for (let currentPage = 1; out.length < MAX_TARGETS; currentPage += 1) {
    const page = await supplierApi.list({ ...filter, currentPage, pageSize: 500 });
    out.push(...page.list);
    if (page.list.length < 500) break;
  }
  return out;
}

/** The target suppliers: added one by one, by supply category or by state; shown as a list. */
function TargetPicker({ targets, onChange }: { targets: Target[]; onChange: (t: Target[]) => void }) {
  const { t } = useTranslation('vendor');
  const [mode, setMode] = useState<PickMode>('one');
  const [typed, setKeyword] = useState('');
  const keyword = useDebouncedValue(typed.trim(), 300);
  const [category, setCategory] = useState<string>();
  const [state, setState] = useState<SupplierState>('qualified');
  const [adding, setAdding] = useState(false);
  const found = useQuery({
    queryKey: vendorKeys.supplierList({ keyword, pageSize: 20, purpose: 'pick' }),
    queryFn: () => supplierApi.list({ keyword: keyword || undefined, pageSize: 20 }),
    enabled: mode === 'one',
    // The offered suppliers stay, as options and as what a click is looked up in, while the next
    // keyword's answer comes: without it an option clicked meanwhile was dropped without a word.
    placeholderData: keepPreviousData,
  });
  const add = (more: Target[]) => {
    const have = new Set(targets.map((x) => x.id));
    const next = [...targets, ...more.filter((x) => !have.has(x.id))].slice(0, MAX_TARGETS);
    onChange(next);
    toast.success(t('targetsAdded', { count: next.length - targets.length }));
  };
  const addWhere = async (filter: Record<string, string>) => {
    setAdding(true);
    try {
      add(await suppliersWhere(filter));
    } catch {
      // The request layer has shown the message.
    } finally {
      setAdding(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="vendor-notice-targets">
      <Radio.Group
        value={mode}
        onChange={(e) => setMode(e.target.value)}
        optionType="button"
        aria-label={t('pickBy')}
        options={(['one', 'category', 'state'] as const).map((m) => ({ value: m, label: t(`pick.${m}`) }))}
      />
      {mode === 'one' && (
        <Select<string>
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          value={null}
          placeholder={t('pickSupplier')}
          aria-label={t('pickSupplier')}
          style={{ width: '100%' }}
          loading={found.isFetching}
          data-testid="vendor-notice-pick-one"
          options={(found.data?.list ?? []).map((s) => ({
            value: s.id,
            label: `${s.supplierName}（${s.supplierCode}）`,
          }))}
          onChange={(id) => {
            const s = found.data?.list.find((x) => x.id === id);
            if (s) add([s]);
          }}
        />
      )}
      {mode === 'category' && (
        <Space.Compact style={{ width: '100%' }}>
          <DictTreeSelect
            typeCode="supplyCategory"
            value={category}
            onChange={setCategory}
            placeholder={t('category')}
            aria-label={t('category')}
            style={{ flex: 1 }}
            data-testid="vendor-notice-pick-category"
          />
          <Button
            icon={<PlusOutlined />}
            disabled={!category}
            loading={adding}
            onClick={() => category && addWhere({ categoryCode: category })}
            data-testid="vendor-notice-pick-add"
          >
            {t('addMatching')}
          </Button>
        </Space.Compact>
      )}
      {mode === 'state' && (
        <Space.Compact style={{ width: '100%' }}>
          <Select
            value={state}
            onChange={setState}
            aria-label={t('stateLabel')}
            style={{ flex: 1 }}
            data-testid="vendor-notice-pick-state"
            options={SUPPLIER_STATES.filter((s) => s === 'potential' || s === 'qualified').map((s) => ({
              value: s,
              label: t(`state.${s}`),
            }))}
          />
          <Button
            icon={<PlusOutlined />}
            loading={adding}
            onClick={() => addWhere({ state })}
            data-testid="vendor-notice-pick-add"
          >
            {t('addMatching')}
          </Button>
        </Space.Compact>
      )}
      <Table<Target>
        rowKey="id"
        size="small"
        data-testid="vendor-notice-target-table"
        dataSource={targets}
        pagination={{ pageSize: 5, size: 'small', showTotal: (total) => t('targets', { count: total }) }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('supplierCode'), dataIndex: 'supplierCode' },
          { title: t('supplierName'), dataIndex: 'supplierName' },
          {
            title: t('stateLabel'),
            dataIndex: 'state',
            render: (s: SupplierState) => <SupplierStateTag state={s} />,
          },
          {
            title: t('actions'),
            key: 'remove',
            render: (_, s) => (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('removeTarget', { name: s.supplierName })}
                onClick={() => onChange(targets.filter((x) => x.id !== s.id))}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}

/** Writes or edits a vendor notice (a draft); saved as a draft, or saved and published at once. */
export function NoticeFormModal({
  id,
  onClose,
  onSaved,
}: {
  /** The draft to edit; null writes a new one. */
  id: string | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['vendor', 'common']);
  const { has } = useAuth();
  const canPublish = has(VENDOR_CODES.noticeCheck);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [form] = Form.useForm<Values>();
  const replyRequired = Form.useWatch('replyRequired', form);
  const [targets, setTargets] = useState<Target[]>([]);
  const [targetsError, setTargetsError] = useState(false);
  // The chosen suppliers are kept outside the form: a change by the user counts as entered too.
  const targetsChanged = useRef(false);
  // Asks before a stray Escape or click throws away a notice being written.
  // What the form holds as it opens: a new notice's first values, an edited one's once loaded.
  const opened = useRef(formSnapshot(NEW_NOTICE, 'bodyHtml'));
  const close = useDiscardGuard(
    () => formSnapshot(form, 'bodyHtml') !== opened.current || targetsChanged.current,
    onClose,
  );
  const info = useQuery({
    queryKey: vendorKeys.notice(id ?? ''),
    queryFn: () => noticeApi.info(id ?? ''),
    enabled: !!id,
  });

  useEffect(() => {
    const n = info.data;
    if (!n) return;
    form.setFieldsValue({
      title: n.title,
      noticeType: n.noticeType || undefined,
      bodyHtml: n.bodyHtml,
      files: n.files,
      replyRequired: n.replyRequired,
      replyDeadline: n.replyDeadline ? dayjs(n.replyDeadline) : null,
    });
    opened.current = formSnapshot(form, 'bodyHtml');
    setTargets(
      (n.items ?? []).map((i) => ({
        id: i.supplierId,
        supplierCode: i.supplierCode,
        supplierName: i.supplierName,
        state: 'qualified',
      })),
    );
  }, [info.data, form]);

  const save = useMutation({
    mutationFn: async ({ values, publish }: { values: Values; publish: boolean }) => {
      const saved = await noticeApi.save(id ?? undefined, {
        title: values.title,
        noticeType: values.noticeType ?? '',
        bodyHtml: values.bodyHtml ?? '',
        replyRequired: values.replyRequired,
        replyDeadline: values.replyRequired && values.replyDeadline ? values.replyDeadline.valueOf() : null,
        fileIds: (values.files ?? []).map((f) => f.id),
        supplierIds: targets.map((s) => s.id),
      });
      if (publish) await noticeApi.check(saved.id);
      return publish;
    },
    onSuccess: (published) => {
      toast.success(published ? t('noticeDone.check') : t('saved'));
      onSaved();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const submit = (publish: boolean) => {
    setTargetsError(targets.length === 0);
    form
      .validateFields()
      .then((values) => {
        if (targets.length > 0) save.mutate({ values, publish });
      })
      .catch(() => undefined);
  };

  return (
    <Modal
      open
      title={id ? t('editNotice') : t('addNotice')}
      onCancel={close}
      width={mobile ? '100%' : 860}
      style={mobile ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}
      destroyOnHidden
      data-testid="vendor-notice-form"
      footer={
        <Space wrap>
          <Button onClick={close}>{t('common:cancel')}</Button>
          <Button
            type={canPublish ? 'default' : 'primary'}
            loading={save.isPending && !save.variables?.publish}
            onClick={() => submit(false)}
            data-testid="vendor-notice-form-save"
          >
            {t('saveDraft')}
          </Button>
          {canPublish && (
            <Button
              type="primary"
              loading={save.isPending && save.variables?.publish}
              onClick={() => submit(true)}
              data-testid="vendor-notice-form-publish"
            >
              {t('saveAndPublish')}
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={!!id && info.isLoading}>
        <Form<Values> form={form} layout="vertical" initialValues={NEW_NOTICE}>
          <Form.Item
            name="title"
            label={t('noticeTitle')}
            rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}
          >
            <Input maxLength={200} showCount data-testid="vendor-notice-form-title" />
          </Form.Item>
          <Form.Item name="noticeType" label={t('noticeType')}>
            <DictSelect typeCode="noticeType" allowClear data-testid="vendor-notice-form-type" />
          </Form.Item>
          <Form.Item
            label={t('targetSuppliers')}
            required
            validateStatus={targetsError ? 'error' : undefined}
            help={targetsError ? t('targetsRequired') : undefined}
          >
            <TargetPicker
              targets={targets}
              onChange={(next) => {
                targetsChanged.current = true;
                setTargets(next);
                if (next.length) setTargetsError(false);
              }}
            />
          </Form.Item>
          <Form.Item name="bodyHtml" label={t('noticeBody')}>
            <RichTextEditor placeholder={t('noticeBody')} data-testid="vendor-notice-form-body" />
          </Form.Item>
          <Form.Item name="files" label={t('attachments')}>
            <FileUploader testId="vendor-notice-form-upload" max={20} />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item name="replyRequired" label={t('replyRequired')} valuePropName="checked">
              <Switch data-testid="vendor-notice-form-reply" />
            </Form.Item>
            {replyRequired && (
              <Form.Item
                name="replyDeadline"
                label={t('replyDeadline')}
                rules={[
                  {
                    validator: (_, v: Dayjs | null) =>
                      !v || v.isAfter(dayjs())
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('deadlinePast'))),
                  },
                ]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  data-testid="vendor-notice-form-deadline"
                />
              </Form.Item>
            )}
          </Space>
        </Form>
      </Spin>
    </Modal>
  );
}
