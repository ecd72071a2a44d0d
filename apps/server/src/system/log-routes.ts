import {
  API,
  clientErrorBodySchema,
  envelope,
  loginLogQuerySchema,
  loginLogSchema,
  Perm,
  pageOf,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPerm, requirePerm } from '../core/access';
import { envelopeOk, page } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { pingDb } from '../db/index';
import { allLoginLogs, loginLogMessage, loginLogPlace, pageLoginLogs, toLoginLog } from './log-service';

const EXPORT_MAX_ROWS = 50_000;

function csvCell(value: string): string {
  // Quote everything; neutralise spreadsheet formulas.
  const v = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${v.replace(/"/g, '""')}"`;
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}
function formatTime(d: Date) {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const systemRoutes: SignedInRoutes = async (app) => {
  const { db } = app.deps;

  app.get(
    API.loginLog,
    {
      preValidation: requirePerm(Perm.log),
      schema: {
        tags: ['system'],
        summary: `Sign-in log (permission ${Perm.log}); ipAddress only with column ${Perm.logIpColumn}`,
        querystring: loginLogQuerySchema,
        response: { 200: envelope(pageOf(loginLogSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { currentPage, pageSize, keyword, startTime, endTime } = request.query;
      const withIp = await hasPerm(contextOf(request), Perm.logIpColumn);
      const { rows, total } = await pageLoginLogs(
        db,
        { tenantId: auth.tenantId, reader: auth, keyword, startTime, endTime },
        currentPage,
        pageSize,
      );
      return envelopeOk(
        page(
          rows.map((r) => toLoginLog(r, withIp, request.locale)),
          currentPage,
          pageSize,
          total,
        ),
      );
    },
  );

  app.get(
    API.loginLogExport,
    {
      preValidation: requirePerm(Perm.logExport),
      schema: {
        tags: ['system'],
        summary: `Sign-in log as CSV (permission ${Perm.logExport}); same filters as the list`,
        querystring: loginLogQuerySchema.omit({ currentPage: true, pageSize: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const { keyword, startTime, endTime } = request.query;
      const withIp = await hasPerm(contextOf(request), Perm.logIpColumn);
      const rows = await allLoginLogs(
        db,
        { tenantId: auth.tenantId, reader: auth, keyword, startTime, endTime },
        EXPORT_MAX_ROWS,
      );
      const L = request.locale;
      const header = [
        t(L, 'log.account'),
        t(L, 'log.userName'),
        t(L, 'log.result'),
        t(L, 'log.msg'),
        ...(withIp ? [t(L, 'log.ipAddress')] : []),
        t(L, 'log.ipAddressName'),
        t(L, 'log.browser'),
        t(L, 'log.platform'),
        t(L, 'log.createTime'),
      ];
      const lines = [header.map(csvCell).join(',')];
      for (const r of rows) {
        lines.push(
          [
            r.account,
            r.user_name,
            t(L, r.success ? 'log.success' : 'log.failure'),
            loginLogMessage(r.msg, L),
            ...(withIp ? [r.ip] : []),
            loginLogPlace(r.ip_name, L),
            r.browser,
            r.platform,
            formatTime(new Date(r.created_at)),
          ]
            .map(csvCell)
            .join(','),
        );
      }
      const fileName = `${t(L, 'log.fileName')}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="login-log.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(`\uFEFF${lines.join('\r\n')}\r\n`);
    },
  );
};

/** What answers without a session: the health check, and client error reports (signed-in or not). */
export const systemPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    API.health,
    {
      config: { auth: 'none' },
      schema: {
        tags: ['system'],
        security: [],
        response: { 200: envelope(z.object({ status: z.literal('ok'), db: z.string() })) },
      },
    },
    async () => {
      await pingDb(db);
      return envelopeOk({ status: 'ok' as const, db: app.dbKind });
    },
  );

  app.post(
    API.clientError,
    {
      bodyLimit: 16 * 1024,
      config: { auth: 'optional', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['system'],
        summary: 'Records an uncaught client error in the server log (signed-in or not)',
        security: [],
        body: clientErrorBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      request.log.warn(
        {
          clientError: request.body,
          userId: request.auth?.userId,
          tenantId: request.auth?.tenantId,
          ip: request.ip,
        },
        'client error reported',
      );
      const body = request.body;
      request.server.deps.activity.error({
        tenant_id: request.auth?.tenantId ?? null,
        user_id: request.auth?.userId ?? null,
        user_name: request.auth?.realName ?? '',
        source: 'client',
        method: '',
        path: (body.url ?? '').slice(0, 500),
        message: body.message,
        stack: body.stack ?? '',
        ip: request.ip,
        request_id: String(request.id),
      });
      return envelopeOk(null);
    },
  );
};
