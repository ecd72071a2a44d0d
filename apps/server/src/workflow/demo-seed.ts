import { BillRuleCode, FLOW_DEFINITION_STATE, type FlowNode, type HalfDay, leaveDays } from '@srm/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types';
import { nextBillNo } from '../system/bill-rule';
import { type FlowAction, transition } from './engine';
import { checkForm, formOf, taskTitles } from './forms';
import { launcherFacts, orgLookup } from './org-lookup';
import { hasState, jsonb, loadTask, persistTransition, versionIndex } from './task-store';

type Tx = Transaction<Database>;

/** A node's name in Chinese, with its English and traditional-Chinese names. */
const named = (name: string, en: string, tw: string) => ({ name, names: { 'en-US': en, 'zh-TW': tw } });
const END_NAMES = named('结束', 'End', '結束');

/** Purchase requisition: department manager → (total > 50,000: countersign) → end. */
export function purchaseTree(countersign: string[]): FlowNode {
  return {
    id: 'start',
    type: 'start',
    ...named('发起人', 'Launcher', '發起人'),
    formRights: { total: 'readonly' },
    next: {
      id: 'deptManager',
      type: 'approver',
      ...named('部门经理审批', 'Department manager approval', '部門經理審批'),
      assignee: { kind: 'deptManager' },
      signMode: 'or',
      rejectTo: { kind: 'launcher' },
      // The manager may move the needed-by date; everything else is read-only to approvers.
      formRights: { neededBy: 'editable' },
      next: {
        id: 'amount',
        type: 'condition',
        ...named('金额条件', 'Amount', '金額條件'),
        branches: [
          {
            id: 'large',
            ...named('大额采购', 'Large purchase', '大額採購'),
            condition: {
              kind: 'group',
              op: 'and',
              items: [
                {
                  kind: 'rule',
                  source: 'form',
                  field: 'total',
                  label: '合计金额',
                  labels: { 'en-US': 'Total', 'zh-TW': '合計金額' },
                  operator: 'gt',
                  value: 50000,
                },
              ],
            },
            next: {
              id: 'countersign',
              type: 'approver',
              ...named('总监会签', 'Directors countersign', '總監會簽'),
              assignee: { kind: 'users', userIds: countersign },
              signMode: 'all',
              rejectTo: { kind: 'previous' },
            },
          },
          { id: 'normal', ...named('其他', 'Other', '其他'), isDefault: true },
        ],
        next: { id: 'end', type: 'end', ...END_NAMES },
      },
    },
  };
}

/**
 * One approval by the launcher's department manager (a rejection goes back to the launcher) → end:
 * a purchase order (the buyer submits it), an invoice off the match (launched as the order's buyer's).
 */
function deptManagerTree(start: [zh: string, en: string, tw: string]): FlowNode {
  return {
    id: 'start',
    type: 'start',
    ...named(...start),
    next: {
      id: 'deptManager',
      type: 'approver',
      ...named('部门经理审批', 'Department manager approval', '部門經理審批'),
      assignee: { kind: 'deptManager' },
      signMode: 'or',
      rejectTo: { kind: 'launcher' },
      next: { id: 'end', type: 'end', ...END_NAMES },
    },
  };
}

export const purchaseOrderTree = () => deptManagerTree(['采购员提交', 'Buyer submits', '採購員提交']);
export const invoiceMismatchTree = () => deptManagerTree(['发票差异', 'Invoice off the match', '發票差異']);

/**
 * Quotation award: above 100,000 the launcher's department manager approves (or rejects back to
 * the buyer); a smaller award ends at once, approved.
 */
