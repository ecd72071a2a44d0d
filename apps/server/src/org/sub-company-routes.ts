import { envelope, subCompanyNodeSchema } from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { notFound } from '../core/errors';
import type { SignedInRoutes } from '../core/scope';
import { companyTree, flattenTree, loadDepts } from './org-tree';

export const orgRoutes: SignedInRoutes = async (app) => {
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
      const auth = request.auth;
      const depts = await loadDepts(db, auth.tenantId);
      const tree = companyTree(depts, auth.deptId);
      if (request.params.id === '0') return envelopeOk(tree);
      const node = flattenTree(tree).find((n) => n.id === request.params.id);
      if (!node) throw notFound();
      return envelopeOk(node.children ?? []);
    },
  );
};
