import { BillRuleCode, creditCodeCheckChar, type SupplierState } from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../core/password';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { nextBillNo } from '../system/bill-rule/index';
import { insertSupplierUser } from './supplier-service';

type Tx = Transaction<Database>;

/** A valid unified social credit code from its first 17 characters. */
const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17);

interface DemoSupplier {
  name: string;
  code17: string;
  state: SupplierState;
  categories: string[];
  areaCode: string;
  user?: { account: string; realName: string; mobile: string };
}

async function insertSupplier(
  tx: Tx,
  tenantId: string,
  entId: string,
  s: DemoSupplier,
  creatorId: string | null,
) {
  const row = await tx
    .insertInto('vendor_supplier')
    .values({
      tenant_id: tenantId,
      ent_id: entId,
      supplier_code: await nextBillNo(tx, tenantId, BillRuleCode.supplierCode),
      supplier_name: s.name,
      credit_code: creditCode(s.code17),
      legal_person: '张三',
      company_type: 'private',
      area_code: s.areaCode,
      address: '示例路 1 号',
      business_scope: '示例经营范围',
      state: s.state,
      created_by: creatorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sid = String(row.id);
  await tx
    .insertInto('vendor_supplier_contact')
    .values({
      tenant_id: tenantId,
      supplier_id: sid,
      contact_name: s.user?.realName ?? '联系人',
      mobile: s.user?.mobile ?? '13800000099',
      is_primary: true,
    })
    .execute();
  await tx
    .insertInto('vendor_supplier_bank')
    .values({
      tenant_id: tenantId,
      supplier_id: sid,
      bank_name: '中国银行',
      branch: '示例支行',
      account_no: `6217${s.code17.replace(/\D/g, '').slice(-8)}`,
    })
    .execute();
  await tx
    .insertInto('vendor_supplier_category')
    .values(
      s.categories.map((c) => ({
        tenant_id: tenantId,
        supplier_id: sid,
        category_code: c,
        qualified: s.state !== 'potential',
      })),
    )
    .execute();
  return sid;
}

/**
 * Every seeded tenant: its supplier enterprise (the `vendor` user's) becomes a qualified supplier,
 * and one vendor notice is published to it. No enterprise or user is added, so the seeded users
 * and enterprises other tests count stay as they were.
 */
export async function seedVendors(
  tx: Tx,
  tenantId: string,
  o: { vendorEntId: string; creatorId: string; creatorName: string },
): Promise<string> {
  const ent = await tx
    .selectFrom('ent')
    .select('ent_name')
    .where('id', '=', o.vendorEntId)
    .executeTakeFirstOrThrow();
  const sid = await insertSupplier(
    tx,
    tenantId,
    o.vendorEntId,
    {
      name: ent.ent_name,
      code17: '91310000MA1K00001',
      state: 'qualified',
      categories: ['raw.steel', 'office'],
      areaCode: '310101',
    },
    o.creatorId,
  );
  // The tenant's vendor user, created before its supplier record, is its administrator.
  await tx
    .updateTable('vendor_supplier')
    .set((eb) => ({
      admin_user_id: eb
        .selectFrom('sys_user')
        .select((e) => e.fn.min('id').as('id'))
        .where('ent_id', '=', o.vendorEntId)
        .where('deleted', '=', false),
    }))
    .where('id', '=', sid)
    .execute();
  const notice = await tx
    .insertInto('vendor_notice')
    .values({
      tenant_id: tenantId,
      title: '关于 2026 年度供应商资质年审的通知',
      notice_type: 'general',
      body_html: '<p>请各供应商于截止日期前上传最新的营业执照与质量体系证书，并回复确认。</p>',
      reply_required: true,
      reply_deadline: new Date(Date.now() + 14 * 86_400_000),
      state: 1,
      creator_id: o.creatorId,
      creator_name: o.creatorName,
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('vendor_notice_item')
    .values({ tenant_id: tenantId, notice_id: notice.id, supplier_id: sid, delivered: true })
    .execute();
  return sid;
}

/**
 * The started demo's further suppliers (`seedDemo` with `suppliers`; tests call it where they need
 * them): a second qualified supplier with its user `vendor2`, a frozen one whose user `vendor3`
 * cannot sign in, a potential one without users; the second also receives the seeded notice.
 */
export async function seedDemoSuppliers(
  db: Kysely<Database>,
  tenantId: string,
  o: { accountPrefix: string; mobilePrefix: string },
): Promise<void> {
  const p = o.accountPrefix;
  const passwordHash = await hashPassword('vendor123');
  const suppliers: DemoSupplier[] = [
    {
      name: '华东钢材有限公司',
      code17: '91320500MA1K00002',
      state: 'qualified',
      categories: ['raw.steel'],
      areaCode: '320505',
      user: { account: `${p}vendor2`, realName: '王钢材', mobile: `${o.mobilePrefix}05` },
    },
    {
      name: '旧物资回收有限公司',
      code17: '91330100MA1K00003',
      state: 'frozen',
      categories: ['service'],
      areaCode: '330102',
      user: { account: `${p}vendor3`, realName: '赵冻结', mobile: `${o.mobilePrefix}06` },
    },
    {
      name: '新材料科技有限公司',
      code17: '91440300MA1K00004',
      state: 'potential',
      categories: ['raw.chemical'],
      areaCode: '440305',
    },
  ];
  await transaction(db, async (tx) => {
    const ids: string[] = [];
    for (const s of suppliers) {
      const ent = await tx
        .insertInto('ent')
        .values({ tenant_id: tenantId, ent_name: s.name, ent_type: 2 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(await insertSupplier(tx, tenantId, String(ent.id), s, null));
      if (s.user) await insertSupplierUser(tx, tenantId, String(ent.id), s.user, passwordHash);
    }
    const notice = await tx
      .selectFrom('vendor_notice')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (notice && ids[0])
      await tx
        .insertInto('vendor_notice_item')
        .values({ tenant_id: tenantId, notice_id: notice.id, supplier_id: ids[0], delivered: true })
        .execute();
  });
}
