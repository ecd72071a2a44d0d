import {
  API,
  AuthorizeApi,
  baseInfoBodySchema,
  baseInfoSchema,
  currentAuthorizeSchema,
  currentUserSchema,
  envelope,
  loginLogSchema,
  modifyPasswordBodySchema,
  navResultSchema,
  pageOf,
  pageQuerySchema,
  systemLanguageBodySchema,
  systemThemeBodySchema,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk, page } from '../core/envelope';
import { notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { answerStored } from '../core/stored-answer';
import { IMAGE_NAME, imageExists, imageUrl } from '../file/storage';
import { pageLoginLogs, toLoginLog } from '../system/log-service';
import { passwordRuleCheck } from '../system/sys-config/password-policy';
import { buildTrees, loadTenantItems, loadUserGrantIds } from './authorize-service';
import {
  currentUserAnswer,
  keptCurrentUserAnswer,
  keptNavAnswer,
  loadUser,
  navAnswer,
  setOwnLanguage,
  setOwnTheme,
  updateOwnUser,
} from './current-user-service';
import { changeOwnPassword } from './user-service';

const nullData = envelope(z.null());

export const currentUserRoutes: SignedInRoutes = async (app) => {
  const { db } = app.deps;

  app.get(
    API.userInfo,
    {
      config: { tokenQuery: true },
      // A stored answer carries its own compressed forms (sendStored).
      compress: false,
      schema: {
        tags: ['session'],
        summary: 'The signed-in user (also accepts ?token= for /home?token=)',
        querystring: z.object({ token: z.string().optional() }).passthrough(),
        response: { 200: envelope(currentUserSchema) },
      },
    },
    (request, reply) => {
      const ctx = contextOf(request);
      return answerStored(request, reply, keptCurrentUserAnswer(ctx), () =>
        currentUserAnswer(ctx, (info) => reply.serialize(envelopeOk(info))),
      );
    },
  );

  app.get(
    API.nav,
    {
      compress: false,
      schema: {
        tags: ['session'],
        summary: 'The menu tree and per-page button/column permissions of the user',
        response: { 200: envelope(navResultSchema) },
      },
    },
    (request, reply) => {
      const ctx = contextOf(request);
      return answerStored(request, reply, keptNavAnswer(ctx), () =>
        navAnswer(ctx, (nav) => reply.serialize(envelopeOk(nav))),
      );
    },
  );

  app.get(
    API.currentBaseInfo,
    { schema: { tags: ['current user'], response: { 200: envelope(baseInfoSchema) } } },
    async (request) => {
      const user = await loadUser(contextOf(request));
      return envelopeOk({
        id: user.id,
        account: user.account,
        realName: user.real_name,
        mobile: user.mobile,
        email: user.email,
        headIcon: user.head_icon,
        deptName: user.dept_name ?? '',
        entName: user.ent_name,
        theme: user.theme,
        language: user.language,
      });
    },
  );

  app.put(
    API.currentBaseInfo,
    { schema: { tags: ['current user'], body: baseInfoBodySchema, response: { 200: nullData } } },
    async (request) => {
      await updateOwnUser(contextOf(request), {
        real_name: request.body.realName,
        mobile: request.body.mobile,
        email: request.body.email,
      });
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );

  app.post(
    API.currentPassword,
    {
      preValidation: passwordRuleCheck(app.deps.settings),
      schema: { tags: ['current user'], body: modifyPasswordBodySchema, response: { 200: nullData } },
    },
    async (request) => {
      await changeOwnPassword(db, contextOf(request), request.body);
      return envelopeOk(null, t(request.locale, 'auth.passwordChanged'));
    },
  );

  app.put(
    API.currentTheme,
    { schema: { tags: ['current user'], body: systemThemeBodySchema, response: { 200: nullData } } },
    async (request) => {
      await setOwnTheme(contextOf(request), request.body);
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );

  app.put(
    API.currentLanguage,
    {
      schema: {
        tags: ['current user'],
        summary: 'The language the user works in: his later messages are written in it',
        body: systemLanguageBodySchema,
        response: { 200: nullData },
      },
    },
    async (request) => {
      await setOwnLanguage(contextOf(request), request.body.language);
      return envelopeOk(null, t(request.body.language, 'common.saved'));
    },
  );

  app.get(
    API.currentSystemLog,
    {
      schema: {
        tags: ['current user'],
        summary: 'The signed-in user own sign-in log, newest first',
        querystring: pageQuerySchema,
        response: { 200: envelope(pageOf(loginLogSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { currentPage, pageSize, keyword } = request.query;
      const { rows, total } = await pageLoginLogs(
        db,
        { tenantId: auth.tenantId, userId: auth.userId, keyword },
        currentPage,
        pageSize,
      );
      return envelopeOk(
        page(
          rows.map((r) => toLoginLog(r, true, request.locale)),
          currentPage,
          pageSize,
          total,
        ),
      );
    },
  );

  app.get(
    AuthorizeApi.currentAuthorize,
    {
      schema: {
        tags: ['current user'],
        summary: 'The signed-in user own effective grants as read-only trees',
        response: { 200: envelope(currentAuthorizeSchema) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const [items, held] = await Promise.all([
        loadTenantItems(db, auth.tenantId),
        loadUserGrantIds(db, auth.tenantId, auth.userId),
      ]);
      const sets = Object.fromEntries(Object.entries(held).map(([type, ids]) => [type, new Set(ids)]));
      return envelopeOk(
        buildTrees(items, request.locale, (type, id) => auth.isAdmin || !!sets[type]?.has(id)),
      );
    },
  );

  app.put(
    '/api/permission/Users/Current/Avatar/:name',
    {
      schema: {
        tags: ['current user'],
        summary: 'Sets the avatar to an uploaded userAvatar image (name from the upload)',
        params: z.object({ name: z.string().regex(IMAGE_NAME) }),
        response: { 200: envelope(z.object({ headIcon: z.string() })) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!(await imageExists(app.deps.files, auth.tenantId, 'userAvatar', request.params.name))) {
        throw notFound();
      }
      const headIcon = imageUrl('userAvatar', request.params.name);
      await updateOwnUser(contextOf(request), { head_icon: headIcon });
      return envelopeOk({ headIcon }, t(request.locale, 'common.saved'));
    },
  );
};
