import type {
  DictCategory,
  DictItem,
  DictItemSort,
  DictType,
  dictCategoryBodySchema,
  dictItemBodySchema,
  dictTypeBodySchema,
} from '@srm/contracts';
import { MenuType } from '@srm/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { AppError, conflict, fieldError, notFound } from '../../core/errors';
import { type MessageKey, t } from '../../core/i18n';
import { anyColumnLike } from '../../core/sql';
import { declareUnique } from '../../core/unique-violation';
import { transaction } from '../../db/transaction';
import type { Db, DictContext } from './context';
import { findUsage, usagesOfType } from './usage';

// The unique indexes behind the checks below: a create that loses the race answers as the check does.
declareUnique('sys_dict_category_tenant_id_en_code_key', { field: 'enCode', key: 'dict.codeTaken' });
declareUnique('sys_dict_type_tenant_id_en_code_key', { field: 'enCode', key: 'dict.codeTaken' });
declareUnique('sys_dict_item_code', { field: 'enCode', key: 'dict.codeTaken' });

type CategoryBody = z.output<typeof dictCategoryBodySchema>;
type TypeBody = z.output<typeof dictTypeBodySchema>;
type ItemBody = z.output<typeof dictItemBodySchema>;

/** 409 with a message saying why the write is refused. */
export const refused = (key: MessageKey, params?: Record<string, string>) => new AppError(409, key, params);

const codeTaken = (ctx: DictContext) => fieldError({ enCode: t(ctx.locale, 'dict.codeTaken') });
const inUse = (ctx: DictContext, key: MessageKey, label: MessageKey) =>
  refused(key, { usage: t(ctx.locale, label) });

// ---- categories

export async function listCategories(ctx: DictContext): Promise<DictCategory[]> {
  const rows = await ctx.db
    .selectFrom('sys_dict_category as c')
    .select((eb) => [
      'c.id',
      'c.en_code',
      'c.full_name',
      'c.full_name_en',
      'c.full_name_tw',
      'c.order_num',
      eb
        .selectFrom('sys_dict_type as t')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('t.category_id', '=', 'c.id')
        .as('type_count'),
    ])
    .where('c.tenant_id', '=', ctx.tenantId)
    .orderBy('c.order_num')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    enCode: r.en_code,
    fullName: r.full_name,
    fullNameEn: r.full_name_en,
    fullNameTw: r.full_name_tw,
    sortCode: r.order_num,
    typeCount: Number(r.type_count ?? 0),
  }));
}

async function mustCategory(ctx: DictContext, id: string, db: Db = ctx.db): Promise<DictCategory> {
  const found = (await listCategories({ ...ctx, db })).find((c) => c.id === id);
  if (!found) throw notFound();
  return found;
}

async function categoryCodeFree(ctx: DictContext, db: Db, enCode: string, selfId?: string) {
  let q = db
    .selectFrom('sys_dict_category')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('en_code', '=', enCode);
  if (selfId) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw codeTaken(ctx);
}

export async function saveCategory(ctx: DictContext, body: CategoryBody, id?: string): Promise<DictCategory> {
  const savedId = await transaction(ctx.db, async (tx) => {
    if (id) await mustCategory(ctx, id, tx);
    await categoryCodeFree(ctx, tx, body.enCode, id);
    const values = {
      en_code: body.enCode,
      full_name: body.fullName,
      full_name_en: body.fullNameEn,
      full_name_tw: body.fullNameTw,
      order_num: body.sortCode,
    };
    if (id) {
      await tx.updateTable('sys_dict_category').set(values).where('id', '=', id).execute();
      return id;
    }
    const row = await tx
      .insertInto('sys_dict_category')
      .values({ ...values, tenant_id: ctx.tenantId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  });
  return mustCategory(ctx, savedId);
}

export async function deleteCategory(ctx: DictContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const category = await mustCategory(ctx, id, tx);
    if (category.typeCount > 0) throw refused('dict.categoryHasTypes');
    await tx.deleteFrom('sys_dict_category').where('id', '=', id).execute();
  });
}

