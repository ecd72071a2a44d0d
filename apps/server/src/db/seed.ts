import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../core/password';
import { ensureMsgTemplates } from '../message/msg-template';
import { seedMenus, seedRoleGrants } from './seed-menus';
import { seedMessages } from './seed-messages';
import { transaction } from './transaction';
import type { Database } from './types';

export interface TenantSeedOptions {
  code: string;
  name: string;
  entName: string;
  vendorEntName: string;
  /** Prefix for accounts (accounts are unique across tenants). */
  accountPrefix: string;
  /** First 9 digits of the seeded mobile numbers (two more digits follow). */
  mobilePrefix: string;
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
] as const;

export interface SeededTenant {
  tenantId: string;
  entId: string;
  vendorEntId: string;
  users: { admin: string; buyer: string; vendor: string };
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

/** Seeds one tenant with its organisation, users, menus, grants, dictionaries, configs and enums. */
export async function seedTenant(db: Kysely<Database>, o: TenantSeedOptions): Promise<SeededTenant> {
  const [adminHash, buyerHash, vendorHash] = await Promise.all([
    hashPassword('admin123'),
    hashPassword('buyer123'),
    hashPassword('vendor123'),
  ]);
  return transaction(db, async (tx: Tx) => {
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

    const role = (name: string, code: string, order: number) =>
      insertId(
        tx
          .insertInto('sys_role')
          .values({ tenant_id: t, role_name: name, en_code: code, enabled: true, order_num: order })
          .returning('id')
          .executeTakeFirst(),
      );
    const roleAdmin = await role('管理员', 'admin', 1);
    const roleBuyer = await role('采购员', 'buyer', 2);
    const roleVendor = await role('供应商', 'vendor', 3);

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
            head_icon: '',
            is_admin: values.isAdmin,
            enabled: true,
            theme: 'classic',
            language: '',
            prev_login_ip: '',
            prev_login_ip_name: '',
            last_login_ip: '',
            last_login_ip_name: '',
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

    // Menus with their buttons, columns and data rules, and the roles' grants (seed-menus.ts).
    const menuItems = await seedMenus(tx, t);
    await seedRoleGrants(tx, t, menuItems, { admin: roleAdmin, buyer: roleBuyer, vendor: roleVendor });

    // System (sys) and business (base) configuration.
    const configs: { scope: 'sys' | 'base'; key: string; value: string; remark: string }[] = [
      { scope: 'sys', key: 'sysName', value: 'SRM 供应商关系管理平台', remark: '系统名称' },
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

    // Dictionaries: sys (platform) and base (tenant business); is_conf ones load at start-up.
    const dictType = (code: string, name: string, scope: 'sys' | 'base', isTree: boolean, order: number) =>
      insertId(
        tx
          .insertInto('sys_dict_type')
          .values({
            tenant_id: t,
            en_code: code,
            full_name: name,
            scope,
            is_tree: isTree,
            is_conf: true,
            order_num: order,
          })
          .returning('id')
          .executeTakeFirst(),
      );
    const dictItem = (typeId: string, parent: string, code: string, name: string, order: number) =>
      insertId(
        tx
          .insertInto('sys_dict_item')
          .values({
            tenant_id: t,
            type_id: typeId,
            parent_id: parent,
            en_code: code,
            full_name: name,
            order_num: order,
          })
          .returning('id')
          .executeTakeFirst(),
      );
    const sex = await dictType('sex', '性别', 'sys', false, 1);
    await dictItem(sex, '0', '1', '男', 1);
    await dictItem(sex, '0', '2', '女', 2);
    const yesNo = await dictType('yesNo', '是否', 'sys', false, 2);
    await dictItem(yesNo, '0', '1', '是', 1);
    await dictItem(yesNo, '0', '0', '否', 2);
    const category = await dictType('supplyCategory', '供货类别', 'base', true, 3);
    const raw = await dictItem(category, '0', 'raw', '原材料', 1);
    await dictItem(category, raw, 'raw.steel', '钢材', 1);
    await dictItem(category, raw, 'raw.chemical', '化工原料', 2);
    await dictItem(category, '0', 'office', '办公用品', 2);
    await dictItem(category, '0', 'service', '服务', 3);
    const currency = await dictType('currency', '币种', 'base', false, 4);
    await dictItem(currency, '0', 'CNY', '人民币', 1);
    await dictItem(currency, '0', 'USD', '美元', 2);

    await seedMessages(tx, t, { admin, buyer });
    await ensureMsgTemplates(tx, t);

    return { tenantId, entId, vendorEntId, users: { admin, buyer, vendor }, depts };
  });
}

/** Seeds the demo tenant unless it exists. Returns whether it seeded. */
export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  const existing = await db
    .selectFrom('tenant')
    .select('id')
    .where('code', '=', DEMO_TENANT.code)
    .executeTakeFirst();
  if (existing) return false;
  await seedTenant(db, DEMO_TENANT);
  return true;
}
