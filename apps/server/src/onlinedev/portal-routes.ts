import {
  envelope,
  idParamSchema,
  MenuPerm,
  menuSchema,
  PortalApi,
  PortalPerm,
  portalHomeChoiceSchema,
  portalHomeSchema,
  portalHomesSchema,
  portalListQuerySchema,
  portalPublishSchema,
  portalSaveSchema,
  portalSchema,
  portalSourcesSchema,
  portalSummarySchema,
  portalViewSchema,
  portalWidgetParamSchema,
  portalWidgetRowsSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  createPortal,
  deletePortal,
  getPortal,
  getPortalHomes,
  listPortals,
  portalSources,
  publishPortal,
  setPortalHomes,
  updatePortal,
} from './portal-service';
import { choosePortalHome, portalHome, portalView, portalWidgetRows } from './portal-view';

const tags = ['portals'];
const R = PortalApi.portal;
const P = PortalPerm;
const reader =
  'the caller holds the code of an enabled type-8 menu item naming it, or it is his role’s home page (the administrator: every portal); else 404';

export const portalRoutes: SignedInRoutes = async (app) => {
  app.get(
    R,
    {
      preValidation: requirePerm(P.portal),
      schema: {
        tags,
        summary: `The tenant's portals with the menu items that open them and the roles whose home they are (permission ${P.portal})`,
        querystring: portalListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(portalSummarySchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listPortals(contextOf(request), request.query) }),
  );

  app.get(
    `${R}/Sources`,
    {
      preValidation: requirePerm(P.portal),
      schema: {
        tags,
        summary:
          'What a widget may read or link to: the datasets with parameters and columns, the web menu items',
        response: { 200: envelope(portalSourcesSchema) },
      },
    },
    async (request) => envelopeOk(await portalSources(contextOf(request))),
  );

  app.get(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.portal),
      schema: {
        tags,
        summary: 'A portal with its widgets',
        params: idParamSchema,
        response: { 200: envelope(portalSchema) },
      },
    },
    async (request) => envelopeOk(await getPortal(contextOf(request), request.params.id)),
  );

  app.post(
    R,
    {
      preValidation: requirePerm(P.portalAdd),
      schema: {
        tags,
        summary: 'Creates a portal (datasets and menu items it names are the tenant’s; text is sanitised)',
        body: portalSaveSchema,
        response: { 200: envelope(portalSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createPortal(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.portalEdit),
      schema: {
        tags,
        summary: 'Saves a portal',
        params: idParamSchema,
        body: portalSaveSchema,
        response: { 200: envelope(portalSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updatePortal(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.portalDelete),
      schema: {
        tags,
        summary: 'Deletes a portal and its being a home page (409 while menu items open it)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deletePortal(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );

  app.post(
    `${R}/:id/Actions/Publish`,
    {
      preValidation: async (request) => {
        // Publishing is editing the portal and adding a menu item: both permissions.
        await requirePerm(P.portalEdit)(request);
        await requirePerm(MenuPerm.menuAdd)(request);
      },
      schema: {
        tags,
        summary: `A menu item of type 8 opening the portal, named as it, under a web directory (permissions ${P.portalEdit} and ${MenuPerm.menuAdd})`,
        params: idParamSchema,
        body: portalPublishSchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await publishPortal(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.get(
    `${R}/:id/Homes`,
    {
      preValidation: requirePerm(P.portal),
      schema: {
        tags,
        summary: 'The roles whose home page the portal is',
        params: idParamSchema,
        response: { 200: envelope(portalHomesSchema) },
      },
    },
    async (request) => envelopeOk(await getPortalHomes(contextOf(request), request.params.id)),
  );

  app.put(
    `${R}/:id/Homes`,
    {
      preValidation: requirePerm(P.portalEdit),
      schema: {
        tags,
        summary:
          'Makes the portal the home page of exactly these roles (a role has one home; another tenant’s role is a 404)',
        params: idParamSchema,
        body: portalHomesSchema,
        response: { 200: envelope(portalHomesSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await setPortalHomes(contextOf(request), request.params.id, request.body.roleIds),
        t(request.locale, 'common.saved'),
      ),
  );

  app.get(
    `${PortalApi.view}/:id`,
    {
      schema: {
        tags,
        summary: `A portal as its reader gets it: widgets (shortcuts only to his menu items), the tables each dataset widget reads (${reader})`,
        params: idParamSchema,
        response: { 200: envelope(portalViewSchema) },
      },
    },
    async (request) => envelopeOk(await portalView(contextOf(request), request.params.id)),
  );

  app.get(
    `${PortalApi.view}/:id/Widgets/:widgetId/Data`,
    {
      schema: {
        tags,
        summary: `The rows of a dataset widget, run as the reader: his tenant and data rules, the row cap, no statement (${reader})`,
        params: portalWidgetParamSchema,
        response: { 200: envelope(portalWidgetRowsSchema) },
      },
    },
    async (request) =>
      envelopeOk(await portalWidgetRows(contextOf(request), request.params.id, request.params.widgetId)),
  );

  app.get(
    PortalApi.home,
    {
      schema: {
        tags,
        summary:
          "The current user's home page: the portal it shows (his choice, else his role's) and those he may choose",
        response: { 200: envelope(portalHomeSchema) },
      },
    },
    async (request) => envelopeOk(await portalHome(contextOf(request))),
  );

  app.put(
    PortalApi.home,
    {
      schema: {
        tags,
        summary:
          "The current user's own choice of home page among those he may open (null: his role's or the product's)",
        body: portalHomeChoiceSchema,
        response: { 200: envelope(portalHomeSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await choosePortalHome(contextOf(request), request.body.portalId),
        t(request.locale, 'common.saved'),
      ),
  );
};
