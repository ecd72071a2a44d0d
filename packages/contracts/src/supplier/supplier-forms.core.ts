// The workflow forms of the supplier domain. A module of their own: the web's flow designer reads
// them, and in the module of the supplier paths and codes (which the sign-in page loads) they
// would ride along into the sign-in page's scripts.
import type { FormSchema } from '../workflow/flow-model.core';
import { VENDOR_ADMISSION_FORM_NAME, VENDOR_CHANGE_FORM_NAME } from './supplier-register.core';
import { REGISTERED_CAPITAL_MAX } from './supplier-schemas.core';

const L = (zh: string, en: string, tw: string) => ({ 'en-US': en, 'zh-TW': tw, 'zh-CN': zh });

/**
 * The fields a resubmitted application may change, in the order approvers read its changes: bank
 * data first (where a taken application would pay someone else), then the contact, the company,
 * the categories and the qualifications.
 */
export const ADMISSION_CHANGE_FIELDS = [
  { value: 'bank.bankName', labels: L('开户银行', 'Bank', '開戶銀行') },
  { value: 'bank.branch', labels: L('支行', 'Bank branch', '支行') },
  { value: 'bank.accountNo', labels: L('银行账号', 'Bank account no.', '銀行帳號') },
  { value: 'contact.contactName', labels: L('联系人', 'Contact', '聯絡人') },
  { value: 'contact.mobile', labels: L('联系人手机', 'Contact mobile', '聯絡人手機') },
  { value: 'contact.email', labels: L('联系人邮箱', 'Contact email', '聯絡人電子郵件') },
  { value: 'contact.phone', labels: L('联系人座机', 'Contact landline', '聯絡人座機') },
  { value: 'supplierName', labels: L('公司名称', 'Company name', '公司名稱') },
  { value: 'creditCode', labels: L('统一社会信用代码', 'Credit code', '統一社會信用代碼') },
  { value: 'legalPerson', labels: L('法定代表人', 'Legal representative', '法定代表人') },
  {
    value: 'registeredCapital',
    labels: L('注册资本（万元）', 'Registered capital (10k CNY)', '註冊資本（萬元）'),
  },
  { value: 'foundDate', labels: L('成立日期', 'Founded', '成立日期') },
  { value: 'companyType', labels: L('企业类型', 'Company type', '企業類型') },
  { value: 'areaCode', labels: L('所在地区', 'Region', '所在地區') },
  { value: 'address', labels: L('详细地址', 'Address', '詳細地址') },
  { value: 'businessScope', labels: L('经营范围', 'Business scope', '經營範圍') },
  { value: 'categories', labels: L('供货品类', 'Supply categories', '供貨品類') },
  { value: 'qualifications', labels: L('资质文件', 'Qualifications', '資質文件') },
] as const;
export type AdmissionChangeField = (typeof ADMISSION_CHANGE_FIELDS)[number]['value'];
/** One changed field of a resubmitted application: its value in the rejected one and in the new one. */
export type AdmissionChange = { field: AdmissionChangeField; before: string; after: string };
/** The longest text of one side of a change (a business scope is at most 2,000 characters). */
export const ADMISSION_CHANGE_TEXT_MAX = 5000;

/**
 * Admission: the application's data, read-only to approvers (their nodes make only `rating` and
 * `reviewComment` editable); the qualification files are previewed inline from `file`.
 */
