import { seedTenant } from '../src/setup/seed';
import type { TestApp } from './helpers';

/**
 * A tenant of its own seeded with the workflow demo (accounts `${prefix}admin`, `${prefix}buyer`,
 * `${prefix}manager`): its ids, its departments and the three signed-in tokens, with the demo
 * tenant's administrator as the outsider ("another tenant").
 */
export async function workflowTenant(t: TestApp, prefix: string, name: string, mobilePrefix: string) {
  const seeded = await seedTenant(t.db, {
    code: prefix,
    name: `${name}租户`,
    entName: `${name}集团`,
    vendorEntName: `${name}供应商`,
    accountPrefix: prefix,
    mobilePrefix,
    workflowDemo: true,
  });
  const flows = await t.db
    .selectFrom('flow_definition')
    .select(['id', 'en_code'])
    .where('tenant_id', '=', seeded.tenantId)
    .execute();
  const flow = (code: string) => String(flows.find((f) => f.en_code === code)?.id);
  return {
    depts: seeded.depts,
    ids: {
      tenant: seeded.tenantId,
      admin: seeded.users.admin,
      buyer: seeded.users.buyer,
      manager: seeded.users.manager ?? '',
      purchase: flow('purchaseRequisition'),
      leave: flow('leaveApply'),
    },
    admin: await t.login(`${prefix}admin`, 'admin123'),
    buyer: await t.login(`${prefix}buyer`, 'buyer123'),
    manager: await t.login(`${prefix}manager`, 'manager123'),
    outsider: await t.login('admin', 'admin123'),
  };
}
