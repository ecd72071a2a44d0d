import {
  envelope,
  MODEL_PAGE_OPTIONS_MAX,
  ModelPageApi,
  modelOptionsParamSchema,
  modelOptionsQuerySchema,
  modelPageConfigSchema,
  modelPageListSchema,
  modelPageParamSchema,
  modelRowBatchSchema,
  modelRowLaunchSchema,
  modelRowOptionSchema,
  modelRowParamSchema,
  modelRowSaveSchema,
  modelRowSchema,
  pageOf,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { pageConfig, pageFlow, pageOfRequest, requirePage } from './model-page';
import { modelPageExcelRoutes } from './model-page-excel-routes';
import {
  createModelRow,
  deleteModelRows,
  getModelRow,
  launchModelRow,
  listModelRows,
  referenceOptions,
  updateModelRow,
} from './model-rows';

const tags = ['model pages'];
const P = `${ModelPageApi.page}/:menuId`;
const who =
  'the caller holds the menu item’s code (a type-3 item of the tenant naming a published design; another tenant’s id is a 404)';

export const modelPageRoutes: SignedInRoutes = async (app) => {
  app.get(
    `${P}/Config`,
    {
      preValidation: requirePage(),
      schema: {
        tags,
        summary: `The page's published design as the caller may see it: form and list without the columns he may not see, the buttons he holds (${who})`,
        params: modelPageParamSchema,
        response: { 200: envelope(modelPageConfigSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      return envelopeOk(pageConfig(page, await pageFlow(ctx, page)));
    },
  );

  app.post(
    `${P}/List`,
    {
      preValidation: requirePage(),
      schema: {
        tags,
        summary: `The rows the caller may see (data rules of the menu item), by the designed query fields, sorted by a sortable column, paged (${who})`,
        params: modelPageParamSchema,
        body: modelPageListSchema,
        response: { 200: envelope(pageOf(modelRowSchema).extend({ totalCapped: z.boolean().optional() })) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      return envelopeOk(await listModelRows(ctx, page, request.body));
    },
  );

  app.post(
    `${P}/Rows`,
    {
      preValidation: requirePage('add'),
      schema: {
        tags,
        summary: `Adds a row: the data checked by the design's form and the model (button add; ${who})`,
        params: modelPageParamSchema,
        body: modelRowSaveSchema,
        response: { 200: envelope(modelRowSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      return envelopeOk(await createModelRow(ctx, page, request.body), t(request.locale, 'common.saved'));
    },
  );

  app.get(
    `${P}/Rows/:id`,
    {
      preValidation: requirePage('detail', 'edit'),
      schema: {
        tags,
        summary: `One row with its sub-tables' lines (button detail or edit; ${who})`,
        params: modelRowParamSchema,
        response: { 200: envelope(modelRowSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      return envelopeOk(await getModelRow(ctx, page, request.params.id));
    },
  );

  app.put(
    `${P}/Rows/:id`,
    {
      preValidation: requirePage('edit'),
      schema: {
        tags,
        summary: `Changes a row: fields whose column the caller may not see keep their values (button edit; ${who})`,
        params: modelRowParamSchema,
        body: modelRowSaveSchema,
        response: { 200: envelope(modelRowSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      return envelopeOk(
        await updateModelRow(ctx, page, request.params.id, request.body),
        t(request.locale, 'common.saved'),
      );
    },
  );

  app.delete(
    `${P}/Rows/:id`,
    {
      preValidation: requirePage('delete'),
      schema: {
        tags,
        summary: `Deletes a row with its lines; a tree row with children is a 409 (button delete; ${who})`,
        params: modelRowParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      await deleteModelRows(ctx, page, [request.params.id]);
      return envelopeOk(null, t(request.locale, 'dataModel.deleted'));
    },
  );

  app.post(
    `${P}/Rows/:id/Actions/LaunchFlow`,
    {
      preValidation: requirePage('launchFlow'),
      schema: {
        tags,
        summary: `Submits the row to the released flow bound to the design, with its stored data; a row in approval or approved is a 409, as is a design without a released flow (button launchFlow; ${who})`,
        params: modelRowParamSchema,
        response: { 200: envelope(modelRowLaunchSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      return envelopeOk(
        await launchModelRow(ctx, page, request.params.id),
        t(request.locale, 'modelPage.launched'),
      );
    },
  );

  app.post(
    `${P}/Actions/BatchDelete`,
    {
      preValidation: requirePage('batchDelete'),
      schema: {
        tags,
        summary: `Deletes the rows together, or none of them (button batchDelete; ${who})`,
        params: modelPageParamSchema,
        body: modelRowBatchSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      await deleteModelRows(ctx, page, request.body.ids);
      return envelopeOk(null, t(request.locale, 'dataModel.deleted'));
    },
  );

  app.get(
    `${P}/Options/:field`,
    {
      preValidation: requirePage(),
      schema: {
        tags,
        summary: `The rows a reference field of the page may name, by their label: those of ids, or the first ${MODEL_PAGE_OPTIONS_MAX} matching the keyword (${who})`,
        params: modelOptionsParamSchema,
        querystring: modelOptionsQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(modelRowOptionSchema) })) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      return envelopeOk({ list: await referenceOptions(ctx, page, request.params.field, request.query) });
    },
  );

  await app.register(modelPageExcelRoutes);
};