export const VENDOR_ADMISSION_FORM: FormSchema = {
  name: VENDOR_ADMISSION_FORM_NAME,
  title: '供应商准入',
  titles: { 'en-US': 'Supplier admission', 'zh-TW': '供應商准入' },
  layout: { columns: 2, labelWidth: 120 },
  fields: [
    {
      name: 'applicationNo',
      type: 'input',
      label: '申请编号',
      labels: L('申请编号', 'Application no.', '申請編號'),
      maxLength: 40,
    },
    {
      name: 'scope',
      type: 'select',
      label: '申请类型',
      labels: L('申请类型', 'Application', '申請類型'),
      options: [
        {
          label: '新供应商注册',
          labels: L('新供应商注册', 'New supplier', '新供應商註冊'),
          value: 'register',
        },
        {
          label: '新增供货品类',
          labels: L('新增供货品类', 'Further categories', '新增供貨品類'),
          value: 'category',
        },
      ],
    },
    {
      // A resubmission's changes against the rejected application (none on a first submission).
      name: 'changes',
      type: 'table',
      label: '本次修改',
      labels: L('本次修改', 'Changed since the rejection', '本次修改'),
      span: 24,
      hideEmpty: true,
      columns: [
        {
          name: 'field',
          type: 'select',
          label: '字段',
          labels: L('字段', 'Field', '欄位'),
          options: ADMISSION_CHANGE_FIELDS.map((f) => ({
            label: f.labels['zh-CN'],
            labels: f.labels,
            value: f.value,
          })),
        },
        {
          name: 'before',
          type: 'textarea',
          label: '修改前',
          labels: L('修改前', 'Before', '修改前'),
          maxLength: ADMISSION_CHANGE_TEXT_MAX,
        },
        {
          name: 'after',
          type: 'textarea',
          label: '修改后',
          labels: L('修改后', 'After', '修改後'),
          maxLength: ADMISSION_CHANGE_TEXT_MAX,
        },
      ],
    },
    {
      name: 'supplierName',
      type: 'input',
      label: '公司名称',
      labels: L('公司名称', 'Company name', '公司名稱'),
      required: true,
      maxLength: 200,
    },
    {
      name: 'creditCode',
      type: 'input',
      label: '统一社会信用代码',
      labels: L('统一社会信用代码', 'Credit code', '統一社會信用代碼'),
      required: true,
      rules: [{ rule: 'creditCode' }],
    },
    {
      name: 'legalPerson',
      type: 'input',
      label: '法定代表人',
      labels: L('法定代表人', 'Legal representative', '法定代表人'),
      maxLength: 50,
    },
    {
      name: 'registeredCapital',
      type: 'money',
      label: '注册资本（万元）',
      labels: L('注册资本（万元）', 'Registered capital (10k CNY)', '註冊資本（萬元）'),
      min: 0,
      max: REGISTERED_CAPITAL_MAX,
      precision: 2,
    },
    { name: 'foundDate', type: 'date', label: '成立日期', labels: L('成立日期', 'Founded', '成立日期') },
    {
      name: 'companyType',
      type: 'select',
      label: '企业类型',
      labels: L('企业类型', 'Company type', '企業類型'),
      dictionary: 'companyType',
    },
    {
      name: 'areaName',
      type: 'input',
      label: '所在地区',
      labels: L('所在地区', 'Region', '所在地區'),
      maxLength: 200,
    },
    {
      name: 'address',
      type: 'input',
      label: '详细地址',
      labels: L('详细地址', 'Address', '詳細地址'),
      maxLength: 200,
    },
    {
      name: 'businessScope',
      type: 'textarea',
      label: '经营范围',
      labels: L('经营范围', 'Business scope', '經營範圍'),
      maxLength: 2000,
      span: 24,
    },
    {
      name: 'categories',
      type: 'checkbox',
      label: '供货品类',
      labels: L('供货品类', 'Supply categories', '供貨品類'),
      dictionary: 'supplyCategory',
      multiple: true,
      span: 24,
    },
    {
      name: 'contacts',
      type: 'table',
      label: '联系人',
      labels: L('联系人', 'Contacts', '聯絡人'),
      span: 24,
      columns: [
        {
          name: 'contactName',
          type: 'input',
          label: '姓名',
          labels: L('姓名', 'Name', '姓名'),
          maxLength: 50,
        },
        { name: 'mobile', type: 'input', label: '手机', labels: L('手机', 'Mobile', '手機'), maxLength: 20 },
        {
          name: 'email',
          type: 'input',
          label: '邮箱',
          labels: L('邮箱', 'Email', '電子郵件'),
          maxLength: 100,
        },
        { name: 'phone', type: 'input', label: '座机', labels: L('座机', 'Landline', '座機'), maxLength: 30 },
      ],
    },
    {
      name: 'banks',
      type: 'table',
      label: '银行账户',
      labels: L('银行账户', 'Bank accounts', '銀行帳戶'),
      span: 24,
      columns: [
        {
          name: 'bankName',
          type: 'input',
          label: '开户银行',
          labels: L('开户银行', 'Bank', '開戶銀行'),
          maxLength: 100,
        },
        { name: 'branch', type: 'input', label: '支行', labels: L('支行', 'Branch', '支行'), maxLength: 100 },
        {
          name: 'accountNo',
          type: 'input',
          label: '账号',
          labels: L('账号', 'Account no.', '帳號'),
          maxLength: 40,
        },
      ],
    },
    {
      name: 'qualifications',
      type: 'table',
      label: '资质文件',
      labels: L('资质文件', 'Qualifications', '資質文件'),
      span: 24,
      columns: [
        {
          name: 'qualType',
          type: 'select',
          label: '资质类型',
          labels: L('资质类型', 'Type', '資質類型'),
          dictionary: 'qualificationType',
        },
        {
          name: 'expiresOn',
          type: 'date',
          label: '有效期至',
          labels: L('有效期至', 'Valid until', '有效期至'),
        },
        { name: 'file', type: 'upload', label: '文件', labels: L('文件', 'File', '檔案') },
      ],
    },
    {
      name: 'account',
      type: 'input',
      label: '供应商账号',
      labels: L('供应商账号', 'Supplier account', '供應商帳號'),
      maxLength: 50,
    },
    {
      name: 'rating',
      type: 'radio',
      label: '评分',
      labels: L('评分', 'Rating', '評分'),
      options: [1, 2, 3, 4, 5].map((n) => ({ label: String(n), value: n })),
    },
    {
      name: 'reviewComment',
      type: 'textarea',
      label: '审核意见',
      labels: L('审核意见', 'Review comment', '審核意見'),
      maxLength: 1000,
      span: 24,
    },
  ],
};

