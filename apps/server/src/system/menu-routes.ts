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
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  assertPageMenu,
  buildMenuTree,
  deletePageItem,
  findMenu,
  getDataRule,
  getMenuItem,
  listDataRules,
  listMenuItems,
  loadMenus,
} from './menu-service';
import {
  createMenu,
  deleteLeafMenu,
  saveDataRule,
  saveMenuItem,
  setMenuField,
  updateMenu,
} from './menu-write-service';

const tags = ['menus'];

export const menuRoutes: SignedInRoutes = async (app) => {
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
      const auth = request.auth;
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
      const auth = request.auth;
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
    async (request) =>
      envelopeOk(await createMenu(contextOf(request), request.body), t(request.locale, 'common.saved')),
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
    async (request) =>
      envelopeOk(
        await updateMenu(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
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
      await deleteLeafMenu(contextOf(request), request.params.id);
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
    async (request) =>
      envelopeOk(
        await setMenuField(contextOf(request), request.params.id, { enabled: request.body.enabled }),
        t(request.locale, 'menu.stateChanged'),
      ),
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
    async (request) =>
      envelopeOk(
        await setMenuField(contextOf(request), request.params.id, { order_num: request.body.orderNum }),
        t(request.locale, 'common.saved'),
      ),
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
        const auth = request.auth;
        const { menuId } = request.query;
        await assertPageMenu(contextOf(request), db, auth.tenantId, menuId);
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
      async (request) =>
        envelopeOk(
          await saveMenuItem(contextOf(request), kind, request.body),
          t(request.locale, 'common.saved'),
        ),
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
      async (request) =>
        envelopeOk(
          await saveMenuItem(contextOf(request), kind, request.body, request.params.id),
          t(request.locale, 'common.saved'),
        ),
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
        const auth = request.auth;
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
      const auth = request.auth;
      const { menuId } = request.query;
      await assertPageMenu(contextOf(request), db, auth.tenantId, menuId);
      return envelopeOk(await listDataRules(db, auth.tenantId, { menuId }));
    },
  );

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
    async (request) =>
      envelopeOk(await saveDataRule(contextOf(request), request.body), t(request.locale, 'common.saved')),
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
    async (request) =>
      envelopeOk(
        await saveDataRule(contextOf(request), request.body, request.params.id),
        t(request.locale, 'common.saved'),
      ),
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
      const auth = request.auth;
      const { id } = request.params;
      await getDataRule(db, auth.tenantId, id);
      await deletePageItem(db, 'data', auth.tenantId, id);
      return envelopeOk(null, t(request.locale, 'menu.deleted'));
    },
  );
};
