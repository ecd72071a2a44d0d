import {
  BILL_DATE_FORMATS,
  BILL_DIGITS_MAX,
  BILL_NUMBER_MAX,
  BILL_RESET_CYCLES,
  type BillDateFormat,
  type BillResetCycle,
  type BillRule,
  type BillRuleBody,
  BillRulePerm,
  billNoExample,
  formRule,
  nameInLocale,
  type ValidationMessageKey,
  validationMessage,
} from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../api/request';
import { EditDeleteActions, useActionColumn } from '../../../components/listActions';
import { FormModal, KeywordToolbar, PagedTable, useKeywordSearch } from '../../../components/listPage';
import { OtherNameFields } from '../../../components/OtherNameFields';
import { applyServerFieldErrors } from '../../../components/org';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { billRuleApi, billRuleKeys } from './api';

type FormValues = Required<BillRuleBody>;

const DEFAULTS: FormValues = {
  fullName: '',
  fullNameEn: '',
  fullNameTw: '',
  enCode: '',
  prefix: '',
  dateFormat: 'yyyyMMdd',
  digits: 4,
  startNumber: 1,
  step: 1,
  resetCycle: 'daily',
  description: '',
};

/** System → document-number rules: the rules, the number each would give now, the last one given. */
export default function BillRulePage() {
  const { t } = useTranslation('sysConfig');
  const language = useAppStore((s) => s.language);
  const ruleName = (row: BillRule) => nameInLocale(language, row.fullName, row.fullNameEn, row.fullNameTw);
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [editing, setEditing] = useState<BillRule | 'new' | null>(null);
  const params: QueryParams = { ...page, keyword: keyword || undefined };
  const query = useQuery({
    queryKey: billRuleKeys.list(params),
    queryFn: () => billRuleApi.list(params),
    placeholderData: keepPreviousData,
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: billRuleKeys.all });
  const remove = useMutation({
    mutationFn: billRuleApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
  });
  const actionColumn = useActionColumn<BillRule>(t('billRule.actions'), 140, (row) => (
    <>
      <EditDeleteActions
        prefix="bill-rule"
        editCode={BillRulePerm.billRuleEdit}
        onEdit={() => setEditing(row)}
        editLabel={t('billRule.edit')}
        deleteCode={BillRulePerm.billRuleDelete}
        deleteTitle={t('deleteConfirm', { name: ruleName(row) })}
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('billRule.delete')}
      />
    </>
  ));
  const now = new Date();
  const columns: ColumnsType<BillRule> = [
    {
      title: t('billRule.fullName'),
      dataIndex: 'fullName',
      key: 'fullName',
      render: (_: string, row) => ruleName(row),
    },
    { title: t('billRule.enCode'), dataIndex: 'enCode', key: 'enCode' },
    {
      title: t('billRule.exampleNow'),
      key: 'example',
      render: (_, row) => <code>{billNoExample(row, now)}</code>,
    },
    {
      title: t('billRule.resetCycle'),
      dataIndex: 'resetCycle',
      key: 'resetCycle',
      render: (cycle: BillResetCycle) => t(`billRule.resetCycles.${cycle}`),
    },
    {
      title: t('billRule.lastNo'),
      dataIndex: 'lastNo',
      key: 'lastNo',
      render: (no: string) => (no ? <code>{no}</code> : '-'),
    },
    actionColumn,
  ];
  return (
    <Card variant="borderless" title={t('billRule.title')} data-testid="bill-rule-page">
      <KeywordToolbar
        prefix="bill-rule"
        search={keywordSearch}
        placeholder={t('billRule.keyword')}
        ariaLabel={t('billRule.keyword')}
        addCode={BillRulePerm.billRuleAdd}
        onAdd={() => setEditing('new')}
        addLabel={t('billRule.add')}
      />
      <PagedTable<BillRule>
        testId="bill-rule-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {editing && (
        <BillRuleFormModal
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={afterWrite}
        />
      )}
    </Card>
  );
}

function useRules(): Record<'fullName' | 'enCode' | 'prefix' | 'number', Rule[]> {
  const language = useAppStore((s) => s.language);
  return useMemo(() => {
    const msg = (key: ValidationMessageKey) => validationMessage(key, language);
    const required: Rule = { required: true, whitespace: true, message: msg('validation.required') };
    return {
      fullName: [required, formRule('name', msg)],
      enCode: [required, formRule('enCode', msg)],
      prefix: [{ pattern: /^[A-Za-z0-9_-]*$/, message: msg('validation.billPrefix') }],
      number: [{ required: true, message: msg('validation.required') }],
    };
  }, [language]);
}

