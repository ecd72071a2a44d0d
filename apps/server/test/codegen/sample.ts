import type { CodegenInput } from '../../src/onlinedev/codegen';

const names = (zh: string, en: string, tw: string) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });

/**
 * A published design of a model with a field of every kind the generator stores, and two it leaves
 * on the model page (a user and lines).
 */
export const SAMPLE_DESIGN: CodegenInput = {
  designId: '7',
  version: 2,
  designNames: names('样品订单', 'Sample order', '樣品訂單'),
  modelVersion: 3,
  model: {
    code: 'sample_order',
    names: names('样品订单', 'Sample order', '樣品訂單'),
    fields: [
      {
        code: 'title',
        names: names('标题', 'Title', '標題'),
        kind: 'text',
        length: 60,
        required: true,
        unique: true,
      },
      {
        code: 'currency',
        names: names('币种', 'Currency', '幣種'),
        kind: 'select',
        dictType: 'currency',
        required: true,
      },
      { code: 'qty', names: names('数量', 'Quantity', '數量'), kind: 'integer' },
      { code: 'price', names: names('单价', 'Unit price', '單價'), kind: 'decimal', precision: 12, scale: 3 },
      { code: 'amount', names: names('金额', 'Amount', '金額'), kind: 'money' },
      { code: 'due_on', names: names('交期', 'Due on', '交期'), kind: 'date' },
      { code: 'placed_at', names: names('下单时间', 'Placed at', '下單時間'), kind: 'datetime' },
      { code: 'urgent', names: names('加急', 'Urgent', '加急'), kind: 'boolean' },
      { code: 'notes', names: names('备注', 'Notes', '備註'), kind: 'longText' },
      {
        code: 'status',
        names: names('状态', 'Status', '狀態'),
        kind: 'text',
        length: 20,
        defaultValue: 'new',
      },
      { code: 'owner', names: names('负责人', 'Owner', '負責人'), kind: 'user' },
      { code: 'lines', names: names('明细', 'Lines', '明細'), kind: 'lines', model: 'sample_order_line' },
    ],
  },
  content: {
    form: {
      name: 'Design7',
      title: '样品订单',
      fields: [
        { name: 'title', type: 'input', label: '标题', required: true },
        { name: 'currency', type: 'select', label: '币种', dictionary: 'currency', required: true },
        { name: 'qty', type: 'number', label: '数量' },
        { name: 'price', type: 'number', label: '单价' },
        { name: 'amount', type: 'money', label: '金额' },
        { name: 'due_on', type: 'date', label: '交期' },
        { name: 'placed_at', type: 'datetime', label: '下单时间' },
        { name: 'urgent', type: 'switch', label: '加急' },
        { name: 'notes', type: 'textarea', label: '备注' },
        { name: 'owner', type: 'user', label: '负责人' },
      ],
    },
    list: {
      columns: [
        { field: 'title' },
        { field: 'currency' },
        { field: 'amount', format: 'money' },
        { field: 'due_on' },
        { field: 'placed_at' },
        { field: 'urgent' },
      ],
      query: [{ field: 'title', op: 'like' }],
      pageSize: 20,
      buttons: ['add', 'edit', 'delete'],
    },
  },
};

/**
 * The smallest design: a number and a yes/no, no text (the keyword finds nothing), no choice, no
 * date. Generated second, into a repository that already holds the first.
 */
export const TINY_DESIGN: CodegenInput = {
  designId: '8',
  version: 1,
  designNames: { 'zh-CN': '计数器' },
  modelVersion: 1,
  model: {
    code: 'tiny_counter',
    names: { 'zh-CN': '计数器' },
    fields: [
      { code: 'hits', names: { 'zh-CN': '次数' }, kind: 'integer', required: true },
      { code: 'open', names: { 'zh-CN': '开放' }, kind: 'boolean' },
    ],
  },
  content: {
    form: {
      name: 'Design8',
      title: '计数器',
      fields: [
        { name: 'hits', type: 'number', label: '次数', required: true },
        { name: 'open', type: 'switch', label: '开放' },
      ],
    },
    list: { columns: [{ field: 'hits' }], query: [], pageSize: 10, buttons: ['add', 'edit', 'delete'] },
  },
};
