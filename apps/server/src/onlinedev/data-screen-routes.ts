import {
  DataScreenApi,
  DataScreenPerm,
  dataScreenListQuerySchema,
  dataScreenMapParamSchema,
  dataScreenOpenedSchema,
  dataScreenOpenSchema,
  dataScreenSaveSchema,
  dataScreenSchema,
  dataScreenSourcesSchema,
  dataScreenSummarySchema,
  dataScreenViewSchema,
  dataScreenViewTokenSchema,
  dataScreenWidgetParamSchema,
  envelope,
  idParamSchema,
  MenuPerm,
  menuSchema,
  portalPublishSchema,
  portalWidgetRowsSchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  createDataScreen,
  dataScreenSources,
  deleteDataScreen,
  getDataScreen,
  listDataScreens,
  publishDataScreen,
  updateDataScreen,
} from './data-screen-service';
import {
  dataScreenMapOf,
  dataScreenViewOf,
  dataScreenWidgetRows,
  issueViewToken,
  openDataScreen,
} from './data-screen-view';

const tags = ['data screens'];
const R = DataScreenApi.screen;
const V = DataScreenApi.view;
const P = DataScreenPerm;
const viewer =
  'no session: the viewer token of `Actions/Open` as `Authorization: Bearer …` (unknown or expired: 401; another screen’s: 404)';

/** The designer's routes and the signed-in request for a view token. */
export const dataScreenRoutes: SignedInRoutes = async (app) => {
  app.get(
    R,
    {
      preValidation: requirePerm(P.screen),
      schema: {
        tags,
        summary: `The tenant's data screens with the menu items that open them (permission ${P.screen})`,
        querystring: dataScreenListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(dataScreenSummarySchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listDataScreens(contextOf(request), request.query) }),
  );

  app.get(
    `${R}/Sources`,
    {
      preValidation: requirePerm(P.screen),
      schema: {
        tags,
        summary: 'The datasets a widget may read, with their parameters and columns',
        response: { 200: envelope(dataScreenSourcesSchema) },
      },
    },
    async (request) => envelopeOk(await dataScreenSources(contextOf(request))),
  );

  app.get(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.screen),
      schema: {
        tags,
        summary: 'A data screen with its canvas and widgets',
        params: idParamSchema,
        response: { 200: envelope(dataScreenSchema) },
      },
    },
    async (request) => envelopeOk(await getDataScreen(contextOf(request), request.params.id)),
  );

  app.post(
    R,
    {
      preValidation: requirePerm(P.screenAdd),
      schema: {
        tags,
        summary: 'Creates a data screen (the datasets it names are the tenant’s)',
        body: dataScreenSaveSchema,
        response: { 200: envelope(dataScreenSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createDataScreen(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.screenEdit),
      schema: {
        tags,
        summary: 'Saves a data screen',
        params: idParamSchema,
        body: dataScreenSaveSchema,
        response: { 200: envelope(dataScreenSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateDataScreen(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.screenDelete),
      schema: {
        tags,
        summary: 'Deletes a data screen and its view tokens (409 while menu items open it)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDataScreen(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );

  app.post(
    `${R}/:id/Actions/Publish`,
    {
      preValidation: async (request) => {
        // Publishing is editing the screen and adding a menu item: both permissions.
        await requirePerm(P.screenEdit)(request);
        await requirePerm(MenuPerm.menuAdd)(request);
      },
      schema: {
        tags,
        summary: `A menu item of type 6 opening the screen's viewer, named as it, under a web directory (permissions ${P.screenEdit} and ${MenuPerm.menuAdd})`,
        params: idParamSchema,
        body: portalPublishSchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await publishDataScreen(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.post(
    `${V}/:id/Actions/ViewToken`,
    {
      schema: {
        tags,
        summary:
          'A view token for the viewer’s address: random, bound to the caller, his tenant and the screen, good once within 5 minutes, never a session (the administrator, the designer’s holders and those of a type-6 menu item naming it; else 404)',
        params: idParamSchema,
        response: { 200: envelope(dataScreenViewTokenSchema) },
      },
    },
    async (request) => envelopeOk(await issueViewToken(contextOf(request), request.params.id)),
  );
};

/** The viewer's routes: no session, the screen's own tokens. */
export const dataScreenViewerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${V}/:id/Actions/Open`,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary:
          'Spends a view token (no session) for a viewer token of 12 hours that reads this screen only, and the screen (unknown or expired: 401; another screen’s: 404)',
        params: idParamSchema,
        body: dataScreenOpenSchema,
        response: { 200: envelope(dataScreenOpenedSchema) },
      },
    },
    async (request) => envelopeOk(await openDataScreen(request, request.params.id, request.body.token)),
  );

  app.get(
    `${V}/:id`,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: `A data screen as its viewer draws it (${viewer})`,
        params: idParamSchema,
        response: { 200: envelope(dataScreenViewSchema) },
      },
    },
    async (request) => envelopeOk(await dataScreenViewOf(request, request.params.id)),
  );

  app.get(
    `${V}/:id/Maps/:mapId`,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: `The regions of a map one of the screen's charts draws, as GeoJSON (${viewer})`,
        params: dataScreenMapParamSchema,
        response: {
          200: envelope(z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })),
        },
      },
    },
    async (request) => envelopeOk(await dataScreenMapOf(request, request.params.id, request.params.mapId)),
  );

  app.get(
    `${V}/:id/Widgets/:widgetId/Data`,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: `The rows of a dataset widget, run as the user the token was given to: his tenant and data rules, the row cap, no statement (${viewer})`,
        params: dataScreenWidgetParamSchema,
        response: { 200: envelope(portalWidgetRowsSchema) },
      },
    },
    async (request) =>
      envelopeOk(await dataScreenWidgetRows(request, request.params.id, request.params.widgetId)),
  );
};
