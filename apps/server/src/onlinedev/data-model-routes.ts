import {
  DataModelApi,
  DataModelPerm,
  dataModelDefinitionSchema,
  dataModelListQuerySchema,
  dataModelSchema,
  dataModelSummarySchema,
  dataModelUpdateSchema,
  dataModelVersionSchema,
  envelope,
  idParamSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  createDataModel,
  deleteDataModel,
  getDataModel,
  listDataModels,
  listDataModelVersions,
  updateDataModel,
} from './data-model-service';

const tags = ['data models'];
const M = DataModelApi.dataModel;

export const dataModelRoutes: SignedInRoutes = async (app) => {
  app.get(
    M,
    {
      preValidation: requirePerm(DataModelPerm.dataModel),
      schema: {
        tags,
        summary: `The tenant's data models (permission ${DataModelPerm.dataModel})`,
        querystring: dataModelListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(dataModelSummarySchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listDataModels(contextOf(request), request.query) }),
  );

  app.get(
    `${M}/:id`,
    {
      preValidation: requirePerm(DataModelPerm.dataModel),
      schema: {
        tags,
        summary: 'A model at its current version',
        params: idParamSchema,
        response: { 200: envelope(dataModelSchema) },
      },
    },
    async (request) => envelopeOk(await getDataModel(contextOf(request), request.params.id)),
  );

  app.get(
    `${M}/:id/Versions`,
    {
      preValidation: requirePerm(DataModelPerm.dataModel),
      schema: {
        tags,
        summary: 'Every version of a model, newest first, with who, when and the statements applied',
        params: idParamSchema,
        response: { 200: envelope(z.object({ list: z.array(dataModelVersionSchema) })) },
      },
    },
    async (request) =>
      envelopeOk({ list: await listDataModelVersions(contextOf(request), request.params.id) }),
  );

  app.post(
    M,
    {
      preValidation: requirePerm(DataModelPerm.dataModelAdd),
      schema: {
        tags,
        summary: 'Creates a model and its table (version 1)',
        body: dataModelDefinitionSchema,
        response: { 200: envelope(dataModelSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createDataModel(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${M}/:id`,
    {
      preValidation: requirePerm(DataModelPerm.dataModelEdit),
      schema: {
        tags,
        summary:
          'A new version: applied at once, or 409 with data.losses (rows holding values per field) until confirm is true',
        params: idParamSchema,
        body: dataModelUpdateSchema,
        response: { 200: envelope(dataModelSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateDataModel(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${M}/:id`,
    {
      preValidation: requirePerm(DataModelPerm.dataModelDelete),
      schema: {
        tags,
        summary: 'Deletes a model and drops its table; 409 while another model references it',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDataModel(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'dataModel.deleted'));
    },
  );
};