// ---- types

export async function listTypes(
  ctx: DictContext,
  filter: { categoryId?: string; keyword?: string; id?: string } = {},
  db: Db = ctx.db,
): Promise<DictType[]> {
  let q = db
    .selectFrom('sys_dict_type as t')
    .select((eb) => [
      't.id',
      't.category_id',
      't.en_code',
      't.full_name',
      't.full_name_en',
      't.full_name_tw',
      't.is_tree',
      't.scope',
      't.is_conf',
      't.enabled',
      't.order_num',
      't.remark',
      eb
        .selectFrom('sys_dict_item as i')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('i.type_id', '=', 't.id')
        .as('item_count'),
    ])
    .where('t.tenant_id', '=', ctx.tenantId);
  if (filter.id) q = q.where('t.id', '=', filter.id);
  if (filter.categoryId) q = q.where('t.category_id', '=', filter.categoryId);
  if (filter.keyword) {
    const { keyword } = filter;
    q = q.where((eb) =>
      anyColumnLike(eb, ['t.full_name', 't.full_name_en', 't.full_name_tw', 't.en_code'], keyword),
    );
  }
  const rows = await q.orderBy('t.order_num').orderBy('t.id').execute();
  return rows.map((r) => ({
    id: String(r.id),
    categoryId: String(r.category_id),
    enCode: r.en_code,
    fullName: r.full_name,
    fullNameEn: r.full_name_en,
    fullNameTw: r.full_name_tw,
    isTree: r.is_tree,
    scope: r.scope,
    isConf: r.is_conf,
    enabled: r.enabled,
    sortCode: r.order_num,
    remark: r.remark,
    itemCount: Number(r.item_count ?? 0),
  }));
}

export async function mustType(ctx: DictContext, id: string, db: Db = ctx.db): Promise<DictType> {
  const [found] = await listTypes(ctx, { id }, db);
  if (!found) throw notFound();
  return found;
}

export async function typeCodeFree(ctx: DictContext, db: Db, enCode: string, selfId?: string) {
  let q = db
    .selectFrom('sys_dict_type')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('en_code', '=', enCode);
  if (selfId) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw codeTaken(ctx);
}

/** The category must be the tenant's: a field error otherwise (it is a body value, not the path). */
export async function assertCategory(ctx: DictContext, db: Db, categoryId: string) {
  const found = await db
    .selectFrom('sys_dict_category')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!found) throw fieldError({ categoryId: t(ctx.locale, 'dict.categoryMissing') });
}

/** A tree type with child items cannot become flat: they would lose their place. */
export async function assertCanBeFlat(ctx: DictContext, db: Db, typeId: string) {
  const child = await db
    .selectFrom('sys_dict_item')
    .select('id')
    .where('type_id', '=', typeId)
    .where('parent_id', '<>', '0')
    .executeTakeFirst();
  if (child) throw fieldError({ isTree: t(ctx.locale, 'dict.treeHasChildren') });
}

