import type { Subordinate } from '@srm/contracts';
import type { ServiceContext } from '../core/service-context';
import { loadOrg, subtreeIds } from '../org/org-tree';

/**
 * The signed-in user's subordinates: everyone in the departments they manage (`sys_dept.manager_id`)
 * and in those departments' sub-departments, themselves excluded.
 */
export async function subordinatesOf(ctx: ServiceContext): Promise<Subordinate[]> {
  const { auth, db } = ctx;
  const org = await loadOrg(db, auth.tenantId);
  const deptIds = new Set<string>();
  for (const dept of org) {
    if (dept.managerId === auth.userId) for (const id of subtreeIds(org, dept.id)) deptIds.add(id);
  }
  if (deptIds.size === 0) return [];
  const rows = await db
    .selectFrom('sys_user as u')
    .innerJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .select([
      'u.id',
      'u.account',
      'u.real_name',
      'u.head_icon',
      'u.mobile',
      'u.dept_id',
      'u.enabled',
      'd.dept_name',
    ])
    .where('u.tenant_id', '=', auth.tenantId)
    .where('u.deleted', '=', false)
    .where('u.id', '<>', auth.userId)
    .where('u.dept_id', 'in', [...deptIds])
    .orderBy('d.order_num')
    .orderBy('u.real_name')
    .limit(1000)
    .execute();
  const list: Subordinate[] = rows.map((row) => ({
    id: row.id,
    account: row.account,
    realName: row.real_name,
    headIcon: row.head_icon,
    mobile: row.mobile,
    deptId: String(row.dept_id),
    deptName: row.dept_name,
    enabled: row.enabled,
  }));
  return list;
}
