import { exportLinkQuerySchema, FlowEngineApi, FlowEnginePerm, flowVersionParamSchema } from '@srm/contracts';
import { requirePerm } from '../core/access';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { sendExport } from '../file/index';
import { versionBpmn } from './bpmn-service';

/** A released flow version as BPMN 2.0 (the flow list's versions dialog downloads it). */
export const flowBpmnRoutes: SignedInRoutes = async (app) => {
  app.get(
    `${FlowEngineApi.bpmn}/:id/:version`,
    {
      preValidation: requirePerm(FlowEnginePerm.export),
      schema: {
        tags: ['workflow'],
        summary:
          'A released version as a BPMN 2.0 file for Flowable, Camunda 8 and modelers (?link=true: a one-time link)',
        params: flowVersionParamSchema,
        querystring: exportLinkQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await versionBpmn(contextOf(request), request.params.id, request.params.version);
      return sendExport(request, reply, file, request.query.link === 'true');
    },
  );
};