export function rfqAwardTree(): FlowNode {
  return {
    id: 'start',
    type: 'start',
    ...named('采购员定标', 'Buyer awards', '採購員定標'),
    next: {
      id: 'amount',
      type: 'condition',
      ...named('金额条件', 'Amount', '金額條件'),
      branches: [
        {
          id: 'large',
          ...named('大额定标', 'Large award', '大額定標'),
          condition: {
            kind: 'group',
            op: 'and',
            items: [
              {
                kind: 'rule',
                source: 'form',
                field: 'totalAmount',
                label: '定标金额',
                labels: { 'en-US': 'Award amount', 'zh-TW': '定標金額' },
                operator: 'gt',
                value: 100000,
              },
            ],
          },
          next: {
            id: 'deptManager',
            type: 'approver',
            ...named('部门经理审批', 'Department manager approval', '部門經理審批'),
            assignee: { kind: 'deptManager' },
            signMode: 'or',
            rejectTo: { kind: 'launcher' },
          },
        },
        { id: 'normal', ...named('其他', 'Other', '其他'), isDefault: true },
      ],
      next: { id: 'end', type: 'end', ...END_NAMES },
    },
  };
}

/** Leave: department manager → HR → end. */
export function leaveTree(hr: string[]): FlowNode {
  return {
    id: 'start',
    type: 'start',
    ...named('发起人', 'Launcher', '發起人'),
    next: {
      id: 'deptManager',
      type: 'approver',
      ...named('部门经理审批', 'Department manager approval', '部門經理審批'),
      assignee: { kind: 'deptManager' },
      signMode: 'or',
      next: {
        id: 'hr',
        type: 'approver',
        ...named('人事审批', 'HR approval', '人事審批'),
        assignee: { kind: 'users', userIds: hr },
        signMode: 'or',
        rejectTo: { kind: 'previous' },
        next: { id: 'end', type: 'end', ...END_NAMES },
      },
    },
  };
}

const REVIEW_RIGHTS = { rating: 'editable', reviewComment: 'editable' } as const;

/** A supplier's submission checked by purchasing (any user of the buyer role), then `next`. */
function supplierFlow(buyerRoleId: string, rights: Record<string, 'editable'>, next: FlowNode): FlowNode {
  return {
    id: 'start',
    type: 'start',
    ...named('供应商提交', 'Supplier submits', '供應商提交'),
    next: {
      id: 'purchasing',
      type: 'approver',
      ...named('采购审核', 'Purchasing review', '採購審核'),
      assignee: { kind: 'roles', roleIds: [buyerRoleId] },
      signMode: 'or',
      rejectTo: { kind: 'launcher' },
      formRights: rights,
      next,
    },
  };
}

/**
 * Supplier admission: purchasing (any user of the buyer role) → quality (the manager or the
 * administrator) → end; either may reject back to the applicant. Approvers see the application
 * read-only and give a rating and a comment.
 */
export function vendorAdmissionTree(buyerRoleId: string, quality: string[]): FlowNode {
  return supplierFlow(buyerRoleId, REVIEW_RIGHTS, {
    id: 'quality',
    type: 'approver',
    ...named('质量审核', 'Quality review', '品質審核'),
    assignee: { kind: 'users', userIds: quality },
    signMode: 'or',
    rejectTo: { kind: 'launcher' },
    formRights: REVIEW_RIGHTS,
    next: { id: 'end', type: 'end', ...END_NAMES },
  });
}

/** A supplier's change of bank or legal data: purchasing (the buyer role) → end. */
export function vendorChangeTree(buyerRoleId: string): FlowNode {
  return supplierFlow(buyerRoleId, { reviewComment: 'editable' }, { id: 'end', type: 'end', ...END_NAMES });
}

