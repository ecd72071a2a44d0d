import { type Kysely, sql, type Transaction } from 'kysely';
import { hashPassword } from '../core/password';
import { addCostCentrePage } from '../db/migrations/0074_cost_centre_page';
import { NEW_USER_ROW } from '../db/new-user-row';
import { seedDictionaries } from '../db/seed-dictionaries';
import { seedMenus, seedRoleGrants } from '../db/seed-menus';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { seedGeneratedModules } from '../generated/index';
import { ensureMsgTemplates } from '../message/msg-template';
import { seedMessages } from '../message/seed';
import { seedDataScreenDemo, seedSupplierEvaluation } from '../onlinedev/index';
import { seedDemoSuppliers, seedVendors } from '../supplier/seed';
import { seedBillRules } from '../system/bill-rule';
import { seedTasks } from '../system/task/index';
import { seedWorkflowDemo } from '../workflow/index';

export interface TenantSeedOptions {
  code: string;
  name: string;
  entName: string;
  vendorEntName: string;
  /** Prefix for accounts (accounts are unique across tenants). */
  accountPrefix: string;
  /** First 9 digits of the seeded mobile numbers (two more digits follow). */
  mobilePrefix: string;
  /**
   * Also a `manager` account, the released flows with tasks in every status (workflow/demo-seed.ts)
   * and the supplier evaluation built with the online designers (onlinedev/seed.ts).
   */
  workflowDemo?: boolean;
}

export const DEMO_TENANT: TenantSeedOptions = {
  code: 'demo',
  name: '演示租户',
  entName: '示例采购集团有限公司',
  vendorEntName: '示例供应商有限公司',
  accountPrefix: '',
  mobilePrefix: '138000000',
};

export const DEMO_ACCOUNTS = [
  { account: 'admin', password: 'admin123', note: 'tenant administrator' },
  { account: 'buyer', password: 'buyer123', note: 'role 采购员, mobile 13800000001' },
  { account: 'vendor', password: 'vendor123', note: 'supplier user, mobile 13800000002' },
  {
    account: 'vendor2',
    password: 'vendor123',
    note: 'user of a second supplier (华东钢材), mobile 13800000005',
  },
  { account: 'vendor3', password: 'vendor123', note: 'user of a frozen supplier: sign-in refused' },
  {
    account: 'manager',
    password: 'manager123',
    note: 'manager of 华东采购部 (the buyer’s approver), mobile 13800000003',
  },
] as const;

export interface SeededTenant {
  tenantId: string;
  entId: string;
  vendorEntId: string;
  users: { admin: string; buyer: string; vendor: string; manager?: string };
  depts: Record<string, string>;
}

type Tx = Transaction<Database>;

