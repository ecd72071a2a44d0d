import {
  type Locale,
  type MessageType,
  type MsgTemplateCode,
  type TemplateTexts,
  templateIn,
} from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import { type MessageKey, type MessageParams, storedLocale, t } from '../core/i18n';
import { statementChunks } from '../db/statement-limits';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a message says, made in its reader's language here: a text as it is; server message keys
 * (core/locales); or the tenant's message template (a switched-off one writes nothing), whose
 * placeholders may depend on the language (a task's title in it).
 */
export type MessageText =
  | { title: string; body?: string }
  | {
      titleKey: MessageKey;
      titleParams?: MessageParams;
      bodyKey?: MessageKey;
      bodyParams?: MessageParams;
      body?: string;
    }
  | { template: MsgTemplateCode; vars: (locale: Locale) => Record<string, string> };

/** One internal message to one user. */
export interface NewMessage {
  tenantId: string;
  userId: string;
  /** The template's own type when it is a template's; else 1 (system). */
  type?: MessageType;
  text: MessageText;
  /** A path (billId "0") or the form address opened through /pageLink with the bill id. */
  url?: string;
  billId?: string;
  /** The user on whose behalf it is sent (the mail centre groups by sender); none for the system. */
  creatorId?: string | null;
  creatorName?: string;
}

/** A message as written: its reader and its title in his language (the push after the commit carries it). */
export interface WrittenMessage {
  tenantId: string;
  userId: string;
  title: string;
  type: number;
}

const TEMPLATE_TEXTS = [
  'title',
  'content',
  'title_en as titleEn',
  'title_tw as titleTw',
  'content_en as contentEn',
  'content_tw as contentTw',
  'message_type',
] as const;

type LoadedTemplate = TemplateTexts & { message_type: number };

/** The tenant's switched-on templates of these codes, by code (a switched-off one is absent). */
async function loadTemplates(
  db: Db,
  tenantId: string,
  codes: readonly MsgTemplateCode[],
): Promise<Map<string, LoadedTemplate>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_msg_template')
    .select(['en_code', ...TEMPLATE_TEXTS])
    .where('tenant_id', '=', tenantId)
    .where('en_code', 'in', [...new Set(codes)])
    .where('enabled', '=', true)
    .execute();
  return new Map(rows.map(({ en_code, ...texts }) => [en_code, texts]));
}

/** Each live user of the tenant among these, with the language his messages are written in. */
async function recipientLocales(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  fallback: Locale = 'zh-CN',
): Promise<Map<string, Locale>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_user')
    .select(['id', 'language'])
    .where('tenant_id', '=', tenantId)
    .where('deleted', '=', false)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [String(r.id), storedLocale(r.language) ?? fallback]));
}

/** A template's title is cut to what the lists show (a tenant's wording may run long). */
const TEMPLATE_TITLE_MAX = 200;

/**
 * Writes internal messages in the caller's transaction: the one writer of `sys_message` rows
 * (test/unit/table-owners.test.ts). Each tenant's readers and templates are read once; a message to
 * someone deleted or outside its tenant, or of a switched-off template, is left out. Answers, in
 * the given order, each message as written or null when left out; the caller pushes the new counts
 * after its commit (notify.ts `pushCounts`), so that no one is told of a message that rolled back.
 */
export async function writeMessages(
  tx: Db,
  messages: readonly NewMessage[],
): Promise<(WrittenMessage | null)[]> {
  const byTenant = new Map<string, NewMessage[]>();
  for (const m of messages) byTenant.set(m.tenantId, [...(byTenant.get(m.tenantId) ?? []), m]);
  const readers = new Map<string, { locales: Map<string, Locale>; templates: Map<string, LoadedTemplate> }>();
  for (const [tenantId, mine] of byTenant) {
    const codes = mine.flatMap((m) => ('template' in m.text ? [m.text.template] : []));
    const [locales, templates] = await Promise.all([
      recipientLocales(
        tx,
        tenantId,
        mine.map((m) => m.userId),
      ),
      loadTemplates(tx, tenantId, codes),
    ]);
    readers.set(tenantId, { locales, templates });
  }
  const written: (WrittenMessage | null)[] = [];
  const rows = [];
  for (const m of messages) {
    const { locales, templates } = readers.get(m.tenantId) as NonNullable<ReturnType<typeof readers.get>>;
    const locale = locales.get(m.userId);
    const made = locale ? textIn(m, locale, templates) : null;
    written.push(made && { tenantId: m.tenantId, userId: m.userId, title: made.title, type: made.type });
    if (!made) continue;
    rows.push({
      tenant_id: m.tenantId,
      user_id: m.userId,
      type: made.type,
      menu_title: made.title,
      body_text: made.body,
      url: m.url ?? '',
      bill_id: m.billId ?? '0',
      creator_id: m.creatorId ?? null,
      creator_name: m.creatorName ?? '',
    });
  }
  // Thousands of recipients (a notice to every supplier): one statement per piece, in one transaction.
  for (const piece of statementChunks(rows, 9)) await tx.insertInto('sys_message').values(piece).execute();
  return written;
}

/** A message's title, body and type in its reader's language; null for a switched-off template. */
function textIn(
  m: NewMessage,
  locale: Locale,
  templates: Map<string, LoadedTemplate>,
): { title: string; body: string; type: number } | null {
  const text = m.text;
  if ('template' in text) {
    const template = templates.get(text.template);
    if (!template) return null;
    const made = templateIn(template, locale, text.vars(locale));
    return {
      title: made.title.slice(0, TEMPLATE_TITLE_MAX),
      body: made.content,
      type: m.type ?? template.message_type,
    };
  }
  if ('titleKey' in text)
    return {
      title: t(locale, text.titleKey, text.titleParams),
      body: text.bodyKey ? t(locale, text.bodyKey, text.bodyParams) : (text.body ?? ''),
      type: m.type ?? 1,
    };
  return { title: text.title, body: text.body ?? '', type: m.type ?? 1 };
}
