import {
  DataModelPerm,
  DataSyncApi,
  DataSyncPerm,
  dataSyncDiffSchema,
  dataSyncDryRunSchema,
  dataSyncExecuteSchema,
  dataSyncListQuerySchema,
  dataSyncProposalSchema,
  dataSyncProposeSchema,
  dataSyncRunSchema,
  dataSyncRunsQuerySchema,
  dataSyncSaveSchema,
  dataSyncSchema,
  envelope,
  idParamSchema,
  pageOf,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  createDataSync,
  deleteDataSync,
  dryRunDataSync,
  executeDataSync,
  getDataSync,
  listDataSyncRuns,
  listDataSyncs,
  proposeModel,
  updateDataSync,
} from './data-sync-service';

const tags = ['data sync'];
const S = DataSyncApi.dataSync;
const P = DataSyncPerm;
type Body = Parameters<typeof createDataSync>[1];

export const dataSyncRoutes: SignedInRoutes = async (app) => {
  app.get(
    S,
    {
      preValidation: requirePerm(P.dataSync),
      schema: {
        tags,
        summary: `The tenant's data syncs with their last run (permission ${P.dataSync})`,
        querystring: dataSyncListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(dataSyncSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listDataSyncs(contextOf(request), request.query) }),
  );

  app.post(
    `${S}/Actions/ProposeModel`,
    {
      // Taking a table in makes a model: the model's add button.
      preValidation: requirePerm(DataModelPerm.dataModelAdd),
      schema: {
        tags,
        summary:
          "A data source's table as a model to take in: fields from its columns (unsupported types listed with the reason), its primary key and a watermark proposed",
        body: dataSyncProposeSchema,
        response: { 200: envelope(dataSyncProposalSchema) },
      },
    },
    async (request) => envelopeOk(await proposeModel(contextOf(request), request.body)),
  );

  app.get(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataSync),
      schema: {
        tags,
        summary: 'A data sync',
        params: idParamSchema,
        response: { 200: envelope(dataSyncSchema) },
      },
    },
    async (request) => envelopeOk(await getDataSync(contextOf(request), request.params.id)),
  );

  app.get(
    `${S}/:id/Runs`,
    {
      preValidation: requirePerm(P.dataSync),
      schema: {
        tags,
        summary: "A sync's run log, newest first (the last 200 runs are kept)",
        params: idParamSchema,
        querystring: dataSyncRunsQuerySchema,
        response: { 200: envelope(pageOf(dataSyncRunSchema)) },
      },
    },
    async (request) =>
      envelopeOk(await listDataSyncRuns(contextOf(request), request.params.id, request.query)),
  );

  app.post(
    S,
    {
      preValidation: requirePerm(P.dataSyncAdd),
      schema: {
        tags,
        summary: 'Creates a data sync, its mapping checked against the source and the model as they are',
        body: dataSyncSaveSchema,
        response: { 200: envelope(dataSyncSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await createDataSync(contextOf(request), request.body as Body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.put(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataSyncEdit),
      schema: {
        tags,
        summary: 'Saves a data sync; a change of what is read forgets the kept watermark',
        params: idParamSchema,
        body: dataSyncSaveSchema,
        response: { 200: envelope(dataSyncSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateDataSync(contextOf(request), request.params.id, request.body as Body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.dataSyncDelete),
      schema: {
        tags,
        summary: 'Deletes a data sync, its schedule and its run log (the model and its rows stay)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDataSync(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );

  app.post(
    `${S}/:id/Actions/Execute`,
    {
      preValidation: requirePerm(P.dataSyncExecute),
      schema: {
        tags,
        summary:
          'Runs the sync now (a job, retried per its policy) and answers the run; while a run of it is queued or running, that run',
        params: idParamSchema,
        body: dataSyncExecuteSchema.optional(),
        response: { 200: envelope(z.object({ runId: z.string(), queued: z.boolean() })) },
      },
    },
    async (request) =>
      envelopeOk(
        await executeDataSync(contextOf(request), request.params.id, request.body ?? {}),
        t(request.locale, 'dataSync.queued'),
      ),
  );

  app.post(
    `${S}/:id/Actions/DryRun`,
    {
      preValidation: requirePerm(P.dataSyncExecute),
      schema: {
        tags,
        summary:
          'Reads the source and compares it with the model as a run would, writing nothing: the counts and a sample of the rows to insert and update',
        params: idParamSchema,
        body: dataSyncDryRunSchema.optional(),
        response: { 200: envelope(dataSyncDiffSchema) },
      },
    },
    async (request) =>
      envelopeOk(await dryRunDataSync(contextOf(request), request.params.id, request.body ?? {})),
  );
};
