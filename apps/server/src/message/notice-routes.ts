import {
  envelope,
  idParamSchema,
  NoticeApi,
  NoticePerm,
  noticeBodySchema,
  noticeEntSchema,
  noticeQuerySchema,
  noticeSchema,
  pageOf,
  unreadCountSchema,
  unreadNoticeSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  createNotice,
  deleteNotice,
  getNotice,
  listNotices,
  markNoticeRead,
  myNotices,
  myUnreadNotices,
  noticeEnts,
  setNoticeReleased,
  updateNotice,
} from './notice-service';

const tags = ['announcements'];

export const noticeRoutes: SignedInRoutes = async (app) => {
  app.get(
    NoticeApi.admin,
    {
      preValidation: requirePerm(NoticePerm.page),
      schema: {
        tags,
        summary: 'Announcements of the tenant, newest first',
        querystring: noticeQuerySchema,
        response: { 200: envelope(pageOf(noticeSchema)) },
      },
    },
    async (request) => envelopeOk(await listNotices(contextOf(request), request.query)),
  );

  app.get(
    NoticeApi.ents,
    {
      preValidation: requirePerm(NoticePerm.page),
      schema: {
        tags,
        summary: 'The tenant’s enterprises (own first, then suppliers by name), for the audience picker',
        response: { 200: envelope(z.array(noticeEntSchema)) },
      },
    },
    async (request) => envelopeOk(await noticeEnts(contextOf(request))),
  );

  app.get(
    `${NoticeApi.admin}/:id`,
    {
      preValidation: requirePerm(NoticePerm.page),
      schema: {
        tags,
        summary: 'One announcement',
        params: idParamSchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) => envelopeOk(await getNotice(contextOf(request), request.params.id)),
  );

  app.post(
    NoticeApi.admin,
    {
      preValidation: requirePerm(NoticePerm.add),
      schema: {
        tags,
        summary: 'Drafts an announcement (the body is sanitised)',
        body: noticeBodySchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createNotice(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${NoticeApi.admin}/:id`,
    {
      preValidation: requirePerm(NoticePerm.edit),
      schema: {
        tags,
        summary: 'Edits a draft or withdrawn announcement (a released one must be withdrawn first: 409)',
        params: idParamSchema,
        body: noticeBodySchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateNotice(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${NoticeApi.admin}/:id`,
    {
      preValidation: requirePerm(NoticePerm.delete),
      schema: {
        tags,
        summary: 'Deletes an announcement with its read records',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteNotice(contextOf(request), request.params.id);
      return envelopeOk(null);
    },
  );

  for (const action of ['Release', 'Withdraw'] as const) {
    app.put(
      `${NoticeApi.admin}/:id/Actions/${action}`,
      {
        preValidation: requirePerm(NoticePerm.release),
        schema: {
          tags,
          summary:
            action === 'Release'
              ? 'Releases a draft or withdrawn announcement to its audience (a read record each, one transaction), then tells them'
              : 'Withdraws a released announcement: it leaves the recipients’ unread lists',
          params: idParamSchema,
          response: { 200: envelope(noticeSchema) },
        },
      },
      async (request) =>
        envelopeOk(await setNoticeReleased(contextOf(request), request.params.id, action === 'Release')),
    );
  }

  app.get(
    NoticeApi.unread,
    {
      schema: {
        tags,
        summary: 'My unread released announcements, oldest first (the forced dialog shows them one by one)',
        response: { 200: envelope(z.object({ list: z.array(unreadNoticeSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await myUnreadNotices(contextOf(request)) }),
  );

  app.get(
    NoticeApi.mine,
    {
      schema: {
        tags,
        summary: 'My latest ten released announcements, read or not, newest first',
        response: { 200: envelope(z.object({ list: z.array(unreadNoticeSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await myNotices(contextOf(request), 'latest') }),
  );

  app.put(
    `${NoticeApi.read}/:id`,
    {
      schema: {
        tags,
        summary: 'Marks one announcement of mine read; answers my counts',
        params: idParamSchema,
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => envelopeOk(await markNoticeRead(contextOf(request), request.params.id)),
  );
};
