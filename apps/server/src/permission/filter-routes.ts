import {
  AuthorizePerm,
  comboxOptionSchema,
  comboxQuerySchema,
  envelope,
  FilterApi,
  OrgPerm,
  RolePerm,
  UserPerm,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { fullName, likePattern, loadOrg } from '../org/org-service';
import { requireAnyPerm } from './service';

/** At most this many options: a drop-down, not a list screen (the keyword narrows it). */
const COMBOX_MAX = 500;

/** The pages whose list filters offer roles, positions, companies or departments. */
const FILTER_PAGES = [
  UserPerm.user,
  RolePerm.role,
  OrgPerm.position,
  OrgPerm.department,
  OrgPerm.organize,
  AuthorizePerm.authorize,
];

const toOptions = (rows: { id: string | number; name: string; en_code: string }[]) =>
  rows.map((r) => ({ id: String(r.id), fullName: r.name, enCode: r.en_code }));

export const filterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    FilterApi.comboxList,
    {
      preValidation: requireAnyPerm(...FILTER_PAGES),
      schema: {
        tags: ['filters'],
        summary:
          'Filter drop-down options: enabled roles, positions, companies or departments of the tenant (type), keyword on name and code',
        querystring: comboxQuerySchema,
        response: { 200: envelope(z.array(comboxOptionSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { type, keyword } = request.query;
      const like = keyword ? likePattern(keyword) : null;
      if (type === 'role') {
        let q = db
          .selectFrom('sys_role')
          .select(['id', 'role_name as name', 'en_code'])
          .where('tenant_id', '=', auth.tenantId)
          .where('enabled', '=', true);
        if (like) q = q.where((eb) => eb.or([eb('role_name', 'ilike', like), eb('en_code', 'ilike', like)]));
        return envelopeOk(toOptions(await q.orderBy('order_num').orderBy('id').limit(COMBOX_MAX).execute()));
      }
      if (type === 'position') {
        let q = db
          .selectFrom('sys_position')
          .select(['id', 'position_name as name', 'en_code'])
          .where('tenant_id', '=', auth.tenantId)
          .where('enabled', '=', true);
        if (like)
          q = q.where((eb) => eb.or([eb('position_name', 'ilike', like), eb('en_code', 'ilike', like)]));
        return envelopeOk(toOptions(await q.orderBy('order_num').orderBy('id').limit(COMBOX_MAX).execute()));
      }
      // Companies and departments carry their path, so two "Purchasing" departments stay apart.
      const org = await loadOrg(db, auth.tenantId);
      const k = keyword?.toLowerCase();
      const list = org
        .filter((d) => d.enabled && d.deptType === type)
        .map((d) => ({ id: d.id, fullName: fullName(org, d), enCode: d.enCode }))
        .filter((d) => !k || d.fullName.toLowerCase().includes(k) || d.enCode.toLowerCase().includes(k))
        .slice(0, COMBOX_MAX);
      return envelopeOk(list);
    },
  );
};
