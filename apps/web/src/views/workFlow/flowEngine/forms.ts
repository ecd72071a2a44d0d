import type { FormField, FormSchema, Locale } from '@srm/contracts/core';

/**
 * The business forms a flow can bind, as the designer needs them: the top-level fields that
 * conditions read and node field rights apply to. They mirror the forms registered in code on the
 * server (PurchaseRequisition, LeaveApply); once the contracts export that registry,
 * this list is read from it instead.
 */
const field = (
  name: string,
  type: FormField['type'],
  zh: string,
  en: string,
  tw: string,
  extra: Partial<FormField> = {},
): FormField => ({ name, type, label: zh, labels: { 'en-US': en, 'zh-TW': tw }, ...extra });

export const DESIGNER_FORMS: readonly FormSchema[] = [
  {
    name: 'PurchaseRequisition',
    title: '采购申请',
    fields: [
      field('deptId', 'dept', '申请部门', 'Department', '申請部門'),
      field('requesterId', 'user', '申请人', 'Requester', '申請人'),
      field('reason', 'textarea', '申请事由', 'Reason', '申請事由'),
      field('neededBy', 'date', '需求日期', 'Needed by', '需求日期'),
      field('lines', 'table', '采购明细', 'Lines', '採購明細'),
      field('total', 'money', '合计金额', 'Total', '合計金額', { computed: 'sum(lines.amount)' }),
      field('attachments', 'upload', '附件', 'Attachments', '附件'),
    ],
  },
  {
    name: 'LeaveApply',
    title: '请假申请',
    fields: [
      field('leaveType', 'select', '请假类型', 'Leave type', '請假類型', { dictionary: 'leaveType' }),
      field('startDate', 'date', '开始日期', 'From', '開始日期'),
      field('endDate', 'date', '结束日期', 'To', '結束日期'),
      field('days', 'number', '请假天数', 'Days', '請假天數'),
      field('reason', 'textarea', '请假事由', 'Reason', '請假事由'),
    ],
  },
];

export const FORM_TITLES: Record<string, Record<Locale, string>> = {
  PurchaseRequisition: { 'zh-CN': '采购申请', 'en-US': 'Purchase requisition', 'zh-TW': '採購申請' },
  LeaveApply: { 'zh-CN': '请假申请', 'en-US': 'Leave application', 'zh-TW': '請假申請' },
};

export function formByName(name: string | undefined): FormSchema | undefined {
  return DESIGNER_FORMS.find((f) => f.name === name);
}

export function fieldLabel(f: FormField, locale: Locale): string {
  return f.labels?.[locale] ?? f.label;
}

export function formTitle(name: string, locale: Locale): string {
  return FORM_TITLES[name]?.[locale] ?? name;
}

/** Fields a condition can compare: not tables or attachments. */
export function conditionFields(form: FormSchema | undefined): FormField[] {
  return (form?.fields ?? []).filter((f) => f.type !== 'table' && f.type !== 'upload');
}

export const NUMERIC_TYPES: readonly FormField['type'][] = ['number', 'money'];
