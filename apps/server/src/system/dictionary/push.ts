import { DICT_CHANGED_METHOD } from '@srm/contracts';
import type { Deps } from '../../core/context';

/**
 * After a dictionary write commits: every signed-in user of the tenant gets `dictChanged` on their
 * sockets (every server process), and their tabs load the start-up dictionaries again.
 */
export async function pushDictChanged(deps: Pick<Deps, 'db' | 'realtime'>, tenantId: string): Promise<void> {
  const rows = await deps.db
    .selectFrom('sys_session')
    .select('user_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('ended_reason', 'is', null)
    .execute();
  if (rows.length > 0) {
    await deps.realtime.sendToUsers(
      tenantId,
      rows.map((r) => String(r.user_id)),
      { method: DICT_CHANGED_METHOD },
    );
  }
}