async function insertId(
  promise: Promise<{ id: string } | undefined> | Promise<{ id: string }>,
): Promise<string> {
  const row = await promise;
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The three roles every tenant starts with (the supplier side looks its role up by the code `vendor`). */
async function seedRoles(tx: Tx, t: string): Promise<{ admin: string; buyer: string; vendor: string }> {
  const role = (name: string, code: string, order: number) =>
    insertId(
      tx
        .insertInto('sys_role')
        .values({ tenant_id: t, role_name: name, en_code: code, enabled: true, order_num: order })
        .returning('id')
        .executeTakeFirst(),
    );
  return {
    admin: await role('管理员', 'admin', 1),
    buyer: await role('采购员', 'buyer', 2),
    vendor: await role('供应商', 'vendor', 3),
  };
}

/**
 * What every tenant needs to work, the demo's and those the platform operator creates alike: menus
 * with their grants to the three roles, document-number rules, settings, enums, dictionaries,
 * message templates and the scheduled tasks.
 */
async function seedTenantBasics(
  tx: Tx,
  t: string,
  roles: { admin: string; buyer: string; vendor: string },
): Promise<void> {
  // Menus with their buttons, columns and data rules, and the roles' grants (seed-menus.ts).
  const menuItems = await seedMenus(tx, t);
  await seedBillRules(tx, t);
  await seedRoleGrants(tx, t, menuItems, roles);

  // System (sys) and business (base) configuration.
  const configs: { scope: 'sys' | 'base'; key: string; value: string; remark: string }[] = [
    { scope: 'sys', key: 'sysName', value: 'SRM 供应商关系管理平台', remark: '系统名称' },
    {
      scope: 'sys',
      key: 'sysNameEn',
      value: 'SRM Supplier Relationship Management',
      remark: '系统名称（英文）',
    },
    { scope: 'sys', key: 'sysNameTw', value: 'SRM 供應商關係管理平台', remark: '系统名称（繁体中文）' },
    { scope: 'sys', key: 'sysVersion', value: '3.2.0', remark: '系统版本' },
    { scope: 'sys', key: 'helpUrl', value: 'https://example.com/help', remark: '帮助中心地址' },
    { scope: 'sys', key: 'tokenTimeout', value: '720', remark: '登录超时（分钟，空闲）' },
    { scope: 'sys', key: 'singleLogin', value: 'false', remark: '单点登录（新登录结束旧会话）' },
    { scope: 'sys', key: 'lockoutAttempts', value: '5', remark: '连续密码错误锁定次数' },
    { scope: 'sys', key: 'lockoutMinutes', value: '10', remark: '锁定时长（分钟）' },
    { scope: 'base', key: 'defaultCurrency', value: 'CNY', remark: '默认币种' },
    { scope: 'base', key: 'noticeReplyDays', value: '7', remark: '供应商通知默认回复天数' },
  ];
  await tx
    .insertInto('sys_config')
    .values(
      configs.map((c) => ({
        tenant_id: t,
        scope: c.scope,
        param_key: c.key,
        param_value: c.value,
        remark: c.remark,
      })),
    )
    .execute();

  const enums: [string, string, string][] = [
    ['flowStatus', '1', '审批中'],
    ['flowStatus', '2', '审批通过'],
    ['flowStatus', '3', '审批驳回'],
    ['flowStatus', '4', '流程撤回'],
    ['flowStatus', '5', '审批终止'],
    ['urgency', '1', '普通'],
    ['urgency', '2', '重要'],
    ['urgency', '3', '紧急'],
    ['entType', '1', '采购方'],
    ['entType', '2', '供应商'],
    ['menuType', '0', '目录'],
    ['menuType', '1', '页面'],
    ['menuType', '7', '链接'],
  ];
  await tx
    .insertInto('sys_enum')
    .values(
      enums.map(([name, key, value], i) => ({
        tenant_id: t,
        enum_name: name,
        enum_key: key,
        enum_value: value,
        order_num: i,
      })),
    )
    .execute();

  await seedDictionaries(tx, t);
  // The demo's dictionary page (menu type 4), as migration 0074 adds it to tenants seeded before.
  await addCostCentrePage(tx as unknown as Kysely<unknown>, t);
  // The menus of the generated domains, as their migrations add them to tenants seeded before.
  await seedGeneratedModules(tx as unknown as Kysely<unknown>, t);

  await ensureMsgTemplates(tx, t);
  await seedTasks(tx, t, await isEmbedded(tx));
}

/** Seeds one tenant with its organisation, users, menus, grants, dictionaries, configs and enums. */
/** The embedded database (PGlite) reports a WebAssembly build. */
async function isEmbedded(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ v: string }>`select version() as v`.execute(db);
  return /wasm|emscripten/i.test(rows[0]?.v ?? '');
}

