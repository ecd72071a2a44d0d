import { fillTemplate, type MessageType, MsgTemplateCode } from '@srm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Deps } from '../core/context';
import type { Database } from '../db/types';
import { notifyUsers } from './notify';

type Db = Kysely<Database> | Transaction<Database>;

interface DefaultTemplate {
  enCode: MsgTemplateCode;
  fullName: string;
  title: string;
  content: string;
  messageType: MessageType;
}

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
    messageType: 1,
  },
  {
    enCode: MsgTemplateCode.roleGranted,
    fullName: '角色授权通知',
    title: '您已获得角色「{roleName}」',
    content: '{operator}将您加入了角色「{roleName}」，刷新页面后即可使用该角色的菜单和功能。',
    messageType: 1,
  },
];

/** Adds the default templates a tenant lacks (every tenant when none is named); keeps edited ones. */
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
          message_type: d.messageType,
          order_num: i + 1,
        })),
      ),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'en_code']).doNothing())
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
 * Sends the tenant's template to these users as an internal message (after the caller's write has
 * committed). A switched-off template sends nothing. Returns how many messages were written.
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
  const template = await deps.db
    .selectFrom('sys_msg_template')
    .select(['title', 'content', 'message_type'])
    .where('tenant_id', '=', n.tenantId)
    .where('en_code', '=', n.code)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!template || n.userIds.length === 0) return 0;
  return notifyUsers(deps, {
    tenantId: n.tenantId,
    userIds: n.userIds,
    type: template.message_type as MessageType,
    menuTitle: fillTemplate(template.title, n.vars),
    bodyText: fillTemplate(template.content, n.vars),
    creatorId: n.creatorId,
    creatorName: n.creatorName,
  });
}
