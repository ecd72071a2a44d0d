import {
  DataSourceApi,
  DataSourcePerm,
  dataSourceListQuerySchema,
  dataSourceSaveSchema,
  dataSourceSchema,
  dataSourceTableSchema,
  dataSourceTestResultSchema,
  dataSourceTestSchema,
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
  createDataSource,
  dataSourceTables,
  deleteDataSource,
  getDataSource,
  listDataSources,
  testDataSource,
  updateDataSource,
} from './data-source-service';

const tags = ['data sources'];
const S = DataSourceApi.dataSource;
const P = DataSourcePerm;
const allowList = 'only a host:port on the platform’s allow-list (DATA_SOURCE_HOSTS) is reached';

export const dataSourceRoutes: SignedInRoutes = async (app) => {
  app.get(
    S,
    {
      preValidation: requirePerm(P.dataSource),
      schema: {
        tags,
        summary: `The tenant's data sources; a password is never answered, only whether one is kept (permission ${P.dataSource})`,
        querystring: dataSourceListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(dataSourceSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listDataSources(contextOf(request), request.query) }),
  );

  app.post(
    `${S}/Actions/Test`,
    {
      // Trying a connection is setting one up: the add or the edit button.
      preValidation: requireAnyPerm(P.dataSourceAdd, P.dataSourceEdit),
      schema: {
        tags,
        summary: `Connects as typed (with the kept password of \`id\` when none is typed) and answers the server's version; ${allowList}, within a timeout`,
        body: dataSourceTestSchema,
        response: { 200: envelope(dataSourceTestResultSchema) },
      },
    },
    async (request) => envelopeOk(await testDataSource(contextOf(request), request.body)),
  );

  app.get(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataSource),
      schema: {
        tags,
        summary: 'A data source (without its password)',
        params: idParamSchema,
        response: { 200: envelope(dataSourceSchema) },
      },
    },
    async (request) => envelopeOk(await getDataSource(contextOf(request), request.params.id)),
  );

  app.get(
    `${S}/:id/Tables`,
    {
      preValidation: requirePerm(P.dataSource),
      schema: {
        tags,
        summary: `The source's tables with their columns, read on a read-only session (${allowList})`,
        params: idParamSchema,
        response: { 200: envelope(z.object({ list: z.array(dataSourceTableSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await dataSourceTables(contextOf(request), request.params.id) }),
  );

  app.post(
    S,
    {
      preValidation: requirePerm(P.dataSourceAdd),
      schema: {
        tags,
        summary: `Creates a data source; its password is kept sealed (${allowList})`,
        body: dataSourceSaveSchema,
        response: { 200: envelope(dataSourceSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createDataSource(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataSourceEdit),
      schema: {
        tags,
        summary: 'Saves a data source; an empty password keeps the kept one',
        params: idParamSchema,
        body: dataSourceSaveSchema,
        response: { 200: envelope(dataSourceSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateDataSource(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataSourceDelete),
      schema: {
        tags,
        summary: 'Deletes a data source',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDataSource(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );
};
