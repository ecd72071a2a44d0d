import type { Notice } from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { Database, NoticeTable } from '../db/types';

/**
 * What an announcement body may hold: text formatting, lists, tables, links and images. Scripts,
 * event handlers, `javascript:` addresses and styles beyond a few harmless ones are removed —
 * on save and again on display (decisions §5).
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'del', 'ins', 'font'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['style'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    '*': {
      color: [/^[#\w(),.\s%]+$/],
      'background-color': [/^[#\w(),.\s%]+$/],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(px|em|rem|%)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** The plain text of a body (the internal message staff get on release). */
export function noticeText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n$&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

type Db = Kysely<Database> | Transaction<Database>;

/** Those of these users who belong to the tenant's own enterprises (entType 1). */
export async function staffAmong(db: Db, tenantId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('sys_user as u')
    .innerJoin('ent as e', 'e.id', 'u.ent_id')
    .select('u.id')
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', 'in', [...userIds])
    .where('e.ent_type', '=', 1)
    .execute();
  return rows.map((r) => String(r.id));
}

/** The users an announcement goes to: live users of the tenant's own or supplier enterprises. */
export async function audienceUserIds(
  db: Db,
  tenantId: string,
  audience: NoticeTable['audience'],
  entIds: readonly string[],
): Promise<string[]> {
  let q = db
    .selectFrom('sys_user as u')
    .innerJoin('ent as e', 'e.id', 'u.ent_id')
    .select('u.id')
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false);
  if (audience === 'staff') q = q.where('e.ent_type', '=', 1);
  else if (audience === 'vendors') q = q.where('e.ent_type', '=', 2);
  else q = q.where('u.ent_id', 'in', entIds.length ? [...entIds] : ['0']);
  return (await q.execute()).map((r) => String(r.id));
}

export async function loadNotice(db: Db, tenantId: string, id: string): Promise<Notice | null> {
  const row = await db
    .selectFrom('sys_notice')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [ents, reads] = await Promise.all([
    db.selectFrom('sys_notice_ent').select('ent_id').where('notice_id', '=', id).execute(),
    db
      .selectFrom('sys_notice_read')
      .select((eb) => [eb.fn.countAll<string>().as('recipients'), eb.fn.count<string>('read_at').as('read')])
      .where('notice_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: String(row.id),
    noticeTitle: row.title,
    noticeBody: sanitizeNoticeHtml(row.body_html),
    audience: row.audience,
    entIds: ents.map((e) => String(e.ent_id)),
    state: row.state,
    releaseTime: row.release_time ? new Date(row.release_time).getTime() : null,
    creatorName: row.creator_name,
    createTime: new Date(row.created_at).getTime(),
    recipientCount: Number(reads.recipients),
    readCount: Number(reads.read),
  };
}

/** Enterprises named for an 'ents' audience must be the tenant's. */
export async function tenantEntsExist(db: Db, tenantId: string, entIds: readonly string[]): Promise<boolean> {
  if (entIds.length === 0) return true;
  const found = await db
    .selectFrom('ent')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...entIds])
    .execute();
  return found.length === new Set(entIds).size;
}
