import {
  envelope,
  FlowAdminPerm,
  FlowEngineApi,
  FlowEnginePerm,
  FlowTaskPerm,
  flowCodeParamSchema,
  flowDefinitionDetailSchema,
  flowDefinitionListQuerySchema,
  flowDefinitionSaveSchema,
  flowDefinitionSummarySchema,
  flowDefinitionUpdateSchema,
  flowExportSchema,
  flowFieldOptionsSchema,
  flowFormFieldsSchema,
  flowIdParamSchema,
  flowSelectorQuerySchema,
  pageOf,
} from '@srm/contracts';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk, page } from '../core/envelope';
import type { SignedInRequest, SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { isSupplierUser } from '../core/user-reach';
import {
  allDefinitions,
  copyDefinition,
  createDefinition,
  deleteDefinition,
  exportDefinition,
  type FlowContext,
  getDefinition,
  importDefinition,
  listDefinitions,
  releaseDefinition,
  stopDefinition,
  updateDefinition,
} from './definition-service';
import { fieldDataSelect, formDataFields } from './form-fields';

const tags = ['workflow'];
const P = FlowEnginePerm;
const idData = envelope(z.object({ id: z.string() }));
const none = envelope(z.null());

export const flowDefinitionRoutes: SignedInRoutes = async (app) => {
  const ctx = (request: SignedInRequest): FlowContext => contextOf(request);

  app.get(
    FlowEngineApi.list,
    {
      preValidation: requirePerm(P.flowEngine),
      schema: {
        tags,
        summary: 'Flow definitions, paged (keyword on name and code, category)',
        querystring: flowDefinitionListQuerySchema,
        response: { 200: envelope(pageOf(flowDefinitionSummarySchema)) },
      },
    },
    async (request) => {
      const { list, total } = await listDefinitions(ctx(request), request.query);
      return envelopeOk(page(list, request.query.currentPage, request.query.pageSize, total));
    },
  );

  app.get(
    `${FlowEngineApi.info}/:id`,
    {
      preValidation: requirePerm(P.flowEngine),
      schema: {
        tags,
        summary: 'A flow definition with its draft tree and released versions',
        params: flowIdParamSchema,
        response: { 200: envelope(flowDefinitionDetailSchema) },
      },
    },
    async (request) => envelopeOk(await getDefinition(ctx(request), { id: request.params.id })),
  );

  app.get(
    `${FlowEngineApi.base}/:id/${FlowEngineApi.formDataFields}`,
    {
      preValidation: requirePerm(P.flowEngine),
      schema: {
        tags,
        summary: "The fields of a flow's form (conditions, node field rights), labels in three languages",
        params: flowIdParamSchema,
        response: { 200: envelope(flowFormFieldsSchema) },
      },
    },
    async (request) => envelopeOk(await formDataFields(ctx(request), request.params.id)),
  );

  app.get(
    `${FlowEngineApi.base}/:id/${FlowEngineApi.fieldDataSelect}`,
    {
      preValidation: requirePerm(P.flowEngine),
      schema: {
        tags,
        summary: "The options of a flow form's choice fields (fixed, or the tenant's dictionary items)",
        params: flowIdParamSchema,
        response: { 200: envelope(flowFieldOptionsSchema) },
      },
    },
    async (request) => envelopeOk(await fieldDataSelect(ctx(request), request.params.id)),
  );

  app.get(
    `${FlowEngineApi.infoByCode}/:code`,
    {
      preValidation: requirePerm(P.flowEngine),
      schema: {
        tags,
        summary: 'A flow definition by its code',
        params: flowCodeParamSchema,
        response: { 200: envelope(flowDefinitionDetailSchema) },
      },
    },
    async (request) => envelopeOk(await getDefinition(ctx(request), { code: request.params.code })),
  );

  app.post(
    FlowEngineApi.save,
    {
      preValidation: requirePerm(P.add),
      schema: {
        tags,
        summary: 'Create a flow definition (a draft until released)',
        body: flowDefinitionSaveSchema,
        response: { 200: idData },
      },
    },
    async (request) => envelopeOk({ id: await createDefinition(ctx(request), request.body) }),
  );

  app.post(
    FlowEngineApi.update,
    {
      preValidation: requirePerm(P.edit),
      schema: {
        tags,
        summary: 'Save the draft of a flow definition (released tasks keep their version)',
        body: flowDefinitionUpdateSchema,
        response: { 200: none },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      await updateDefinition(ctx(request), id, input);
      return envelopeOk(null);
    },
  );

  app.get(
    `${FlowEngineApi.delete}/:id`,
    {
      preValidation: requirePerm(P.delete),
      schema: {
        tags,
        summary: 'Delete a flow definition (refused while tasks use it)',
        params: flowIdParamSchema,
        response: { 200: none },
      },
    },
    async (request) => {
      await deleteDefinition(ctx(request), request.params.id);
      return envelopeOk(null);
    },
  );

  app.post(
    `${FlowEngineApi.base}/:id/Actions/Copy`,
    {
      preValidation: requirePerm(P.add),
      schema: {
        tags,
        summary: 'Copy a flow definition as a new draft (new code, new node ids)',
        params: flowIdParamSchema,
        response: { 200: idData },
      },
    },
    async (request) => envelopeOk({ id: await copyDefinition(ctx(request), request.params.id) }),
  );

  app.get(
    `${FlowEngineApi.base}/:id/Actions/ExportData`,
    {
      preValidation: requirePerm(P.export),
      schema: {
        tags,
        summary: 'A flow definition as a JSON document that import takes back',
        params: flowIdParamSchema,
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => envelopeOk(await exportDefinition(ctx(request), request.params.id)),
  );

  app.post(
    FlowEngineApi.import,
    {
      preValidation: requirePerm(P.import),
      schema: {
        tags,
        summary: 'Import an exported flow definition as a new draft (its tree checked like a release)',
        body: flowExportSchema,
        response: { 200: idData },
      },
    },
    async (request) => envelopeOk({ id: await importDefinition(ctx(request), request.body) }),
  );

  app.post(
    `${FlowEngineApi.release}/:id`,
    {
      preValidation: requirePerm(P.release),
      schema: {
        tags,
        summary: 'Validate the tree and freeze it as the next numbered version',
        params: flowIdParamSchema,
        response: { 200: envelope(z.object({ version: z.number().int() })) },
      },
    },
    async (request) => envelopeOk({ version: await releaseDefinition(ctx(request), request.params.id) }),
  );

  app.post(
    `${FlowEngineApi.stop}/:id`,
    {
      preValidation: requirePerm(P.stop),
      schema: {
        tags,
        summary: 'Stop new launches; running tasks finish on their version',
        params: flowIdParamSchema,
        response: { 200: none },
      },
    },
    async (request) => {
      await stopDefinition(ctx(request), request.params.id);
      return envelopeOk(null);
    },
  );

  app.get(
    FlowEngineApi.listAll,
    {
      preValidation: requirePerm(P.flowEngine),
      schema: {
        tags,
        summary: 'Every flow definition of the tenant',
        response: { 200: envelope(z.array(flowDefinitionSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await allDefinitions(ctx(request))),
  );

  app.get(
    FlowEngineApi.selector,
    {
      // The task lists, the entrust screen and the monitor filter by flow too.
      preValidation: requireAnyPerm(
        P.flowEngine,
        ...Object.values(FlowTaskPerm),
        ...Object.values(FlowAdminPerm),
      ),
      schema: {
        tags,
        summary:
          'Released flow definitions for pickers (the designer, the task lists’ flow filter), of one category (type) or all',
        querystring: flowSelectorQuerySchema,
        response: { 200: envelope(z.array(flowDefinitionSummarySchema)) },
      },
    },
    async (request) =>
      envelopeOk(
        await allDefinitions(ctx(request), {
          releasedOnly: true,
          category: request.query.type,
          // A supplier's user never sees a flow that is not opened to suppliers.
          suppliersOnly: isSupplierUser(request.auth),
        }),
      ),
  );
};
