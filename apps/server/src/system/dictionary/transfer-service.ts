import type { DictExport, dictImportSchema } from '@srm/contracts';
import type { z } from 'zod';
import { fieldError } from '../../core/errors';
import { t } from '../../core/i18n';
import { statementChunks } from '../../db/statement-limits';
import { transaction } from '../../db/transaction';
import type { DictContext } from './context';
import {
  assertCanBeFlat,
  assertCategory,
  listItems,
  listTypes,
  mustType,
  refused,
  typeCodeFree,
} from './dictionary-service';

type ImportBody = z.output<typeof dictImportSchema>;

/** A type with its items, parents named by code: the document import takes back. */
export async function exportType(ctx: DictContext, id: string): Promise<DictExport> {
  const type = await mustType(ctx, id);
  const items = await listItems(ctx, type.id);
  const codeOf = new Map(items.map((i) => [i.id, i.enCode]));
  // Parents before their children, so the document reads top-down.
  const ordered: typeof items = [];
  const visit = (parentId: string) => {
    for (const item of items.filter((i) => i.parentId === parentId)) {
      ordered.push(item);
      visit(item.id);
    }
  };
  visit('0');
  return {
    type: {
      enCode: type.enCode,
      fullName: type.fullName,
      fullNameEn: type.fullNameEn,
      fullNameTw: type.fullNameTw,
      isTree: type.isTree,
      scope: type.scope,
      isConf: type.isConf,
      remark: type.remark,
    },
    items: ordered.map((i) => ({
      enCode: i.enCode,
      parentCode: codeOf.get(i.parentId) ?? '',
      fullName: i.fullName,
      fullNameEn: i.fullNameEn,
      fullNameTw: i.fullNameTw,
      sortCode: i.sortCode,
      enabled: i.enabled,
      remark: i.remark,
    })),
  };
}

/** Row problems of a document: duplicate codes, unknown parents, parents in a flat type, loops. */
function rowErrors(ctx: DictContext, body: ImportBody): Record<string, string> {
  const fields: Record<string, string> = {};
  const rowOf = new Map<string, number>();
  body.items.forEach((item, row) => {
    if (rowOf.has(item.enCode)) fields[`items.${row}.enCode`] = t(ctx.locale, 'dict.importDuplicate');
    else rowOf.set(item.enCode, row);
  });
  const parentOf = new Map(body.items.map((i) => [i.enCode, i.parentCode]));
  body.items.forEach((item, row) => {
    if (item.parentCode === '') return;
    const key = `items.${row}.parentCode`;
    if (!body.type.isTree) fields[key] = t(ctx.locale, 'dict.flatHasNoParent');
    else if (!parentOf.has(item.parentCode)) fields[key] = t(ctx.locale, 'dict.parentMissing');
    else {
      const seen = new Set<string>([item.enCode]);
      for (let at = item.parentCode; at !== ''; at = parentOf.get(at) ?? '') {
        if (seen.has(at)) {
          fields[key] = t(ctx.locale, 'dict.parentLoop');
          break;
        }
        seen.add(at);
      }
    }
  });
  return fields;
}

/**
 * Imports a type with its items in one transaction: a new type is created in the category; a type
 * of the same code is updated where it is (the category chosen applies to new types only: a
 * re-import never moves a type) and its items matched by code (updated, moved or added; items the
 * document omits are kept, since records may hold them). Any row error changes nothing.
 */
export async function importType(
  ctx: DictContext,
  body: ImportBody,
): Promise<{ typeId: string; created: number; updated: number }> {
  const errors = rowErrors(ctx, body);
  if (Object.keys(errors).length > 0) throw fieldError(errors, 'dict.importRowErrors');
  return transaction(ctx.db, async (tx) => {
    await assertCategory(ctx, tx, body.categoryId);
    const existing = await tx
      .selectFrom('sys_dict_type')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('en_code', '=', body.type.enCode)
      .executeTakeFirst();
    const typeValues = {
      full_name: body.type.fullName,
      // A document from before types had these names leaves the type's own as they are.
      ...(body.type.fullNameEn ? { full_name_en: body.type.fullNameEn } : {}),
      ...(body.type.fullNameTw ? { full_name_tw: body.type.fullNameTw } : {}),
      is_tree: body.type.isTree,
      scope: body.type.scope,
      is_conf: body.type.isConf,
      remark: body.type.remark,
    };
    let typeId: string;
    if (existing) {
      typeId = String(existing.id);
      if (!body.type.isTree) await assertCanBeFlat(ctx, tx, typeId);
      await tx.updateTable('sys_dict_type').set(typeValues).where('id', '=', typeId).execute();
    } else {
      await typeCodeFree(ctx, tx, body.type.enCode);
      const row = await tx
        .insertInto('sys_dict_type')
        .values({
          ...typeValues,
          category_id: body.categoryId,
          tenant_id: ctx.tenantId,
          en_code: body.type.enCode,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeId = String(row.id);
    }
    const type = (await listTypes(ctx, { id: typeId }, tx))[0];
    if (!type) throw refused('error.notFound');
    const current = new Map((await listItems(ctx, typeId, tx)).map((i) => [i.enCode, i]));
    const idOf = new Map([...current.values()].map((i) => [i.enCode, i.id]));
    let created = 0;
    let updated = 0;
    // Parents first: the document's rows ordered so that a parent is written before its children.
    const pending = [...body.items];
    const written = new Set<string>();
    while (pending.length > 0) {
      const ready = pending.filter((i) => i.parentCode === '' || written.has(i.parentCode));
      const newRows = ready.filter((i) => !idOf.has(i.enCode));
      for (const item of ready.filter((i) => idOf.has(i.enCode))) {
        await tx
          .updateTable('sys_dict_item')
          .set({
            parent_id: item.parentCode === '' ? '0' : (idOf.get(item.parentCode) ?? '0'),
            full_name: item.fullName,
            full_name_en: item.fullNameEn,
            full_name_tw: item.fullNameTw,
            order_num: item.sortCode,
            enabled: item.enabled,
            remark: item.remark,
          })
          .where('id', '=', idOf.get(item.enCode) ?? '0')
          .execute();
        updated++;
      }
      // New rows of one level in pieces under the statement parameter limit (10 per row).
      for (const piece of statementChunks(newRows, 10)) {
        const inserted = await tx
          .insertInto('sys_dict_item')
          .values(
            piece.map((item) => ({
              tenant_id: ctx.tenantId,
              type_id: typeId,
              parent_id: item.parentCode === '' ? '0' : (idOf.get(item.parentCode) ?? '0'),
              en_code: item.enCode,
              full_name: item.fullName,
              full_name_en: item.fullNameEn,
              full_name_tw: item.fullNameTw,
              order_num: item.sortCode,
              enabled: item.enabled,
              remark: item.remark,
            })),
          )
          .returning(['id', 'en_code'])
          .execute();
        for (const row of inserted) idOf.set(row.en_code, String(row.id));
        created += inserted.length;
      }
      for (const item of ready) written.add(item.enCode);
      const before = pending.length;
      const rest = pending.filter((i) => !written.has(i.enCode));
      pending.splice(0, pending.length, ...rest);
      // rowErrors rules out loops and unknown parents, so every round writes something.
      if (pending.length === before) throw fieldError({ items: t(ctx.locale, 'dict.parentLoop') });
    }
    return { typeId, created, updated };
  });
}
