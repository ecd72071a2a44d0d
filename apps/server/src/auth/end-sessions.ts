import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionEndReason } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whose live sessions end, within one tenant: some sessions, a user's, every user's of a supplier
 * (its enterprise), the whole tenant's, or those not seen since a time (the idle-session job).
 */
export type SessionsOf =
  | { sessionIds: readonly string[] }
  | { userId: string }
  | { entId: string }
  | { tenant: true }
  | { idleSince: Date };

/**
 * Ends live sessions: the one writer of `sys_session`'s end (test/unit/table-owners.test.ts). The
 * next request with such a token answers 602 with the reason's message. In the caller's
 * transaction; answers the ended ids, whose chat sockets the caller closes after the commit
 * (`deps.realtime.endSessions`), so that no socket closes for a change that rolled back.
 */
export async function endSessions(
  tx: Db,
  tenantId: string,
  who: SessionsOf,
  how: { reason?: SessionEndReason; at?: Date } = {},
): Promise<string[]> {
  let query = tx
    .updateTable('sys_session')
    .set({ ended_reason: how.reason ?? 'forced', ended_at: how.at ?? new Date() })
    .where('tenant_id', '=', tenantId)
    .where('ended_reason', 'is', null);
  if ('sessionIds' in who) {
    if (who.sessionIds.length === 0) return [];
    query = query.where('id', 'in', [...who.sessionIds]);
  } else if ('userId' in who) query = query.where('user_id', '=', who.userId);
  else if ('entId' in who)
    query = query.where('user_id', 'in', (eb) =>
      eb
        .selectFrom('sys_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('ent_id', '=', who.entId),
    );
  else if ('idleSince' in who) query = query.where('last_seen_at', '<', who.idleSince);
  const ended = await query.returning('id').execute();
  return ended.map((r) => String(r.id));
}
