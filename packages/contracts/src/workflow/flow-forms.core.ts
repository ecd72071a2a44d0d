// The business forms in code, by name. A module of their own: the web's flow designer reads them,
// and in the module of the task paths and codes (which the sign-in page loads) they would ride
// along into the sign-in page's scripts.

import { INVOICE_MISMATCH_FORM } from '../procurement/invoice-form.core';
import { PURCHASE_ORDER_FORM } from '../procurement/order-form.core';
import { RFQ_AWARD_FORM } from '../procurement/rfq-form.core';
import { VENDOR_ADMISSION_FORM, VENDOR_CHANGE_FORM } from '../supplier/supplier-forms.core';
import type { FormSchema } from './flow-model.core';
import type { FlowFormName } from './flow-task-api.core';

export const PURCHASE_REQUISITION_FORM: FormSchema = {
  name: 'PurchaseRequisition',
  title: '采购申请',
  titles: { 'en-US': 'Purchase requisition', 'zh-TW': '採購申請' },
  layout: { columns: 2, labelWidth: 100 },
  fields: [
    {
      name: 'deptId',
      type: 'dept',
      label: '申请部门',
      labels: { 'en-US': 'Department', 'zh-TW': '申請部門' },
      required: true,
      defaultCurrent: true,
    },
    {
      name: 'requesterId',
      type: 'user',
      label: '申请人',
      labels: { 'en-US': 'Requester', 'zh-TW': '申請人' },
      required: true,
      defaultCurrent: true,
    },
    {
      name: 'reason',
      type: 'textarea',
      label: '申请事由',
      labels: { 'en-US': 'Reason', 'zh-TW': '申請事由' },
      required: true,
      maxLength: 500,
      span: 24,
    },
    {
      name: 'neededBy',
      type: 'date',
      label: '需求日期',
      labels: { 'en-US': 'Needed by', 'zh-TW': '需求日期' },
      required: true,
      notBefore: 'today',
    },
    {
      name: 'lines',
      type: 'table',
      label: '采购明细',
      labels: { 'en-US': 'Lines', 'zh-TW': '採購明細' },
      required: true,
      span: 24,
      columns: [
        {
          name: 'item',
          type: 'input',
          label: '物料名称',
          labels: { 'en-US': 'Item', 'zh-TW': '物料名稱' },
          required: true,
          maxLength: 100,
        },
        {
          name: 'spec',
          type: 'input',
          label: '规格型号',
          labels: { 'en-US': 'Spec', 'zh-TW': '規格型號' },
          maxLength: 100,
        },
        {
          name: 'unit',
          type: 'input',
          label: '单位',
          labels: { 'en-US': 'Unit', 'zh-TW': '單位' },
          required: true,
          maxLength: 20,
        },
        {
          name: 'quantity',
          type: 'number',
          label: '数量',
          labels: { 'en-US': 'Quantity', 'zh-TW': '數量' },
          required: true,
          min: 0.01,
          max: 99_999_999,
          precision: 2,
        },
        {
          name: 'price',
          type: 'money',
          label: '预估单价',
          labels: { 'en-US': 'Estimated price', 'zh-TW': '預估單價' },
          required: true,
          min: 0,
          max: 999_999_999,
          precision: 2,
        },
        {
          name: 'amount',
          type: 'money',
          label: '金额',
          labels: { 'en-US': 'Amount', 'zh-TW': '金額' },
          precision: 2,
          computed: 'lines.quantity * lines.price',
        },
      ],
    },
    {
      name: 'total',
      type: 'money',
      label: '合计金额',
      labels: { 'en-US': 'Total', 'zh-TW': '合計金額' },
      precision: 2,
      computed: 'sum(lines.amount)',
    },
    {
      name: 'attachments',
      type: 'upload',
      label: '附件',
      labels: { 'en-US': 'Attachments', 'zh-TW': '附件' },
      span: 24,
    },
  ],
};

const HALF_DAY_OPTIONS = [
  { label: '上午', labels: { 'en-US': 'Morning', 'zh-TW': '上午' }, value: 'am' },
  { label: '下午', labels: { 'en-US': 'Afternoon', 'zh-TW': '下午' }, value: 'pm' },
];

export const LEAVE_APPLY_FORM: FormSchema = {
  name: 'LeaveApply',
  title: '请假申请',
  titles: { 'en-US': 'Leave application', 'zh-TW': '請假申請' },
  layout: { columns: 2, labelWidth: 100 },
  fields: [
    {
      name: 'leaveType',
      type: 'select',
      label: '请假类型',
      labels: { 'en-US': 'Leave type', 'zh-TW': '請假類型' },
      required: true,
      dictionary: 'leaveType',
    },
    {
      name: 'startDate',
      type: 'date',
      label: '开始日期',
      labels: { 'en-US': 'From', 'zh-TW': '開始日期' },
      required: true,
    },
    {
      name: 'endDate',
      type: 'date',
      label: '结束日期',
      labels: { 'en-US': 'To', 'zh-TW': '結束日期' },
      required: true,
    },
    {
      name: 'startHalf',
      type: 'select',
      label: '开始时段',
      labels: { 'en-US': 'Starting', 'zh-TW': '開始時段' },
      options: HALF_DAY_OPTIONS,
      defaultValue: 'am',
    },
    {
      name: 'endHalf',
      type: 'select',
      label: '结束时段',
      labels: { 'en-US': 'Ending', 'zh-TW': '結束時段' },
      options: HALF_DAY_OPTIONS,
      defaultValue: 'pm',
    },
    {
      // Worked out from the dates in half days (contracts `leaveDays`), on the form and the server.
      name: 'days',
      type: 'number',
      label: '请假天数',
      labels: { 'en-US': 'Days', 'zh-TW': '請假天數' },
      precision: 1,
      computed: 'leaveDays(startDate, startHalf, endDate, endHalf)',
    },
    {
      name: 'reason',
      type: 'textarea',
      label: '请假事由',
      labels: { 'en-US': 'Reason', 'zh-TW': '請假事由' },
      required: true,
      maxLength: 500,
      span: 24,
    },
  ],
};

export const FLOW_FORMS: Readonly<Record<FlowFormName, FormSchema>> = {
  PurchaseRequisition: PURCHASE_REQUISITION_FORM,
  LeaveApply: LEAVE_APPLY_FORM,
  VendorAdmission: VENDOR_ADMISSION_FORM,
  VendorChange: VENDOR_CHANGE_FORM,
  PurchaseOrder: PURCHASE_ORDER_FORM,
  RfqAward: RFQ_AWARD_FORM,
  InvoiceMismatch: INVOICE_MISMATCH_FORM,
};
