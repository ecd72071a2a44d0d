import type { ComboxOption, comboxQuerySchema } from '@srm/contracts';
import type { z } from 'zod';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { fullName, loadOrg } from '../org/org-tree';

/** At most this many options: a drop-down, not a list screen (the keyword narrows it). */
const COMBOX_MAX = 500;

const toOptions = (rows: { id: string | number; name: string; en_code: string }[]) =>
  rows.map((r) => ({ id: String(r.id), fullName: r.name, enCode: r.en_code }));

/** The list filters' drop-down: enabled roles, positions, companies or departments of the tenant. */
export async function comboxOptions(
  ctx: ServiceContext,
  query: z.output<typeof comboxQuerySchema>,
): Promise<ComboxOption[]> {
  const { type, keyword } = query;
  const like = keyword ? likePattern(keyword) : null;
  if (type === 'role') {
    let q = ctx.db
      .selectFrom('sys_role')
      .select(['id', 'role_name as name', 'en_code'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('enabled', '=', true);
    if (like) q = q.where((eb) => eb.or([eb('role_name', 'ilike', like), eb('en_code', 'ilike', like)]));
    return toOptions(await q.orderBy('order_num').orderBy('id').limit(COMBOX_MAX).execute());
  }
  if (type === 'position') {
    let q = ctx.db
      .selectFrom('sys_position')
      .select(['id', 'position_name as name', 'en_code'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('enabled', '=', true);
    if (like) q = q.where((eb) => eb.or([eb('position_name', 'ilike', like), eb('en_code', 'ilike', like)]));
    return toOptions(await q.orderBy('order_num').orderBy('id').limit(COMBOX_MAX).execute());
  }
  // Companies and departments carry their path, so two "Purchasing" departments stay apart.
  const org = await loadOrg(ctx.db, ctx.tenantId);
  const k = keyword?.toLowerCase();
  const list = org
    .filter((d) => d.enabled && d.deptType === type)
    .map((d) => ({ id: d.id, fullName: fullName(org, d), enCode: d.enCode }))
    .filter((d) => !k || d.fullName.toLowerCase().includes(k) || d.enCode.toLowerCase().includes(k))
    .slice(0, COMBOX_MAX);
  return list;
}