/** A supplier's change of bank or legal data: what it asks for, read-only to approvers. */
export const VENDOR_CHANGE_FORM: FormSchema = {
  name: VENDOR_CHANGE_FORM_NAME,
  title: '供应商信息变更',
  titles: { 'en-US': 'Supplier information change', 'zh-TW': '供應商資訊變更' },
  layout: { columns: 2, labelWidth: 120 },
  fields: [
    {
      name: 'supplierCode',
      type: 'input',
      label: '供应商编码',
      labels: L('供应商编码', 'Supplier code', '供應商編碼'),
      maxLength: 40,
    },
    {
      name: 'supplierName',
      type: 'input',
      label: '公司名称',
      labels: L('公司名称', 'Company name', '公司名稱'),
      maxLength: 200,
    },
    {
      name: 'kind',
      type: 'select',
      label: '变更类型',
      labels: L('变更类型', 'Change', '變更類型'),
      required: true,
      options: [
        { label: '银行账户', labels: L('银行账户', 'Bank account', '銀行帳戶'), value: 'bank' },
        { label: '工商信息', labels: L('工商信息', 'Legal data', '工商資訊'), value: 'legal' },
      ],
    },
    {
      name: 'before',
      type: 'textarea',
      label: '变更前',
      labels: L('变更前', 'Before', '變更前'),
      maxLength: 5000,
      span: 24,
    },
    {
      name: 'after',
      type: 'textarea',
      label: '变更后',
      labels: L('变更后', 'After', '變更後'),
      maxLength: 5000,
      span: 24,
    },
    {
      name: 'reason',
      type: 'textarea',
      label: '变更原因',
      labels: L('变更原因', 'Reason', '變更原因'),
      maxLength: 500,
      span: 24,
    },
    {
      name: 'reviewComment',
      type: 'textarea',
      label: '审核意见',
      labels: L('审核意见', 'Review comment', '審核意見'),
      maxLength: 1000,
      span: 24,
    },
  ],
};