async function releasedFlow(
  tx: Tx,
  tenantId: string,
  createdBy: string,
  f: {
    enCode: string;
    fullName: string;
    /** The name in English and in traditional Chinese. */
    names: [en: string, tw: string];
    category: string;
    formName: string;
    tree: FlowNode;
    sort: number;
    /** Launched only by the owning domain (a registration, a supplier's request), never from the launch list. */
    domainOnly?: boolean;
  },
): Promise<string> {
  const def = await tx
    .insertInto('flow_definition')
    .values({
      tenant_id: tenantId,
      en_code: f.enCode,
      full_name: f.fullName,
      full_name_en: f.names[0],
      full_name_tw: f.names[1],
      category: f.category,
      form_name: f.formName,
      icon: 'icon-ym icon-ym-flow',
      flow_template_json: jsonb(f.tree),
      ...(f.domainOnly ? { launchers: jsonb({ all: false }) } : {}),
      state: FLOW_DEFINITION_STATE.released,
      current_version: 1,
      sort_code: f.sort,
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('flow_version')
    .values({
      tenant_id: tenantId,
      definition_id: def.id,
      version: 1,
      flow_template_json: jsonb(f.tree),
      form_name: f.formName,
      created_by: createdBy,
    })
    .execute();
  return String(def.id);
}

interface Seeder {
  launch(
    flowId: string,
    launcherId: string,
    formData: Record<string, unknown>,
    submit?: boolean,
  ): Promise<string>;
  act(
    taskId: string,
    actorId: string,
    action: (itemKeyOf: (userId: string) => string) => FlowAction,
    copyTo?: string[],
  ): Promise<void>;
}

function seeder(tx: Tx, tenantId: string): Seeder {
  const lookup = orgLookup(tx, tenantId);
  const ctx = (actorId: string, flowId: string) => ({
    actor: { userId: actorId, canMonitor: true },
    now: Date.now(),
    flowId,
    lookup,
    delegations: [],
  });
  return {
    async launch(flowId, launcherId, input, submit = true) {
      const def = await tx
        .selectFrom('flow_definition as d')
        .innerJoin('flow_version as v', 'v.definition_id', 'd.id')
        .select(['d.full_name', 'd.form_name', 'v.id as version_id'])
        .where('d.id', '=', flowId)
        .executeTakeFirstOrThrow();
      const form = formOf(def.form_name);
      if (!form) throw new Error(`no form ${def.form_name}`);
      const checked = checkForm(form, input, {}, {}, 'zh-CN');
      if (Object.keys(checked.fields).length > 0)
        throw new Error(`demo form: ${JSON.stringify(checked.fields)}`);
      const launcher = await tx
        .selectFrom('sys_user')
        .select('real_name')
        .where('id', '=', launcherId)
        .executeTakeFirstOrThrow();
      const inserted = await tx
        .insertInto('flow_task')
        .values({
          tenant_id: tenantId,
          definition_id: flowId,
          version_id: def.version_id,
          bill_no: await nextBillNo(tx, tenantId, BillRuleCode.flowTask),
          ...taskTitles(form.schema, def.full_name, launcher.real_name),
          launcher_id: launcherId,
          form_name: def.form_name,
          form_data: jsonb(checked.data),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = String(inserted.id);
      if (!submit) return id;
      const row = await loadTask(tx, tenantId, id, true);
      const { index } = await versionIndex(tx, def.version_id as unknown as string);
      const result = await transition(
        index,
        null,
        { type: 'submit', launcher: await launcherFacts(tx, tenantId, launcherId), formData: checked.data },
        ctx(launcherId, flowId),
      );
      if (!result.ok) throw new Error(`demo submit: ${result.refusal.code}`);
      await persistTransition(null, tx, row, null, result.state, result.effects);
      return id;
    },
    async act(taskId, actorId, make, copyTo) {
      const row = await loadTask(tx, tenantId, taskId, true);
      const before = hasState(row);
      if (!before) throw new Error('demo task not submitted');
      const itemKeyOf = (userId: string) => {
        const item = before.items.find((i) => i.userId === userId && i.state === 'pending');
        if (!item) throw new Error(`no pending item of ${userId}`);
        return item.id;
      };
      const { index } = await versionIndex(tx, String(row.version_id));
      const result = await transition(index, before, make(itemKeyOf), ctx(actorId, row.definition_id));
      if (!result.ok) throw new Error(`demo action: ${result.refusal.code}`);
      if (copyTo?.length) {
        for (const userId of copyTo)
          result.state.circulations.push({ nodeId: 'deptManager', userId, at: Date.now() });
        result.effects.push({ type: 'copy', nodeId: 'deptManager', userIds: copyTo });
      }
      await persistTransition(null, tx, row, before, result.state, result.effects);
    },
  };
}

const pr = (
  deptId: string,
  requesterId: string,
  reason: string,
  lines: [string, string, number, number][],
) => ({
  deptId,
  requesterId,
  reason,
  // A month ahead of the day the demo is made: a needed-by date may not be past (forms.ts).
  neededBy: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  lines: lines.map(([item, unit, quantity, price]) => ({ item, unit, quantity, price, spec: '' })),
});
/** A leave's form; its days are the dates' own in half days (forms.ts works them out again). */
const leave = (
  leaveType: string,
  [startDate, startHalf]: [string, HalfDay],
  [endDate, endHalf]: [string, HalfDay],
  reason: string,
) => ({
  leaveType,
  startDate,
  startHalf,
  endDate,
  endHalf,
  days: leaveDays(startDate, startHalf, endDate, endHalf),
  reason,
});

/**
 * The workflow demo of a tenant: a `manager` account (manager of the buyer's department; the purchase
 * department, where he sits, is managed by the administrator), four released flows (purchase
 * requisition with a condition on the total and a countersign node; leave with the department manager
 * then HR; supplier admission: purchasing then quality; supplier change: purchasing), and tasks in every status so that admin, buyer and manager each have to-dos, done items
 * and copies at first sign-in.
 */
export async function seedWorkflowDemo(
  tx: Tx,
  tenantId: string,
  users: { admin: string; buyer: string; manager: string },
  depts: Record<string, string>,
): Promise<void> {
  const { admin, buyer, manager } = users;
  const setManager = (dept: string | undefined, userId: string) =>
    dept ? tx.updateTable('sys_dept').set({ manager_id: userId }).where('id', '=', dept).execute() : null;
  await setManager(depts.eastPurchase, manager);
  await setManager(depts.purchase, admin);

  const purchase = await releasedFlow(tx, tenantId, admin, {
    enCode: 'purchaseRequisition',
    fullName: '采购申请',
    names: ['Purchase requisition', '採購申請'],
    category: 'purchase',
    formName: 'PurchaseRequisition',
    tree: purchaseTree([admin, manager]),
    sort: 1,
  });
  const leaveFlow = await releasedFlow(tx, tenantId, admin, {
    enCode: 'leaveApply',
    fullName: '请假申请',
    names: ['Leave application', '請假申請'],
    category: 'hr',
    formName: 'LeaveApply',
    tree: leaveTree([admin]),
    sort: 2,
  });
  const buyerRole = await tx
    .selectFrom('sys_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', 'buyer')
    .executeTakeFirstOrThrow();
  await releasedFlow(tx, tenantId, admin, {
    enCode: 'vendorAdmission',
    fullName: '供应商准入',
    names: ['Supplier admission', '供應商準入'],
    category: 'supplier',
    formName: 'VendorAdmission',
    tree: vendorAdmissionTree(String(buyerRole.id), [manager, admin]),
    sort: 3,
    domainOnly: true,
  });
  await releasedFlow(tx, tenantId, admin, {
    enCode: 'vendorChange',
    fullName: '供应商信息变更',
    names: ['Supplier information change', '供應商資訊變更'],
    category: 'supplier',
    formName: 'VendorChange',
    tree: vendorChangeTree(String(buyerRole.id)),
    sort: 4,
    domainOnly: true,
  });
  // Launched by procurement/ when an order is submitted (order-service.ts).
  await releasedFlow(tx, tenantId, admin, {
    enCode: 'purchaseOrder',
    fullName: '采购订单审批',
    names: ['Purchase order approval', '採購訂單審批'],
    category: 'purchase',
    formName: 'PurchaseOrder',
    tree: purchaseOrderTree(),
    sort: 5,
    domainOnly: true,
  });
  // Launched by procurement/ when a request for quotation is awarded (rfq-service.ts).
  await releasedFlow(tx, tenantId, admin, {
    enCode: 'rfqAward',
    fullName: '询价定标审批',
    names: ['Quotation award approval', '詢價定標審批'],
    category: 'purchase',
    formName: 'RfqAward',
    tree: rfqAwardTree(),
    sort: 6,
    domainOnly: true,
  });
  // Launched by procurement/ when a supplier's invoice does not match (invoice-service.ts).
  await releasedFlow(tx, tenantId, admin, {
    enCode: 'invoiceMismatch',
    fullName: '发票差异审批',
    names: ['Invoice mismatch approval', '發票差異審批'],
    category: 'purchase',
    formName: 'InvoiceMismatch',
    tree: invoiceMismatchTree(),
    sort: 7,
    domainOnly: true,
  });
  const s = seeder(tx, tenantId);
  const east = depts.eastPurchase ?? '0';
  const head = depts.purchase ?? '0';
  const audit =
    (userId: string, opinion = '同意') =>
    (key: (u: string) => string) =>
      ({ type: 'audit', itemId: key(userId), opinion }) as FlowAction;

  // In progress at the manager: a small requisition of the buyer.
  await s.launch(
    purchase,
    buyer,
    pr(east, buyer, '办公用品补充', [
      ['A4 打印纸', '箱', 20, 180],
      ['签字笔', '盒', 30, 25],
    ]),
  );
  // In progress at the countersign (admin and manager): a large one the manager approved, copying admin.
  const large = await s.launch(
    purchase,
    buyer,
    pr(east, buyer, '华东仓库货架更新', [
      ['重型货架', '组', 12, 5800],
      ['叉车托盘', '个', 100, 150],
    ]),
  );
  await s.act(large, manager, audit(manager, '同意，请总监会签'), [admin]);
  // Approved: a leave of the buyer (manager, then HR copying both).
  const approvedLeave = await s.launch(
    leaveFlow,
    buyer,
    leave('annual', ['2026-12-01', 'pm'], ['2026-12-03', 'pm'], '年假休息'),
  );
  await s.act(approvedLeave, manager, audit(manager));
  await s.act(approvedLeave, admin, audit(admin, '已备案'), [manager, buyer]);
  // Rejected back to the buyer, who may edit and resubmit.
  const rejected = await s.launch(
    leaveFlow,
    buyer,
    leave('personal', ['2026-12-10', 'am'], ['2026-12-10', 'pm'], '处理私事'),
  );
  await s.act(rejected, manager, (key) => ({
    type: 'reject',
    itemId: key(manager),
    opinion: '月底事务繁忙，请改期',
  }));
  // Withdrawn by the buyer.
  const withdrawn = await s.launch(
    purchase,
    buyer,
    pr(east, buyer, '测试样品采购', [['样品', '件', 2, 300]]),
  );
  await s.act(withdrawn, buyer, () => ({ type: 'breakOff', opinion: '需求取消' }));
  // A draft of the buyer.
  await s.launch(
    purchase,
    buyer,
    pr(east, buyer, '笔记本电脑（草稿）', [['笔记本电脑', '台', 3, 6500]]),
    false,
  );
  // In progress at the administrator: the manager's leave.
  await s.launch(leaveFlow, manager, leave('sick', ['2026-12-15', 'am'], ['2026-12-15', 'am'], '看病'));
  // Terminated from the monitor: the administrator's own requisition (his department has no manager).
  const terminated = await s.launch(
    purchase,
    admin,
    pr(depts.it ?? head, admin, '服务器内存扩容', [['内存条', '条', 8, 900]]),
  );
  await s.act(terminated, admin, () => ({ type: 'cancel', opinion: '预算调整，终止' }));
  // The manager's requisitions: the administrator handed one to the buyer, who approved the other.
  const handed = await s.launch(
    purchase,
    manager,
    pr(head, manager, '部门会议室投影仪', [['投影仪', '台', 1, 3000]]),
  );
  await s.act(handed, admin, (key) => ({
    type: 'transfer',
    itemId: key(admin),
    toUserId: buyer,
    opinion: '请张采购核实价格',
  }));
  const done = await s.launch(
    purchase,
    manager,
    pr(head, manager, '部门打印机耗材', [['硒鼓', '个', 10, 800]]),
  );
  await s.act(done, admin, (key) => ({
    type: 'transfer',
    itemId: key(admin),
    toUserId: buyer,
    opinion: '请张采购处理',
  }));
  await s.act(done, buyer, audit(buyer, '价格合理，同意'));
}
