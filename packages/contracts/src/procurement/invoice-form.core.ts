// The form a mismatched invoice's approval runs on (`InvoiceMismatch`): what approvers read,
// filled by procurement/ from the invoice and the match when a supplier submits one off the
// tolerances. Approvers do not edit it; their decision approves or rejects the invoice itself
// (apps/server/src/procurement/invoice-flow.ts). A flow bound to it may branch on `totalAmount`.
import type { FormSchema } from '../workflow/flow-model.core';
import { INVOICE_MISMATCH_FORM_NAME } from './invoice.core';

const L = (zh: string, en: string, tw: string) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });

export const INVOICE_MISMATCH_FORM: FormSchema = {
  name: INVOICE_MISMATCH_FORM_NAME,
  title: '发票差异审批',
  titles: { 'en-US': 'Invoice mismatch approval', 'zh-TW': '發票差異審批' },
  layout: { columns: 2, labelWidth: 100 },
  fields: [
    {
      name: 'billNo',
      type: 'input',
      label: '登记号',
      labels: L('登记号', 'Registration no.', '登記號'),
      maxLength: 50,
    },
    {
      name: 'invoiceNo',
      type: 'input',
      label: '发票号',
      labels: L('发票号', 'Invoice no.', '發票號'),
      maxLength: 50,
    },
    {
      name: 'supplierName',
      type: 'input',
      label: '供应商',
      labels: L('供应商', 'Supplier', '供應商'),
      maxLength: 200,
    },
    {
      name: 'orderBillNo',
      type: 'input',
      label: '采购订单',
      labels: L('采购订单', 'Purchase order', '採購訂單'),
      maxLength: 50,
    },
    { name: 'currency', type: 'input', label: '币种', labels: L('币种', 'Currency', '幣別'), maxLength: 3 },
    {
      name: 'totalAmount',
      type: 'money',
      label: '发票金额',
      labels: L('发票金额', 'Invoice amount', '發票金額'),
      precision: 2,
    },
    {
      name: 'lines',
      type: 'table',
      label: '差异明细',
      labels: L('差异明细', 'Lines off the tolerances', '差異明細'),
      span: 24,
      columns: [
        {
          name: 'materialName',
          type: 'input',
          label: '物料名称',
          labels: L('物料名称', 'Item', '物料名稱'),
          maxLength: 100,
        },
        {
          name: 'quantity',
          type: 'number',
          label: '开票数量',
          labels: L('开票数量', 'Invoiced quantity', '開票數量'),
          precision: 4,
        },
        {
          name: 'invoiceable',
          type: 'number',
          label: '可开票数量',
          labels: L('可开票数量', 'Received, not invoiced', '可開票數量'),
          precision: 4,
        },
        {
          name: 'unitPrice',
          type: 'money',
          label: '发票单价',
          labels: L('发票单价', 'Invoice unit price', '發票單價'),
          precision: 4,
        },
        {
          name: 'orderUnitPrice',
          type: 'money',
          label: '订单单价',
          labels: L('订单单价', 'Order unit price', '訂單單價'),
          precision: 4,
        },
        {
          name: 'issue',
          type: 'input',
          label: '差异',
          labels: L('差异', 'Off by', '差異'),
          maxLength: 100,
        },
      ],
    },
  ],
};
