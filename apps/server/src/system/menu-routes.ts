import {
  dataRuleCreateSchema,
  dataRuleSchema,
  envelope,
  idParamSchema,
  MenuApi,
  MenuPerm,
  menuBodySchema,
  menuItemBodySchema,
  menuItemQuerySchema,
  menuItemSchema,
  menuNodeSchema,
  menuSchema,
  menuSortSchema,
  menuStateSchema,
  menuTreeQuerySchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import { transaction } from '../db/transaction';
import { conflictWith } from '../org/org-service';
import { requirePerm } from '../permission/service';
import {
  assertItemCodeFree,
  assertMenuCodeFree,
  assertPageMenu,
  assertParent,
  buildMenuTree,
  checkDataRule,
  deleteMenu,
  deletePageItem,
  findMenu,
  getDataRule,
  getMenuItem,
  ITEM_TABLES,
  listDataRules,
  listMenuItems,
  loadMenus,
  menuSubtreeIds,
} from './menu-service';

const tags = ['menus'];

/** Fields of a menu body as columns. */
function menuColumns(body: z.output<typeof menuBodySchema>) {
  return {
    parent_id: body.parentId,
    menu_name: body.menuName,
    menu_name_en: body.menuNameEn,
    menu_name_tw: body.menuNameTw,
    menu_perms: body.menuPerms,
    menu_icon: body.menuIcon,
    menu_type: body.menuType,
    menu_url: body.menuUrl,
    link_target: body.linkTarget,
    property_json: body.propertyJson,
    order_num: body.orderNum,
    enabled: body.enabled,
    category: body.category,
  };
}

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    MenuApi.menu,
    {
      preValidation: requirePerm(MenuPerm.menu),
      schema: {
        tags,
        summary: 'The menu tree of the tenant, disabled menus included (keyword keeps ancestors)',
        querystring: menuTreeQuerySchema,
        response: { 200: envelope(z.array(menuNodeSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const menus = await loadMenus(db, auth.tenantId, request.query.category);
      return envelopeOk(buildMenuTree(menus, request.query.keyword));
    },
  );

  app.get(
    `${MenuApi.menu}/:id`,
    {
      preValidation: requirePerm(MenuPerm.menu),
      schema: {
        tags,
        summary: 'Menu details',
        params: idParamSchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk(findMenu(await loadMenus(db, auth.tenantId), request.params.id));
    },
  );

  app.post(
    MenuApi.menu,
    {
      preValidation: requirePerm(MenuPerm.menuAdd),
      schema: {
        tags,
        summary: 'Creates a menu (code unique within the tenant; parent of the same category)',
        body: menuBodySchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body;
      const menus = await loadMenus(db, auth.tenantId);
      assertParent(request, menus, body.parentId, body.category);
      await assertMenuCodeFree(request, db, auth.tenantId, body.menuPerms);
      const row = await db
        .insertInto('sys_menu')
        .values({ tenant_id: auth.tenantId, ...menuColumns(body) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await loadMenus(db, auth.tenantId);
      return envelopeOk(findMenu(after, String(row.id)), t(request.locale, 'common.saved'));
    },
  );

  app.put(
    `${MenuApi.menu}/:id`,
    {
      preValidation: requirePerm(MenuPerm.menuEdit),
      schema: {
        tags,
        summary: 'Updates a menu (never under itself or below it; a category change moves its sub-menus too)',
        params: idParamSchema,
        body: menuBodySchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const body = request.body;
      const menus = await loadMenus(db, auth.tenantId);
      const current = findMenu(menus, id);
      const subtree = menuSubtreeIds(menus, id);
      if (subtree.has(body.parentId)) throw conflictWith('menu.moveIntoSelf');
      assertParent(request, menus, body.parentId, body.category);
      await assertMenuCodeFree(request, db, auth.tenantId, body.menuPerms, id);
      await transaction(db, async (tx) => {
        await tx
          .updateTable('sys_menu')
          .set(menuColumns(body))
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
        // Sub-menus follow their parent into the other category, or the tree would be split.
        if (current.category !== body.category && subtree.size > 1) {
          await tx
            .updateTable('sys_menu')
            .set({ category: body.category })
            .where('tenant_id', '=', auth.tenantId)
            .where('id', 'in', [...subtree])
            .execute();
        }
      });
      const after = await loadMenus(db, auth.tenantId);
      return envelopeOk(findMenu(after, id), t(request.locale, 'common.saved'));
    },
  );

  app.delete(
    `${MenuApi.menu}/:id`,
    {
      preValidation: requirePerm(MenuPerm.menuDelete),
      schema: {
        tags,
        summary:
          'Deletes a menu with its buttons, columns, data rules and their grants; refused (409) while it has sub-menus',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const menus = await loadMenus(db, auth.tenantId);
      const menu = findMenu(menus, request.params.id);
      if (menus.some((m) => m.parentId === menu.id)) throw conflictWith('menu.hasChildren');
      await deleteMenu(db, auth.tenantId, menu.id);
      return envelopeOk(null, t(request.locale, 'menu.deleted'));
    },
  );

  app.put(
    `${MenuApi.menu}/:id/Actions/State`,
    {
      preValidation: requirePerm(MenuPerm.menuEdit),
      schema: {
        tags,
        summary: 'Enables or disables a menu (a disabled menu and everything below it leave the nav)',
        params: idParamSchema,
        body: menuStateSchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      findMenu(await loadMenus(db, auth.tenantId), id);
      await db
        .updateTable('sys_menu')
        .set({ enabled: request.body.enabled })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      const after = await loadMenus(db, auth.tenantId);
      return envelopeOk(findMenu(after, id), t(request.locale, 'menu.stateChanged'));
    },
  );

  app.put(
    `${MenuApi.menu}/:id/Actions/Sort`,
    {
      preValidation: requirePerm(MenuPerm.menuEdit),
      schema: {
        tags,
        summary: 'Sets the order number of a menu among its siblings',
        params: idParamSchema,
        body: menuSortSchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      findMenu(await loadMenus(db, auth.tenantId), id);
      await db
        .updateTable('sys_menu')
        .set({ order_num: request.body.orderNum })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      const after = await loadMenus(db, auth.tenantId);
      return envelopeOk(findMenu(after, id), t(request.locale, 'common.saved'));
    },
  );

  // Buttons and columns: the same shape, each in its own table and grant type.
  for (const [kind, path, label] of [
    ['button', MenuApi.button, 'button'],
    ['column', MenuApi.column, 'column'],
  ] as const) {
    app.get(
      path,
      {
        preValidation: requirePerm(MenuPerm.menu),
        schema: {
          tags,
          summary: `The ${label}s of a page`,
          querystring: menuItemQuerySchema,
          response: { 200: envelope(z.array(menuItemSchema)) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { menuId } = request.query;
        await assertPageMenu(request, db, auth.tenantId, menuId);
        return envelopeOk(await listMenuItems(db, kind, auth.tenantId, { menuId }));
      },
    );

    app.post(
      path,
      {
        preValidation: requirePerm(MenuPerm.menuEdit),
        schema: {
          tags,
          summary: `Adds a ${label} to a page (code unique within the tenant)`,
          body: menuItemBodySchema,
          response: { 200: envelope(menuItemSchema) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const body = request.body;
        await assertPageMenu(request, db, auth.tenantId, body.menuId);
        await assertItemCodeFree(request, db, kind, auth.tenantId, body.enCode);
        const row = await db
          .insertInto(ITEM_TABLES[kind])
          .values({
            tenant_id: auth.tenantId,
            menu_id: body.menuId,
            en_code: body.enCode,
            full_name: body.fullName,
            order_num: body.orderNum,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const item = await getMenuItem(db, kind, auth.tenantId, String(row.id));
        return envelopeOk(item, t(request.locale, 'common.saved'));
      },
    );

    app.put(
      `${path}/:id`,
      {
        preValidation: requirePerm(MenuPerm.menuEdit),
        schema: {
          tags,
          summary: `Updates a ${label} (its page may change to another page of the tenant)`,
          params: idParamSchema,
          body: menuItemBodySchema,
          response: { 200: envelope(menuItemSchema) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { id } = request.params;
        const body = request.body;
        await getMenuItem(db, kind, auth.tenantId, id);
        await assertPageMenu(request, db, auth.tenantId, body.menuId);
        await assertItemCodeFree(request, db, kind, auth.tenantId, body.enCode, id);
        await db
          .updateTable(ITEM_TABLES[kind])
          .set({
            menu_id: body.menuId,
            en_code: body.enCode,
            full_name: body.fullName,
            order_num: body.orderNum,
          })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
        return envelopeOk(await getMenuItem(db, kind, auth.tenantId, id), t(request.locale, 'common.saved'));
      },
    );

    app.delete(
      `${path}/:id`,
      {
        preValidation: requirePerm(MenuPerm.menuEdit),
        schema: {
          tags,
          summary: `Deletes a ${label} with every grant of it (one transaction)`,
          params: idParamSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { id } = request.params;
        await getMenuItem(db, kind, auth.tenantId, id);
        await deletePageItem(db, kind, auth.tenantId, id);
        return envelopeOk(null, t(request.locale, 'menu.deleted'));
      },
    );
  }

  app.get(
    MenuApi.dataRule,
    {
      preValidation: requirePerm(MenuPerm.menu),
      schema: {
        tags,
        summary: 'The data rules of a page',
        querystring: menuItemQuerySchema,
        response: { 200: envelope(z.array(dataRuleSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { menuId } = request.query;
      await assertPageMenu(request, db, auth.tenantId, menuId);
      return envelopeOk(await listDataRules(db, auth.tenantId, { menuId }));
    },
  );

  /** Operator and value belong to condition rules only; the scope types store them empty. */
  const ruleColumns = (body: z.output<typeof dataRuleCreateSchema>, field: string) => {
    const condition = body.ruleType === 'condition';
    return {
      menu_id: body.menuId,
      en_code: body.enCode,
      full_name: body.fullName,
      field,
      rule_type: body.ruleType,
      condition_op: condition ? body.conditionOp : '',
      condition_value: condition ? body.conditionValue : '',
    };
  };

  app.post(
    MenuApi.dataRule,
    {
      preValidation: requirePerm(MenuPerm.menuEdit),
      schema: {
        tags,
        summary: 'Adds a data rule to a page (code unique within the tenant)',
        body: dataRuleCreateSchema,
        response: { 200: envelope(dataRuleSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body;
      const page = await assertPageMenu(request, db, auth.tenantId, body.menuId);
      const field = checkDataRule(request, page.code, body);
      await assertItemCodeFree(request, db, 'data', auth.tenantId, body.enCode);
      const row = await db
        .insertInto('sys_menu_data_rule')
        .values({ tenant_id: auth.tenantId, ...ruleColumns(body, field) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return envelopeOk(
        await getDataRule(db, auth.tenantId, String(row.id)),
        t(request.locale, 'common.saved'),
      );
    },
  );

  app.put(
    `${MenuApi.dataRule}/:id`,
    {
      preValidation: requirePerm(MenuPerm.menuEdit),
      schema: {
        tags,
        summary: 'Updates a data rule',
        params: idParamSchema,
        body: dataRuleCreateSchema,
        response: { 200: envelope(dataRuleSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const body = request.body;
      await getDataRule(db, auth.tenantId, id);
      const page = await assertPageMenu(request, db, auth.tenantId, body.menuId);
      const field = checkDataRule(request, page.code, body);
      await assertItemCodeFree(request, db, 'data', auth.tenantId, body.enCode, id);
      await db
        .updateTable('sys_menu_data_rule')
        .set(ruleColumns(body, field))
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      return envelopeOk(await getDataRule(db, auth.tenantId, id), t(request.locale, 'common.saved'));
    },
  );

  app.delete(
    `${MenuApi.dataRule}/:id`,
    {
      preValidation: requirePerm(MenuPerm.menuEdit),
      schema: {
        tags,
        summary: 'Deletes a data rule with every grant of it (one transaction)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      await getDataRule(db, auth.tenantId, id);
      await deletePageItem(db, 'data', auth.tenantId, id);
      return envelopeOk(null, t(request.locale, 'menu.deleted'));
    },
  );
};