function BillRuleFormModal({
  rule,
  onClose,
  onSaved,
}: {
  rule: BillRule | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('sysConfig');
  const rules = useRules();
  const [form] = Form.useForm<FormValues>();
  const initialValues: FormValues = rule
    ? {
        fullName: rule.fullName,
        fullNameEn: rule.fullNameEn,
        fullNameTw: rule.fullNameTw,
        enCode: rule.enCode,
        prefix: rule.prefix,
        dateFormat: rule.dateFormat,
        digits: rule.digits,
        startNumber: rule.startNumber,
        step: rule.step,
        resetCycle: rule.resetCycle,
        description: rule.description,
      }
    : DEFAULTS;
  // The live example: the same formatting function the server numbers with.
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const values = { ...initialValues, ...watched };
  const example =
    Number.isInteger(values.digits) && Number.isInteger(values.startNumber) && Number.isInteger(values.step)
      ? billNoExample(
          {
            prefix: values.prefix ?? '',
            dateFormat: values.dateFormat,
            digits: values.digits,
            startNumber: values.startNumber,
            step: values.step,
            resetCycle: values.resetCycle,
          },
          new Date(),
        )
      : '-';
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body: BillRuleBody = {
        ...v,
        fullNameEn: v.fullNameEn ?? '',
        fullNameTw: v.fullNameTw ?? '',
        prefix: v.prefix ?? '',
        description: v.description ?? '',
      };
      return rule ? billRuleApi.update(rule.id, body) : billRuleApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      onSaved();
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const dateOptions = BILL_DATE_FORMATS.map((value: BillDateFormat) => ({
    value,
    label: t(`billRule.dateFormats.${value}`),
  }));
  const cycleOptions = BILL_RESET_CYCLES.map((value: BillResetCycle) => ({
    value,
    label: t(`billRule.resetCycles.${value}`),
  }));
  return (
    <FormModal<FormValues>
      form={form}
      title={rule ? t('billRule.editTitle') : t('billRule.addTitle')}
      testId="bill-rule-form"
      width="min(600px, calc(100vw - 32px))"
      saving={save.isPending}
      initialValues={initialValues}
      onFinish={(v) => save.mutate(v)}
      onClose={onClose}
    >
      <Form.Item name="fullName" label={t('billRule.fullName')} rules={rules.fullName}>
        <Input maxLength={50} data-testid="bill-rule-form-name" />
      </Form.Item>
      <OtherNameFields
        names={['fullNameEn', 'fullNameTw']}
        labels={[t('billRule.fullNameEn'), t('billRule.fullNameTw')]}
        max={50}
        testId="bill-rule-form"
      />
      <Form.Item name="enCode" label={t('billRule.enCode')} rules={rules.enCode}>
        <Input maxLength={50} data-testid="bill-rule-form-code" />
      </Form.Item>
      <Space wrap size="middle" align="start">
        <Form.Item name="prefix" label={t('billRule.prefix')} rules={rules.prefix}>
          <Input maxLength={20} style={{ width: 140 }} data-testid="bill-rule-form-prefix" />
        </Form.Item>
        <Form.Item name="dateFormat" label={t('billRule.dateFormat')} rules={rules.number}>
          <Select options={dateOptions} style={{ width: 140 }} data-testid="bill-rule-form-date" />
        </Form.Item>
        <Form.Item name="resetCycle" label={t('billRule.resetCycle')} rules={rules.number}>
          <Select options={cycleOptions} style={{ width: 140 }} data-testid="bill-rule-form-reset" />
        </Form.Item>
      </Space>
      <Space wrap size="middle" align="start">
        <Form.Item name="digits" label={t('billRule.digits')} rules={rules.number}>
          <InputNumber min={1} max={BILL_DIGITS_MAX} precision={0} data-testid="bill-rule-form-digits" />
        </Form.Item>
        <Form.Item name="startNumber" label={t('billRule.startNumber')} rules={rules.number}>
          <InputNumber min={0} max={BILL_NUMBER_MAX} precision={0} data-testid="bill-rule-form-start" />
        </Form.Item>
        <Form.Item name="step" label={t('billRule.step')} rules={rules.number}>
          <InputNumber min={1} max={BILL_NUMBER_MAX} precision={0} data-testid="bill-rule-form-step" />
        </Form.Item>
      </Space>
      <Form.Item label={t('billRule.example')}>
        <output aria-live="polite" data-testid="bill-rule-example">
          <code>{example}</code>
        </output>
      </Form.Item>
      <Form.Item name="description" label={t('billRule.description')}>
        <Input.TextArea maxLength={200} rows={2} data-testid="bill-rule-form-description" />
      </Form.Item>
    </FormModal>
  );
}