export async function saveType(ctx: DictContext, body: TypeBody, id?: string): Promise<DictType> {
  const savedId = await transaction(ctx.db, async (tx) => {
    const current = id ? await mustType(ctx, id, tx) : null;
    await assertCategory(ctx, tx, body.categoryId);
    await typeCodeFree(ctx, tx, body.enCode, id);
    if (current && current.enCode !== body.enCode) {
      const usage = usagesOfType(current.enCode)[0];
      if (usage) throw inUse(ctx, 'dict.typeCodeInUse', usage.label);
    }
    if (current?.isTree && !body.isTree) await assertCanBeFlat(ctx, tx, current.id);
    const values = {
      category_id: body.categoryId,
      en_code: body.enCode,
      full_name: body.fullName,
      full_name_en: body.fullNameEn,
      full_name_tw: body.fullNameTw,
      is_tree: body.isTree,
      scope: body.scope,
      is_conf: body.isConf,
      enabled: body.enabled,
      order_num: body.sortCode,
      remark: body.remark,
    };
    if (current) {
      await tx.updateTable('sys_dict_type').set(values).where('id', '=', current.id).execute();
      return current.id;
    }
    const row = await tx
      .insertInto('sys_dict_type')
      .values({ ...values, tenant_id: ctx.tenantId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  });
  return mustType(ctx, savedId);
}

export async function setTypeState(ctx: DictContext, id: string, enabled: boolean): Promise<void> {
  const type = await mustType(ctx, id);
  await ctx.db.updateTable('sys_dict_type').set({ enabled }).where('id', '=', type.id).execute();
}

export async function deleteType(ctx: DictContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const type = await mustType(ctx, id, tx);
    if (type.itemCount > 0) throw refused('dict.typeHasItems');
    // A dictionary page (menu type 4) naming it would open nothing.
    const pages = await tx
      .selectFrom('sys_menu')
      .select('menu_name')
      .where('tenant_id', '=', ctx.tenantId)
      .where('menu_type', '=', MenuType.dynamicDictionary)
      .where(
        sql<boolean>`case when property_json like '{%' then property_json::jsonb ->> 'moduleId' end = ${type.id}`,
      )
      .execute();
    if (pages.length) throw refused('dict.typeInMenu', { menus: pages.map((p) => p.menu_name).join(', ') });
    await tx.deleteFrom('sys_dict_type').where('id', '=', type.id).execute();
  });
}

// ---- items

export async function listItems(ctx: DictContext, typeId: string, db: Db = ctx.db): Promise<DictItem[]> {
  const rows = await db
    .selectFrom('sys_dict_item')
    .selectAll()
    .where('tenant_id', '=', ctx.tenantId)
    .where('type_id', '=', typeId)
    .orderBy('parent_id')
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    typeId: String(r.type_id),
    parentId: String(r.parent_id),
    enCode: r.en_code,
    fullName: r.full_name,
    fullNameEn: r.full_name_en,
    fullNameTw: r.full_name_tw,
    sortCode: r.order_num,
    enabled: r.enabled,
    remark: r.remark,
  }));
}

async function mustItem(ctx: DictContext, id: string, db: Db = ctx.db) {
  const row = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict_type as t', 't.id', 'i.type_id')
    .select(['i.id', 'i.type_id', 'i.parent_id', 'i.en_code', 't.en_code as type_code', 't.is_tree'])
    .where('i.tenant_id', '=', ctx.tenantId)
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, id: String(row.id), type_id: String(row.type_id), parent_id: String(row.parent_id) };
}

/** The parent must be an item of the same tree type, and not the item itself or below it. */
async function assertParent(ctx: DictContext, db: Db, type: DictType, parentId: string, selfId?: string) {
  if (parentId === '0') return;
  if (!type.isTree) throw fieldError({ parentId: t(ctx.locale, 'dict.flatHasNoParent') });
  const items = await listItems(ctx, type.id, db);
  const byId = new Map(items.map((i) => [i.id, i]));
  if (!byId.has(parentId)) throw fieldError({ parentId: t(ctx.locale, 'dict.parentMissing') });
  for (let at: string | undefined = parentId; at && at !== '0'; at = byId.get(at)?.parentId) {
    if (at === selfId) throw fieldError({ parentId: t(ctx.locale, 'dict.parentLoop') });
  }
}

async function itemCodeFree(ctx: DictContext, db: Db, typeId: string, enCode: string, selfId?: string) {
  let q = db
    .selectFrom('sys_dict_item')
    .select('id')
    .where('type_id', '=', typeId)
    .where('en_code', '=', enCode);
  if (selfId) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw codeTaken(ctx);
}

