import {
  DataInterfaceApi,
  DataInterfacePerm,
  dataInterfaceListQuerySchema,
  dataInterfaceOptionsSchema,
  dataInterfaceQuerySchema,
  dataInterfaceSaveSchema,
  dataInterfaceSchema,
  dataInterfaceSummarySchema,
  dataInterfaceTestResultSchema,
  dataInterfaceTestSchema,
  envelope,
  idParamSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { answerStored } from '../core/stored-answer';
import {
  createDataInterface,
  dataInterfaceOptions,
  deleteDataInterface,
  getDataInterface,
  interfaceResponse,
  interfacesOpenApi,
  keptResponse,
  listDataInterfaces,
  testDataInterface,
  updateDataInterface,
} from './data-interface-service';

const tags = ['data interfaces'];
const S = DataInterfaceApi.dataInterface;
const P = DataInterfacePerm;
const allowList =
  'an HTTP interface calls only a host:port on the platform’s allow-list (DATA_INTERFACE_HOSTS)';

export const dataInterfaceRoutes: SignedInRoutes = async (app) => {
  app.get(
    S,
    {
      preValidation: requirePerm(P.dataInterface),
      schema: {
        tags,
        summary: `The tenant's data interfaces (permission ${P.dataInterface})`,
        querystring: dataInterfaceListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(dataInterfaceSummarySchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listDataInterfaces(contextOf(request), request.query) }),
  );

  app.get(
    `${S}/Options`,
    {
      preValidation: requireAnyPerm(P.dataInterfaceAdd, P.dataInterfaceEdit),
      schema: {
        tags,
        summary: 'What the editor picks from: the datasets with their parameters, and the enabled roles',
        response: { 200: envelope(dataInterfaceOptionsSchema) },
      },
    },
    async (request) => envelopeOk(await dataInterfaceOptions(contextOf(request))),
  );

  app.get(
    `${S}/OpenApi`,
    {
      preValidation: requirePerm(P.dataInterface),
      schema: {
        tags,
        summary:
          'An OpenAPI 3.1 document of the enabled interfaces: one path each, with its query parameters',
        response: {
          200: z.object({
            openapi: z.string(),
            info: z.object({ title: z.string(), version: z.string() }),
            components: z.record(z.string(), z.unknown()),
            security: z.array(z.unknown()),
            paths: z.record(z.string(), z.unknown()),
          }),
        },
      },
    },
    async (request) => interfacesOpenApi(contextOf(request)),
  );

  app.get(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataInterface),
      schema: {
        tags,
        summary: 'A data interface; an HTTP header’s value is never answered, only whether one is kept',
        params: idParamSchema,
        response: { 200: envelope(dataInterfaceSchema) },
      },
    },
    async (request) => envelopeOk(await getDataInterface(contextOf(request), request.params.id)),
  );

  app.post(
    S,
    {
      preValidation: requirePerm(P.dataInterfaceAdd),
      schema: {
        tags,
        summary: `Creates a data interface; its dataset and roles must be the tenant's, ${allowList}`,
        body: dataInterfaceSaveSchema,
        response: { 200: envelope(dataInterfaceSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await createDataInterface(contextOf(request), request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.put(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataInterfaceEdit),
      schema: {
        tags,
        summary: 'Saves a data interface; a header left empty keeps its kept value',
        params: idParamSchema,
        body: dataInterfaceSaveSchema,
        response: { 200: envelope(dataInterfaceSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateDataInterface(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataInterfaceDelete),
      schema: {
        tags,
        summary: 'Deletes a data interface',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDataInterface(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );

  app.post(
    `${S}/:id/Actions/Test`,
    {
      // Trying an interface is setting one up: the add or the edit button. It writes nothing.
      preValidation: requireAnyPerm(P.dataInterfaceAdd, P.dataInterfaceEdit),
      config: { readOnly: true },
      schema: {
        tags,
        summary: `The test console: the saved interface run for the caller with these query parameters (uncached, uncounted); a service's failure answers 400 with the reason (${allowList})`,
        params: idParamSchema,
        body: dataInterfaceTestSchema,
        response: { 200: envelope(dataInterfaceTestResultSchema) },
      },
    },
    async (request) =>
      envelopeOk(await testDataInterface(contextOf(request), request.params.id, request.body.params)),
  );

  app.get(
    `${S}/:id/Actions/Response`,
    {
      // The interface's roles decide who calls it, not a menu code (the service answers 403).
      schema: {
        tags,
        summary:
          'The interface’s answer in `data`, for callers holding one of its roles (the administrator always); rate limited per user (429 with Retry-After), cached for its cacheSeconds',
        params: idParamSchema,
        querystring: dataInterfaceQuerySchema,
        response: { 200: envelope(z.unknown()) },
      },
    },
    (request, reply) => {
      const ctx = contextOf(request);
      const { params, query } = request;
      // A rate limit's 429 carries its Retry-After through the shared error path (core/http.ts).
      return answerStored(request, reply, keptResponse(ctx, params.id, query), () =>
        interfaceResponse(ctx, params.id, query),
      );
    },
  );
};
