import { envelope, MsgTemplateApi, msgTemplateSchema, NoticePerm, RolePerm, UserPerm } from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { requireAnyPerm } from '../permission/service';

/** The pages whose actions send template messages (user: password reset; role: members added). */
const TEMPLATE_PAGES = [UserPerm.user, RolePerm.role, NoticePerm.page];

export const msgTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    MsgTemplateApi.all,
    {
      preValidation: requireAnyPerm(...TEMPLATE_PAGES),
      schema: {
        tags: ['messages'],
        summary:
          'Every message template of the tenant ({name} placeholders; a switched-off one sends nothing)',
        response: { 200: envelope(z.array(msgTemplateSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await db
        .selectFrom('sys_msg_template')
        .selectAll()
        .where('tenant_id', '=', auth.tenantId)
        .orderBy('order_num')
        .orderBy('id')
        .execute();
      return envelopeOk(
        rows.map((r) => ({
          id: String(r.id),
          enCode: r.en_code,
          fullName: r.full_name,
          title: r.title,
          content: r.content,
          messageType: r.message_type,
          enabled: r.enabled,
        })),
      );
    },
  );
};
