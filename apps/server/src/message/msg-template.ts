import { type MessageType, type MsgTemplate, MsgTemplateCode, type TemplateTexts } from '@srm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Deps } from '../core/context';
import type { ServiceContext } from '../core/service-context';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { pushCounts } from './notify';
import { writeMessages } from './write-messages';

type Db = Kysely<Database> | Transaction<Database>;

interface DefaultTemplate extends TemplateTexts {
  enCode: MsgTemplateCode;
  fullName: string;
  messageType: MessageType;
}

/** The body of every workflow message: which flow, which bill, who launched it. */
const FLOW_BODY = {
  content: '{flow}，单号 {billNo}，发起人 {launcher}',
  contentEn: '{flow}, no. {billNo}, launched by {launcher}',
  contentTw: '{flow}，單號 {billNo}，發起人 {launcher}',
};

/**
 * What every tenant starts with. Stored per tenant (a tenant rewords or switches one off in its
 * own rows); the tenant's language is the seed's, as with its menus and dictionaries.
 */
export const DEFAULT_MSG_TEMPLATES: readonly DefaultTemplate[] = [
  {
    enCode: MsgTemplateCode.passwordReset,
    fullName: '密码重置通知',
    title: '您的登录密码已被重置',
    content: '{operator}重置了您的登录密码。如非您本人申请，请立即联系系统管理员。',
    titleEn: 'Your sign-in password was reset',
    contentEn:
      '{operator} reset your sign-in password. If you did not ask for it, contact your administrator at once.',
    titleTw: '您的登入密碼已被重設',
    contentTw: '{operator}重設了您的登入密碼。如非您本人申請，請立即聯絡系統管理員。',
    messageType: 1,
  },
  {
    enCode: MsgTemplateCode.roleGranted,
    fullName: '角色授权通知',
    title: '您已获得角色「{roleName}」',
    content: '{operator}将您加入了角色「{roleName}」，刷新页面后即可使用该角色的菜单和功能。',
    titleEn: 'You were given the role "{roleName}"',
    contentEn:
      '{operator} added you to the role "{roleName}". Reload the page to use its menus and functions.',
    titleTw: '您已獲得角色「{roleName}」',
    contentTw: '{operator}將您加入了角色「{roleName}」，重新整理頁面後即可使用該角色的選單和功能。',
    messageType: 1,
  },
  {
    enCode: MsgTemplateCode.flowTodo,
    fullName: '流程待办通知',
    title: '待审批：{title}',
    titleEn: 'To approve: {title}',
    titleTw: '待審批：{title}',
    ...FLOW_BODY,
    messageType: 2,
  },
  {
    enCode: MsgTemplateCode.flowApproved,
    fullName: '流程审批通过通知',
    title: '审批通过：{title}',
    titleEn: 'Approved: {title}',
    titleTw: '審批通過：{title}',
    ...FLOW_BODY,
    messageType: 2,
  },
  {
    enCode: MsgTemplateCode.flowRejected,
    fullName: '流程驳回通知',
    title: '审批驳回：{title}',
    titleEn: 'Rejected: {title}',
    titleTw: '審批駁回：{title}',
    ...FLOW_BODY,
    messageType: 2,
  },
  {
    enCode: MsgTemplateCode.flowWithdrawn,
    fullName: '流程撤回通知',
    title: '流程已撤回：{title}',
    titleEn: 'Withdrawn: {title}',
    titleTw: '流程已撤回：{title}',
    ...FLOW_BODY,
    messageType: 2,
  },
  {
    enCode: MsgTemplateCode.flowTerminated,
    fullName: '流程终止通知',
    title: '流程已终止：{title}',
    titleEn: 'Terminated: {title}',
    titleTw: '流程已終止：{title}',
    ...FLOW_BODY,
    messageType: 2,
  },
  {
    enCode: MsgTemplateCode.flowCopy,
    fullName: '流程抄送通知',
    title: '抄送：{title}',
    titleEn: 'Copied to you: {title}',
    titleTw: '抄送：{title}',
    ...FLOW_BODY,
    messageType: 2,
  },
  {
    enCode: MsgTemplateCode.flowRemind,
    fullName: '流程催办通知',
    title: '催办：{title} 等待您审批',
    titleEn: 'Reminder: {title} awaits your approval',
    titleTw: '催辦：{title} 等待您審批',
    ...FLOW_BODY,
    messageType: 2,
  },
];

