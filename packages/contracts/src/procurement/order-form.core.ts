// The form a purchase order's approval runs on (`PurchaseOrder`): what approvers read, filled by
// procurement/ from the order when it is submitted. Approvers do not edit it; the order's own rows
// are what the approval releases (apps/server/src/procurement/order-flow.ts).
import type { FormSchema } from '../workflow/flow-model.core';
import { PURCHASE_ORDER_FORM_NAME } from './order.core';

const L = (zh: string, en: string, tw: string) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });

export const PURCHASE_ORDER_FORM: FormSchema = {
  name: PURCHASE_ORDER_FORM_NAME,
  title: '采购订单审批',
  titles: { 'en-US': 'Purchase order approval', 'zh-TW': '採購訂單審批' },
  layout: { columns: 2, labelWidth: 100 },
  fields: [
    {
      name: 'billNo',
      type: 'input',
      label: '订单号',
      labels: L('订单号', 'Order no.', '訂單號'),
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
      name: 'deliveryAddress',
      type: 'input',
      label: '交货地址',
      labels: L('交货地址', 'Delivery address', '交貨地址'),
      maxLength: 200,
    },
    { name: 'currency', type: 'input', label: '币种', labels: L('币种', 'Currency', '幣別'), maxLength: 3 },
    {
      name: 'totalAmount',
      type: 'money',
      label: '订单金额',
      labels: L('订单金额', 'Order amount', '訂單金額'),
      precision: 2,
    },
    {
      name: 'paymentTerms',
      type: 'input',
      label: '付款条件',
      labels: L('付款条件', 'Payment terms', '付款條件'),
      maxLength: 200,
    },
    {
      name: 'lines',
      type: 'table',
      label: '订单明细',
      labels: L('订单明细', 'Lines', '訂單明細'),
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
          name: 'spec',
          type: 'input',
          label: '规格型号',
          labels: L('规格型号', 'Spec', '規格型號'),
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
          name: 'unitPrice',
          type: 'money',
          label: '单价',
          labels: L('单价', 'Unit price', '單價'),
          precision: 4,
        },
        { name: 'amount', type: 'money', label: '金额', labels: L('金额', 'Amount', '金額'), precision: 2 },
        {
          name: 'deliveryDate',
          type: 'date',
          label: '交货日期',
          labels: L('交货日期', 'Delivery date', '交貨日期'),
        },
      ],
    },
    {
      name: 'remark',
      type: 'textarea',
      label: '备注',
      labels: L('备注', 'Remark', '備註'),
      maxLength: 500,
      span: 24,
    },
  ],
};