export async function seedTenant(db: Kysely<Database>, o: TenantSeedOptions): Promise<SeededTenant> {
  const [adminHash, buyerHash, vendorHash, managerHash] = await Promise.all([
    hashPassword('admin123'),
    hashPassword('buyer123'),
    hashPassword('vendor123'),
    o.workflowDemo ? hashPassword('manager123') : Promise.resolve(''),
  ]);
  const seeded = await transaction(db, async (tx: Tx) => {
    const tenantId = await insertId(
      tx.insertInto('tenant').values({ code: o.code, name: o.name }).returning('id').executeTakeFirst(),
    );
    const t = tenantId;
    const entId = await insertId(
      tx
        .insertInto('ent')
        .values({ tenant_id: t, ent_name: o.entName, ent_type: 1 })
        .returning('id')
        .executeTakeFirst(),
    );
    const vendorEntId = await insertId(
      tx
        .insertInto('ent')
        .values({ tenant_id: t, ent_name: o.vendorEntName, ent_type: 2 })
        .returning('id')
        .executeTakeFirst(),
    );

    // Organisation: head office → two sub-companies; departments below.
    const depts: Record<string, string> = {};
    const dept = async (
      key: string,
      name: string,
      type: 'company' | 'department',
      parent: string,
      order: number,
    ) => {
      depts[key] = await insertId(
        tx
          .insertInto('sys_dept')
          .values({
            tenant_id: t,
            parent_id: parent,
            dept_name: name,
            dept_type: type,
            en_code: key,
            order_num: order,
            enabled: true,
          })
          .returning('id')
          .executeTakeFirst(),
      );
      return depts[key];
    };
    const head = await dept('head', '总公司', 'company', '0', 1);
    const east = await dept('east', '华东分公司', 'company', head, 2);
    const south = await dept('south', '华南分公司', 'company', head, 3);
    const purchase = await dept('purchase', '采购部', 'department', head, 4);
    await dept('finance', '财务部', 'department', head, 5);
    const it = await dept('it', '信息部', 'department', head, 6);
    const eastPurchase = await dept('eastPurchase', '华东采购部', 'department', east, 1);
    await dept('southPurchase', '华南采购部', 'department', south, 1);

    const position = (name: string, code: string, deptId: string, order: number) =>
      insertId(
        tx
          .insertInto('sys_position')
          .values({
            tenant_id: t,
            dept_id: deptId,
            position_name: name,
            en_code: code,
            enabled: true,
            order_num: order,
          })
          .returning('id')
          .executeTakeFirst(),
      );
    const posSysAdmin = await position('系统管理员', 'sysAdmin', it, 1);
    await position('采购经理', 'purchaseManager', purchase, 2);
    const posBuyer = await position('采购专员', 'buyer', eastPurchase, 3);

    const roles = await seedRoles(tx, t);
    const { admin: roleAdmin, buyer: roleBuyer, vendor: roleVendor } = roles;

    const user = (values: {
      account: string;
      hash: string;
      realName: string;
      mobile: string;
      entId: string;
      deptId: string | null;
      isAdmin: boolean;
    }) =>
      insertId(
        tx
          .insertInto('sys_user')
          .values({
            tenant_id: t,
            ent_id: values.entId,
            dept_id: values.deptId,
            account: values.account,
            mobile: values.mobile,
            real_name: values.realName,
            email: `${values.account}@example.com`,
            password_hash: values.hash,
            ...NEW_USER_ROW,
            is_admin: values.isAdmin,
            enabled: true,
            theme: 'classic',
          })
          .returning('id')
          .executeTakeFirst(),
      );
    const p = o.accountPrefix;
    const admin = await user({
      account: `${p}admin`,
      hash: adminHash,
      realName: '系统管理员',
      mobile: `${o.mobilePrefix}00`,
      entId,
      deptId: it,
      isAdmin: true,
    });
    const buyer = await user({
      account: `${p}buyer`,
      hash: buyerHash,
      realName: '张采购',
      mobile: `${o.mobilePrefix}01`,
      entId,
      deptId: eastPurchase,
      isAdmin: false,
    });
    const vendor = await user({
      account: `${p}vendor`,
      hash: vendorHash,
      realName: '李供应',
      mobile: `${o.mobilePrefix}02`,
      entId: vendorEntId,
      deptId: null,
      isAdmin: false,
    });
    await tx
      .insertInto('user_role')
      .values([
        { tenant_id: t, user_id: admin, role_id: roleAdmin },
        { tenant_id: t, user_id: buyer, role_id: roleBuyer },
        { tenant_id: t, user_id: vendor, role_id: roleVendor },
      ])
      .execute();
    await tx
      .insertInto('user_position')
      .values([
        { tenant_id: t, user_id: admin, position_id: posSysAdmin },
        { tenant_id: t, user_id: buyer, position_id: posBuyer },
      ])
      .execute();

    await seedTenantBasics(tx, t, roles);
    await seedVendors(tx, t, { vendorEntId, creatorId: buyer, creatorName: '张采购' });
    await seedMessages(tx, t, { admin, buyer });

    let manager: string | undefined;
    if (o.workflowDemo) {
      manager = await user({
        account: `${p}manager`,
        hash: managerHash,
        realName: '王经理',
        mobile: `${o.mobilePrefix}03`,
        entId,
        deptId: purchase,
        isAdmin: false,
      });
      await tx
        .insertInto('user_role')
        .values({ tenant_id: t, user_id: manager, role_id: roleBuyer })
        .execute();
      await seedWorkflowDemo(tx, t, { admin, buyer, manager }, depts);
    }

    return { tenantId, entId, vendorEntId, users: { admin, buyer, vendor, manager }, depts };
  });
  // The supplier evaluation (model, design, page, flow) is made through the designers' services,
  // each its own transaction: after the tenant's. Its quality reviewers are the admission flow's.
  const { manager, admin } = seeded.users;
  if (o.workflowDemo && manager)
    await seedSupplierEvaluation(db, seeded.tenantId, { admin, quality: [manager, admin] });
  // The procurement data screen over the demo's suppliers and flow tasks (onlinedev/data-screen-seed.ts).
  if (o.workflowDemo) await seedDataScreenDemo(db, seeded.tenantId, admin);
  return seeded;
}

