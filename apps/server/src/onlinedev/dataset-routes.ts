import {
  DatasetApi,
  DatasetPerm,
  datasetListQuerySchema,
  datasetPreviewSchema,
  datasetResultSchema,
  datasetRunSchema,
  datasetSaveSchema,
  datasetSchema,
  datasetSourceChoiceSchema,
  datasetSummarySchema,
  datasetTableSchema,
  datasetTablesQuerySchema,
  envelope,
  idParamSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  createDataset,
  datasetTables,
  deleteDataset,
  getDataset,
  listDatasets,
  previewDataset,
  runDataset,
  updateDataset,
} from './dataset-service';
import { datasetSources } from './dataset-source';

const tags = ['datasets'];
const D = DatasetApi.dataset;
const P = DatasetPerm;

export const datasetRoutes: SignedInRoutes = async (app) => {
  app.get(
    D,
    {
      preValidation: requirePerm(P.dataset),
      schema: {
        tags,
        summary: `The tenant's datasets (permission ${P.dataset})`,
        querystring: datasetListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(datasetSummarySchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listDatasets(contextOf(request), request.query) }),
  );

  app.get(
    `${D}/Tables`,
    {
      preValidation: requirePerm(P.dataset),
      schema: {
        tags,
        summary:
          "The tables a dataset reads, with columns: the tenant's data models and the product's srm_ tables, or with `sourceId` that data source's",
        querystring: datasetTablesQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(datasetTableSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await datasetTables(contextOf(request), request.query.sourceId) }),
  );

  app.get(
    `${D}/Sources`,
    {
      preValidation: requirePerm(P.dataset),
      schema: {
        tags,
        summary: 'The data sources a dataset may read (no connection details)',
        response: { 200: envelope(z.object({ list: z.array(datasetSourceChoiceSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await datasetSources(contextOf(request)) }),
  );

  app.post(
    `${D}/Actions/Preview`,
    {
      // Running a definition not saved yet is designing one: the add or the edit button.
      preValidation: requireAnyPerm(P.datasetAdd, P.datasetEdit),
      schema: {
        tags,
        summary:
          'Runs a definition as it stands (guarded, read-only, under the caller’s tenant and data rules) for its first rows',
        body: datasetPreviewSchema,
        response: { 200: envelope(datasetResultSchema) },
      },
    },
    async (request) =>
      envelopeOk(await previewDataset(contextOf(request), request.body.definition, request.body.params)),
  );

  app.get(
    `${D}/:id`,
    {
      preValidation: requirePerm(P.dataset),
      schema: {
        tags,
        summary: 'A dataset with its definition',
        params: idParamSchema,
        response: { 200: envelope(datasetSchema) },
      },
    },
    async (request) => envelopeOk(await getDataset(contextOf(request), request.params.id)),
  );

  app.post(
    `${D}/:id/Actions/Run`,
    {
      preValidation: requirePerm(P.dataset),
      schema: {
        tags,
        summary: 'Runs a saved dataset with parameter values (read-only, statement timeout, row cap)',
        params: idParamSchema,
        body: datasetRunSchema,
        response: { 200: envelope(datasetResultSchema) },
      },
    },
    async (request) =>
      envelopeOk(await runDataset(contextOf(request), request.params.id, request.body.params)),
  );

  app.post(
    D,
    {
      preValidation: requirePerm(P.datasetAdd),
      schema: {
        tags,
        summary: 'Creates a dataset; its definition is checked as running would check it',
        body: datasetSaveSchema,
        response: { 200: envelope(datasetSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createDataset(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${D}/:id`,
    {
      preValidation: requirePerm(P.datasetEdit),
      schema: {
        tags,
        summary: 'Saves a dataset',
        params: idParamSchema,
        body: datasetSaveSchema,
        response: { 200: envelope(datasetSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateDataset(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${D}/:id`,
    {
      preValidation: requirePerm(P.datasetDelete),
      schema: {
        tags,
        summary: 'Deletes a dataset',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDataset(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );
};
