import { DICT_CHANGED_METHOD } from '@srm/contracts';
import type { Deps } from '../../core/context';
import type { SignedInRequest } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import type { DictContext } from './context';

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

/** Runs a dictionary write in the request's context, then tells the tenant's open tabs (after the commit). */
export async function writeThenPush<T>(
  request: SignedInRequest,
  fn: (c: DictContext) => Promise<T>,
): Promise<T> {
  const c = contextOf(request);
  const result = await fn(c);
  await pushDictChanged(request.server.deps, c.tenantId).catch((error: unknown) =>
    request.log.error({ err: error }, 'dictChanged push failed'),
  );
  return result;
}