/**
 * Adds the default templates a tenant lacks (every tenant when none is named); keeps edited ones. A
 * template stored before it had translations gets the default ones while it has none.
 */
export async function ensureMsgTemplates(db: Db, tenantId?: string): Promise<void> {
  const tenants = tenantId ? [{ id: tenantId }] : await db.selectFrom('tenant').select('id').execute();
  if (tenants.length === 0) return;
  await db
    .insertInto('sys_msg_template')
    .values(
      tenants.flatMap((tenant) =>
        DEFAULT_MSG_TEMPLATES.map((d, i) => ({
          tenant_id: String(tenant.id),
          en_code: d.enCode,
          full_name: d.fullName,
          title: d.title,
          content: d.content,
          title_en: d.titleEn,
          title_tw: d.titleTw,
          content_en: d.contentEn,
          content_tw: d.contentTw,
          message_type: d.messageType,
          order_num: i + 1,
        })),
      ),
    )
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'en_code'])
        .doUpdateSet({
          title_en: sql`excluded.title_en`,
          title_tw: sql`excluded.title_tw`,
          content_en: sql`excluded.content_en`,
          content_tw: sql`excluded.content_tw`,
        })
        .where(sql<boolean>`sys_msg_template.title_en || sys_msg_template.title_tw
          || sys_msg_template.content_en || sys_msg_template.content_tw = ''`),
    )
    .execute();
}

export interface TemplateNotification {
  tenantId: string;
  code: MsgTemplateCode;
  userIds: readonly string[];
  vars: Record<string, string>;
  creatorId?: string;
  creatorName?: string;
}

/**
 * Sends the tenant's template to these users as an internal message, each in his own language (after
 * the caller's write has committed). A switched-off template sends nothing. Returns how many
 * messages were written.
 */
export async function notifyByTemplate(
  deps: Deps,
  n: TemplateNotification,
  log: FastifyBaseLogger,
): Promise<number> {
  // The caller's write has committed: a failed notice is logged, never turned into an error answer.
  try {
    return await sendByTemplate(deps, n);
  } catch (error) {
    log.error({ err: error, template: n.code }, 'template message not sent');
    return 0;
  }
}

async function sendByTemplate(deps: Deps, n: TemplateNotification): Promise<number> {
  if (n.userIds.length === 0) return 0;
  const messages = [...new Set(n.userIds)].map((userId) => ({
    tenantId: n.tenantId,
    userId,
    text: { template: n.code, vars: () => n.vars },
    creatorId: n.creatorId,
    creatorName: n.creatorName,
  }));
  const written = (await transaction(deps.db, (tx) => writeMessages(tx, messages))).flatMap((m) =>
    m ? [m] : [],
  );
  // One push per language's title, as the readers of each language got it.
  const byTitle = new Map<string, { type: number; userIds: string[] }>();
  for (const m of written) {
    const group = byTitle.get(m.title) ?? { type: m.type, userIds: [] };
    group.userIds.push(m.userId);
    byTitle.set(m.title, group);
  }
  for (const [title, { type, userIds }] of byTitle)
    await pushCounts(deps, n.tenantId, userIds, { title, messageType: type });
  return written.length;
}

/** Every message template of the tenant, in order. */
export async function listMsgTemplates(ctx: ServiceContext): Promise<MsgTemplate[]> {
  const rows = await ctx.db
    .selectFrom('sys_msg_template')
    .selectAll()
    .where('tenant_id', '=', ctx.tenantId)
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    enCode: r.en_code,
    fullName: r.full_name,
    title: r.title,
    content: r.content,
    titleEn: r.title_en,
    titleTw: r.title_tw,
    contentEn: r.content_en,
    contentTw: r.content_tw,
    messageType: r.message_type,
    enabled: r.enabled,
  }));
}