export async function saveItem(ctx: DictContext, body: ItemBody, id?: string): Promise<DictItem> {
  const savedId = await transaction(ctx.db, async (tx) => {
    const current = id ? await mustItem(ctx, id, tx) : null;
    // The type is the item's own on edit (an item does not move between types).
    const typeId = current ? current.type_id : body.typeId;
    const type = await listTypes(ctx, { id: typeId }, tx).then((x) => x[0]);
    if (!type) throw fieldError({ typeId: t(ctx.locale, 'dict.typeMissing') });
    await assertParent(ctx, tx, type, body.parentId, current?.id);
    await itemCodeFree(ctx, tx, type.id, body.enCode, current?.id);
    if (current && current.en_code !== body.enCode) {
      const usage = await findUsage(tx, ctx.tenantId, type.enCode, [current.en_code]);
      if (usage) throw inUse(ctx, 'dict.itemCodeInUse', usage.label);
    }
    const values = {
      parent_id: body.parentId,
      en_code: body.enCode,
      full_name: body.fullName,
      full_name_en: body.fullNameEn,
      full_name_tw: body.fullNameTw,
      order_num: body.sortCode,
      enabled: body.enabled,
      remark: body.remark,
    };
    if (current) {
      await tx.updateTable('sys_dict_item').set(values).where('id', '=', current.id).execute();
      return current.id;
    }
    const row = await tx
      .insertInto('sys_dict_item')
      .values({ ...values, tenant_id: ctx.tenantId, type_id: type.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  });
  const item = (await listItems(ctx, (await mustItem(ctx, savedId)).type_id)).find((i) => i.id === savedId);
  if (!item) throw notFound();
  return item;
}

export async function setItemState(ctx: DictContext, id: string, enabled: boolean): Promise<void> {
  const item = await mustItem(ctx, id);
  await ctx.db.updateTable('sys_dict_item').set({ enabled }).where('id', '=', item.id).execute();
}

export async function deleteItem(ctx: DictContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const item = await mustItem(ctx, id, tx);
    const child = await tx
      .selectFrom('sys_dict_item')
      .select('id')
      .where('parent_id', '=', item.id)
      .executeTakeFirst();
    if (child) throw refused('dict.itemHasChildren');
    const usage = await findUsage(tx, ctx.tenantId, item.type_code, [item.en_code]);
    if (usage) throw inUse(ctx, 'dict.itemInUse', usage.label);
    await tx.deleteFrom('sys_dict_item').where('id', '=', item.id).execute();
  });
}

/** The new order of one parent's children: `ids` must be exactly those children (else 409). */
export async function sortItems(ctx: DictContext, body: DictItemSort): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    await mustType(ctx, body.typeId, tx);
    const siblings = await tx
      .selectFrom('sys_dict_item')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('type_id', '=', body.typeId)
      .where('parent_id', '=', body.parentId)
      .execute();
    const have = new Set(siblings.map((s) => String(s.id)));
    if (
      have.size !== body.ids.length ||
      new Set(body.ids).size !== body.ids.length ||
      !body.ids.every((i) => have.has(i))
    ) {
      throw conflict();
    }
    for (const [index, id] of body.ids.entries()) {
      await tx
        .updateTable('sys_dict_item')
        .set({ order_num: index + 1 })
        .where('id', '=', id)
        .execute();
    }
  });
}

/**
 * A value a form stores for a dictionary type: '' (none), or the code of an enabled item of the
 * tenant's type — a disabled item only when the record already holds it. Field error otherwise.
 */
export async function assertDictValue(
  db: Db,
  tenantId: string,
  locale: DictContext['locale'],
  check: { typeCode: string; value: string; previous?: string; field: string },
): Promise<void> {
  if (check.value === '' || check.value === check.previous) return;
  const item = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict_type as t', 't.id', 'i.type_id')
    .select('i.enabled')
    .where('t.tenant_id', '=', tenantId)
    .where('t.en_code', '=', check.typeCode)
    .where('i.en_code', '=', check.value)
    .executeTakeFirst();
  if (!item?.enabled) throw fieldError({ [check.field]: t(locale, 'dict.valueUnknown') });
}
