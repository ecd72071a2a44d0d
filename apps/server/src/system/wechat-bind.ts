import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';

/**
 * The server side of WeChat's official-account message protocol (plaintext mode) as far as binding
 * needs it: the signature of callbacks, the XML event body, and the binding a bind-QR scan makes.
 */

/** A callback whose signed timestamp is further than this from now is refused (replay). */
export const CALLBACK_MAX_AGE_SECONDS = 300;
/** Largest event body accepted (WeChat's events are a few hundred bytes). */
export const CALLBACK_BODY_LIMIT = 8 * 1024;

/** WeChat's signature: sha1 of token, timestamp and nonce sorted and joined (hex). */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export interface SignedQuery {
  signature?: string;
  timestamp?: string;
  nonce?: string;
}

/** True when the query carries a signature made with the token (compared in constant time). */
export function hasValidSignature(token: string, query: SignedQuery): boolean {
  const { signature, timestamp, nonce } = query;
  if (!signature || !timestamp || !nonce) return false;
  const expected = Buffer.from(wechatSignature(token, timestamp, nonce));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** True when the signed timestamp (seconds) is within CALLBACK_MAX_AGE_SECONDS of now. */
export function isFresh(timestamp: string | undefined, nowMs: number): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= CALLBACK_MAX_AGE_SECONDS;
}

/**
 * Signatures already handled within the replay window: WeChat signs only the query, not the body,
 * so a captured signed query must not carry a second body. Kept per process, bounded.
 */
export class SeenSignatures {
  private readonly seen = new Map<string, number>();
  constructor(private readonly max = 10_000) {}

  has(signature: string, nowMs: number): boolean {
    const until = this.seen.get(signature);
    return until !== undefined && until > nowMs;
  }

  add(signature: string, nowMs: number): void {
    // Entries are added in time order: the oldest come first.
    for (const [key, until] of this.seen) {
      if (until > nowMs && this.seen.size < this.max) break;
      this.seen.delete(key);
    }
    // Refused beyond the window both ways, so remembered for twice its length.
    this.seen.set(signature, nowMs + 2 * CALLBACK_MAX_AGE_SECONDS * 1000);
  }
}

/** The fields of an event message the binding reads (all text; others ignored). */
const eventSchema = z.object({
  ToUserName: z.string().max(128),
  FromUserName: z.string().min(1).max(128),
  CreateTime: z.string().max(16),
  MsgType: z.string().max(32),
  Event: z.string().max(64).optional(),
  EventKey: z.string().max(128).optional(),
});
export type WechatEvent = z.infer<typeof eventSchema>;

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  // Values stay text (an EventKey of digits is not a number); no entities are expanded.
  parseTagValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
});

/** The event of a callback body; null when it is not well-formed XML or not a WeChat message. */
export function parseWechatMessage(body: string): WechatEvent | null {
  // WeChat never sends a document type; refusing it keeps entity tricks out.
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) return null;
  if (XMLValidator.validate(body) !== true) return null;
  let doc: unknown;
  try {
    doc = parser.parse(body);
  } catch {
    return null;
  }
  const root = (doc as { xml?: unknown } | null)?.xml;
  const parsed = eventSchema.safeParse(root);
  return parsed.success ? parsed.data : null;
}

/** The scene string of a bind request: names the tenant and the user. */
export function wxBindScene(tenantId: string, userId: string): string {
  return `bind:${tenantId}:${userId}`;
}

const BIND_SCENE = /^bind:(\d{1,18}):(\d{1,18})$/;

/**
 * The bind request a scan event carries: `SCAN` (already a follower) has the scene as EventKey,
 * `subscribe` (followed by scanning) has `qrscene_` + scene. Null for every other message.
 */
export function bindRequestOf(event: WechatEvent): { tenantId: string; userId: string } | null {
  if (event.MsgType.toLowerCase() !== 'event') return null;
  const kind = event.Event?.toLowerCase();
  const key = event.EventKey ?? '';
  let scene: string;
  if (kind === 'scan') scene = key;
  else if (kind === 'subscribe' && key.startsWith('qrscene_')) scene = key.slice('qrscene_'.length);
  else return null;
  const match = BIND_SCENE.exec(scene);
  return match ? { tenantId: match[1] as string, userId: match[2] as string } : null;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * Binds the openid to the user, in one transaction: a binding of the same openid to another user of
 * the tenant moves here; the user's earlier binding is replaced. False (nothing written) when the
 * user is not an enabled, undeleted user of that tenant.
 */
export async function bindOpenid(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  openid: string,
): Promise<boolean> {
  const attempt = () =>
    transaction(db, async (tx) => {
      // Shared lock: a concurrent delete of the user waits, or is seen, so no binding outlives it.
      const user = await tx
        .selectFrom('sys_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .where('deleted', '=', false)
        .where('enabled', '=', true)
        .forShare()
        .executeTakeFirst();
      if (!user) return false;
      const now = new Date();
      await tx
        .deleteFrom('sys_wx_user')
        .where('tenant_id', '=', tenantId)
        .where('openid', '=', openid)
        .where('user_id', '!=', userId)
        .execute();
      await tx
        .insertInto('sys_wx_user')
        .values({ user_id: userId, tenant_id: tenantId, openid, bound_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ tenant_id: tenantId, openid, bound_at: now }))
        .execute();
      return true;
    });
  try {
    return await attempt();
  } catch (error) {
    // Two users' scans of the same WeChat account at once: the later one wins on a second try.
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}

/** The user's binding: when it was made, or null. */
export async function bindStateOf(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
): Promise<{ bound: boolean; boundAt: number | null }> {
  const row = await db
    .selectFrom('sys_wx_user')
    .select('bound_at')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { bound: true, boundAt: new Date(row.bound_at).getTime() } : { bound: false, boundAt: null };
}

/** Removes the user's binding (none is fine). */
export async function unbind(db: Kysely<Database>, tenantId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('sys_wx_user')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
}
