import {
  DictPageApi,
  type DictPageButton,
  dictItemSchema,
  dictPageConfigSchema,
  dictPageItemBodySchema,
  dictPageItemParamSchema,
  dictPageItemQuerySchema,
  dictPageItemsSchema,
  dictPageParamSchema,
  dictStateSchema,
  envelope,
  idSchema,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { permissionsOf } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import { forbidden } from '../../core/errors';
import { t } from '../../core/i18n';
import type { SignedInRequest, SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import * as page from './page-service';
import { writeThenPush } from './push';

const tags = ['dictionary'];
const ok = envelope(z.null());
const P = DictPageApi.page;

/** The page a request's guard found (menu, code, type), for its handler. */
const pages = new WeakMap<FastifyRequest, page.DictPage>();

/**
 * preValidation: the menu of the path must be a dictionary page of the tenant (404), the caller
 * must hold it (403) and, for a write, its button (403). A malformed menu id is left to the
 * params' validation (400).
 */
function requireDictPage(button?: DictPageButton) {
  return async function dictPageGuard(request: FastifyRequest): Promise<void> {
    const menuId = (request.params as { menuId?: unknown } | undefined)?.menuId;
    if (!idSchema.safeParse(menuId).success) return;
    const ctx = contextOf(request as SignedInRequest);
    const found = await page.findDictPage(ctx.db, ctx.tenantId, String(menuId));
    if (!page.mayUseDictPage(await permissionsOf(request), found, button)) throw forbidden();
    pages.set(request, found);
  };
}

/** The guard's page; a request the guard let through without one (never: its id was refused) is 403. */
function pageOf(request: FastifyRequest): page.DictPage {
  const found = pages.get(request);
  if (!found) throw forbidden();
  return found;
}

export const dictionaryPageRoutes: SignedInRoutes = async (app) => {
  const saved = (request: SignedInRequest) => t(request.locale, 'common.saved');

  app.get(
    `${P}/:menuId`,
    {
      preValidation: requireDictPage(),
      schema: {
        tags,
        summary: 'A dictionary page (menu type 4): its dictionary type and the buttons the user holds',
        params: dictPageParamSchema,
        response: { 200: envelope(dictPageConfigSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await page.dictPageConfig(contextOf(request), pageOf(request), await permissionsOf(request)),
      ),
  );
  app.get(
    `${P}/:menuId/Items`,
    {
      preValidation: requireDictPage(),
      schema: {
        tags,
        summary: "A dictionary page's items: a tree type's as a tree (keyword on names and code)",
        params: dictPageParamSchema,
        querystring: dictPageItemQuerySchema,
        response: { 200: envelope(dictPageItemsSchema) },
      },
    },
    async (request) =>
      envelopeOk(await page.dictPageItems(contextOf(request), pageOf(request), request.query.keyword)),
  );
  app.post(
    `${P}/:menuId/Items`,
    {
      preValidation: requireDictPage('add'),
      schema: {
        tags,
        summary: "Creates an item of the page's dictionary type",
        params: dictPageParamSchema,
        body: dictPageItemBodySchema,
        response: { 200: envelope(dictItemSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await writeThenPush(request, (c) => page.createPageItem(c, pageOf(request), request.body)),
        saved(request),
      ),
  );
  app.put(
    `${P}/:menuId/Items/:id`,
    {
      preValidation: requireDictPage('edit'),
      schema: {
        tags,
        summary: "Edits an item of the page's type (its code is fixed while records use it)",
        params: dictPageItemParamSchema,
        body: dictPageItemBodySchema,
        response: { 200: envelope(dictItemSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await writeThenPush(request, (c) =>
          page.updatePageItem(c, pageOf(request), request.params.id, request.body),
        ),
        saved(request),
      ),
  );
  app.put(
    `${P}/:menuId/Items/:id/Actions/State`,
    {
      preValidation: requireDictPage('edit'),
      schema: {
        tags,
        summary: "Enables or disables an item of the page's type",
        params: dictPageItemParamSchema,
        body: dictStateSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await writeThenPush(request, (c) =>
        page.setPageItemState(c, pageOf(request), request.params.id, request.body.enabled),
      );
      return envelopeOk(null, saved(request));
    },
  );
  app.delete(
    `${P}/:menuId/Items/:id`,
    {
      preValidation: requireDictPage('delete'),
      schema: {
        tags,
        summary: "Deletes an item of the page's type (409 while it has children or a record uses its code)",
        params: dictPageItemParamSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await writeThenPush(request, (c) => page.deletePageItem(c, pageOf(request), request.params.id));
      return envelopeOk(null);
    },
  );
};
