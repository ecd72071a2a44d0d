// The form an award's approval runs on (`RfqAward`): what approvers read, filled by procurement/
// from the request and the chosen quotes when staff award. Approvers do not edit it; the
// request's own rows are what the approval makes orders of (apps/server/src/procurement/rfq-flow.ts).
// A flow bound to it may branch on `totalAmount` (the award asks for approval above an amount).
import type { FormSchema } from '../workflow/flow-model.core';
import { RFQ_AWARD_FORM_NAME } from './rfq.core';

const L = (zh: string, en: string, tw: string) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });

export const RFQ_AWARD_FORM: FormSchema = {
  name: RFQ_AWARD_FORM_NAME,
  title: '询价定标审批',
  titles: { 'en-US': 'Quotation award approval', 'zh-TW': '詢價定標審批' },
  layout: { columns: 2, labelWidth: 100 },
  fields: [
    {
      name: 'billNo',
      type: 'input',
      label: '询价单号',
      labels: L('询价单号', 'RFQ no.', '詢價單號'),
      maxLength: 50,
    },
    {
      name: 'title',
      type: 'input',
      label: '询价标题',
      labels: L('询价标题', 'Title', '詢價標題'),
      maxLength: 100,
    },
    { name: 'currency', type: 'input', label: '币种', labels: L('币种', 'Currency', '幣別'), maxLength: 3 },
    {
      name: 'totalAmount',
      type: 'money',
      label: '定标金额',
      labels: L('定标金额', 'Award amount', '定標金額'),
      precision: 2,
    },
    {
      name: 'lines',
      type: 'table',
      label: '定标明细',
      labels: L('定标明细', 'Awarded lines', '定標明細'),
      span: 24,
      columns: [
        {
          name: 'materialName',
          type: 'input',
          label: '物料名称',
          labels: L('物料名称', 'Item', '物料名稱'),
          maxLength: 100,
        },
        { name: 'unit', type: 'input', label: '单位', labels: L('单位', 'Unit', '單位'), maxLength: 20 },
        {
          name: 'quantity',
          type: 'number',
          label: '数量',
          labels: L('数量', 'Quantity', '數量'),
          precision: 4,
        },
        {
          name: 'supplierName',
          type: 'input',
          label: '中标供应商',
          labels: L('中标供应商', 'Awarded supplier', '中標供應商'),
          maxLength: 200,
        },
        {
          name: 'unitPrice',
          type: 'money',
          label: '单价',
          labels: L('单价', 'Unit price', '單價'),
          precision: 4,
        },
        { name: 'amount', type: 'money', label: '金额', labels: L('金额', 'Amount', '金額'), precision: 2 },
        {
          name: 'quoteCount',
          type: 'number',
          label: '报价家数',
          labels: L('报价家数', 'Quotes', '報價家數'),
          precision: 0,
        },
      ],
    },
    {
      name: 'remark',
      type: 'textarea',
      label: '定标说明',
      labels: L('定标说明', 'Reason for the award', '定標說明'),
      maxLength: 500,
      span: 24,
    },
  ],
};