/** Seeds the demo tenant unless it exists. Returns whether it seeded. */
export async function seedDemo(
  db: Kysely<Database>,
  /**
   * suppliers: also the demo's further suppliers (several states, with users; supplier/seed.ts);
   * workflowDemo (default on): the manager account, two released flows and tasks in every status.
   */
  options: { suppliers?: boolean; workflowDemo?: boolean } = {},
): Promise<boolean> {
  const existing = await db
    .selectFrom('tenant')
    .select('id')
    .where('code', '=', DEMO_TENANT.code)
    .executeTakeFirst();
  if (existing) return false;
  const seeded = await seedTenant(db, { ...DEMO_TENANT, workflowDemo: options.workflowDemo ?? true });
  if (options.suppliers) await seedDemoSuppliers(db, seeded.tenantId, DEMO_TENANT);
  return true;
}

export interface NewTenant {
  code: string;
  name: string;
  /** The tenant's own purchasing enterprise, also its root company. */
  entName: string;
  admin: { account: string; realName: string; mobile: string; passwordHash: string };
}

/**
 * A new, empty tenant (the platform operator's): its enterprise and root company, the three roles,
 * what every tenant needs (`seedTenantBasics`) and its first administrator, flagged the tenant's
 * administrator. No demo users, suppliers, messages or flows.
 */
export async function provisionTenant(tx: Tx, o: NewTenant): Promise<{ tenantId: string; adminId: string }> {
  const t = await insertId(
    tx.insertInto('tenant').values({ code: o.code, name: o.name }).returning('id').executeTakeFirst(),
  );
  const entId = await insertId(
    tx
      .insertInto('ent')
      .values({ tenant_id: t, ent_name: o.entName, ent_type: 1 })
      .returning('id')
      .executeTakeFirst(),
  );
  const head = await insertId(
    tx
      .insertInto('sys_dept')
      .values({
        tenant_id: t,
        parent_id: '0',
        dept_name: o.entName,
        dept_type: 'company',
        en_code: 'head',
        order_num: 1,
        enabled: true,
      })
      .returning('id')
      .executeTakeFirst(),
  );
  const roles = await seedRoles(tx, t);
  const adminId = await insertId(
    tx
      .insertInto('sys_user')
      .values({
        tenant_id: t,
        ent_id: entId,
        dept_id: head,
        account: o.admin.account,
        mobile: o.admin.mobile,
        real_name: o.admin.realName,
        email: '',
        password_hash: o.admin.passwordHash,
        ...NEW_USER_ROW,
        is_admin: true,
        enabled: true,
        theme: 'classic',
      })
      .returning('id')
      .executeTakeFirst(),
  );
  await tx.insertInto('user_role').values({ tenant_id: t, user_id: adminId, role_id: roles.admin }).execute();
  await seedTenantBasics(tx, t, roles);
  return { tenantId: t, adminId };
}
