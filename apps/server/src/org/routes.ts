import {
  API,
  envelope,
  subCompanyNodeSchema,
  subCompanyRefSchema,
  switchCompanyBodySchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { notFound } from '../core/errors';
import { t } from '../core/i18n';
import { companyTree, flattenTree, loadDepts } from './service';

export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/api/sys/dept/subCompany/:id',
    {
      schema: {
        tags: ['organisation'],
        summary: 'Companies of the tree that contains the user department (id 0: the whole tree)',
        params: z.object({ id: z.string().regex(/^\d{1,19}$/) }),
        response: { 200: envelope(z.array(subCompanyNodeSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const depts = await loadDepts(db, auth.tenantId);
      const tree = companyTree(depts, auth.deptId);
      if (request.params.id === '0') return envelopeOk(tree);
      const node = flattenTree(tree).find((n) => n.id === request.params.id);
      if (!node) throw notFound();
      return envelopeOk(node.children ?? []);
    },
  );

  app.post(
    API.switchCompany,
    {
      schema: {
        tags: ['organisation'],
        summary: 'Acts within another company of the tree; stored on the session',
        body: switchCompanyBodySchema,
        response: { 200: envelope(subCompanyRefSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const depts = await loadDepts(db, auth.tenantId);
      const node = flattenTree(companyTree(depts, auth.deptId)).find((n) => n.id === request.body.companyId);
      if (!node) throw notFound();
      await db
        .updateTable('sys_session')
        .set({ company_id: node.id })
        .where('id', '=', auth.sessionId)
        .where('tenant_id', '=', auth.tenantId)
        .execute();
      return envelopeOk({ id: node.id, deptName: node.deptName }, t(request.locale, 'org.switchOk'));
    },
  );
};
