import { expect } from 'vitest';
import { seedTenant } from '../src/setup/seed';
import { seedDemoSuppliers } from '../src/supplier/index';
import { supplierIdOf, type TestApp } from './helpers';

/** The people and suppliers of a procurement test's own tenant, signed in. */
export interface ProcurementTenant {
  tenantId: string;
  admin: string;
  buyer: string;
  /** The buyer's department manager (with `workflowDemo` only; '' otherwise). */
  manager: string;
  /** Supplier A's user (`vendorEntName`), supplier B's (华东钢材) user. */
  vendor: string;
  vendor2: string;
  /** A staff user holding no code. */
  nobody: string;
  /** The administrator of a second tenant. */
  otherAdmin: string;
  supplierA: string;
  supplierB: string;
  /** A demo supplier that is not qualified. */
  frozen: string;
}

/**
 * A tenant for one procurement test file (orders, deliveries, quotations, bidding): seeded with
 * the demo suppliers under the file's own account prefix (`<prefix>admin`, `<prefix>buyer`,
 * `<prefix>vendor`, `<prefix>vendor2`, `<prefix>nobody`), and a second tenant `<other>admin`.
 */
export async function seedProcurementTenant(
  t: TestApp,
  opts: {
    prefix: string;
    name: string;
    vendorEntName: string;
    /** Nine digits each: the tenant's and its demo suppliers' mobile numbers. */
    mobilePrefix: string;
    supplierMobilePrefix: string;
    nobodyMobile: string;
    workflowDemo?: boolean;
    other: string;
  },
): Promise<ProcurementTenant> {
  const { prefix: p } = opts;
  const seeded = await seedTenant(t.db, {
    code: p,
    name: opts.name,
    entName: `${opts.name}集团`,
    vendorEntName: opts.vendorEntName,
    accountPrefix: p,
    mobilePrefix: opts.mobilePrefix,
    workflowDemo: opts.workflowDemo ?? false,
  });
  const tenantId = seeded.tenantId;
  await seedDemoSuppliers(t.db, tenantId, { accountPrefix: p, mobilePrefix: opts.supplierMobilePrefix });
  const [admin, buyer, manager, vendor, vendor2] = await Promise.all([
    t.login(`${p}admin`, 'admin123'),
    t.login(`${p}buyer`, 'buyer123'),
    opts.workflowDemo ? t.login(`${p}manager`, 'manager123') : '',
    t.login(`${p}vendor`, 'vendor123'),
    t.login(`${p}vendor2`, 'vendor123'),
  ]);
  const made = await t.post(
    '/api/permission/Users',
    {
      account: `${p}nobody`,
      realName: '无权限',
      mobile: opts.nobodyMobile,
      password: 'nobody123',
      deptId: seeded.depts.purchase,
    },
    admin,
  );
  expect(made.body.code).toBe(0);
  await t.seedOtherTenant(opts.other);
  const [nobody, otherAdmin, supplierA, supplierB, frozen] = await Promise.all([
    t.login(`${p}nobody`, 'nobody123'),
    t.login(`${opts.other}admin`, 'admin123'),
    supplierIdOf(t.db, tenantId, opts.vendorEntName),
    supplierIdOf(t.db, tenantId, '华东钢材有限公司'),
    supplierIdOf(t.db, tenantId, '旧物资回收有限公司'),
  ]);
  return {
    tenantId,
    admin,
    buyer,
    manager,
    vendor,
    vendor2,
    nobody,
    otherAdmin,
    supplierA,
    supplierB,
    frozen,
  };
}
