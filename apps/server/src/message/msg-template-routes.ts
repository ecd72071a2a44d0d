import { envelope, MsgTemplateApi, msgTemplateSchema, NoticePerm, RolePerm, UserPerm } from '@srm/contracts';
import { z } from 'zod';
import { requireAnyPerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { listMsgTemplates } from './msg-template';

/** The pages whose actions send template messages (user: password reset; role: members added). */
const TEMPLATE_PAGES = [UserPerm.user, RolePerm.role, NoticePerm.page];

export const msgTemplateRoutes: SignedInRoutes = async (app) => {
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
    async (request) => envelopeOk(await listMsgTemplates(contextOf(request))),
  );
};
