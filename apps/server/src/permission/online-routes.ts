import {
  envelope,
  forceOfflineBodySchema,
  idParamSchema,
  OnlineApi,
  OnlinePerm,
  onlineQuerySchema,
  onlineSessionSchema,
  pageOf,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { forceOffline, pageOnlineSessions } from './online-service';

const tags = ['online users'];

export const onlineRoutes: SignedInRoutes = async (app) => {
  app.get(
    OnlineApi.list,
    {
      preValidation: requirePerm(OnlinePerm.page),
      schema: {
        tags,
        summary: 'Live sessions of the tenant (user, IP, sign-in time, last seen), most recently seen first',
        querystring: onlineQuerySchema,
        response: { 200: envelope(pageOf(onlineSessionSchema)) },
      },
    },
    async (request) => envelopeOk(await pageOnlineSessions(contextOf(request), request.query)),
  );

  app.delete(
    `${OnlineApi.list}/:id`,
    {
      preValidation: requirePerm(OnlinePerm.forceOffline),
      schema: {
        tags,
        summary: "Forces one session offline (its next request answers 602); not the caller's own",
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const count = await forceOffline(contextOf(request), [request.params.id]);
      return envelopeOk(null, t(request.locale, 'online.forcedCount', { count }));
    },
  );

  app.post(
    OnlineApi.forceOffline,
    {
      preValidation: requirePerm(OnlinePerm.forceOffline),
      schema: {
        tags,
        summary: 'Forces several sessions offline in one statement; answers how many ended',
        body: forceOfflineBodySchema,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const count = await forceOffline(contextOf(request), request.body.ids);
      return envelopeOk({ count }, t(request.locale, 'online.forcedCount', { count }));
    },
  );
};
