import {
  API,
  clientErrorBodySchema,
  commonEnumsSchema,
  confDictSchema,
  configItemSchema,
  type DictionaryNode,
  distSchema,
  envelope,
  loginLogQuerySchema,
  loginLogSchema,
  Perm,
  pageOf,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginLogMessage, loginLogPlace } from '../auth/service';
import { requireAuth } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { t } from '../core/i18n';
import { pingDb } from '../db/index';
import { hasPerm, requirePerm } from '../permission/service';
import { allLoginLogs, pageLoginLogs, toLoginLog } from './log-service';

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

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    API.enums,
    { schema: { tags: ['common'], response: { 200: envelope(commonEnumsSchema) } } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await db
        .selectFrom('sys_enum')
        .select(['enum_name', 'enum_key', 'enum_value'])
        .where('tenant_id', '=', auth.tenantId)
        .orderBy('enum_name')
        .orderBy('order_num')
        .execute();
      const result: Record<string, { key: string; value: string }[]> = {};
      for (const r of rows) {
        const list = result[r.enum_name] ?? [];
        list.push({ key: r.enum_key, value: r.enum_value });
        result[r.enum_name] = list;
      }
      return envelopeOk(result);
    },
  );

  const loadDicts = async (tenantId: string, filter: { scope?: 'sys' | 'base'; conf?: boolean }) => {
    let typesQ = db
      .selectFrom('sys_dict_type')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('order_num')
      .orderBy('id');
    if (filter.scope) typesQ = typesQ.where('scope', '=', filter.scope);
    if (filter.conf) typesQ = typesQ.where('is_conf', '=', true);
    const types = await typesQ.execute();
    const items = types.length
      ? await db
          .selectFrom('sys_dict_item')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where(
            'type_id',
            'in',
            types.map((x) => x.id),
          )
          .orderBy('order_num')
          .orderBy('id')
          .execute()
      : [];
    return { types, items };
  };

  app.get(
    API.confDist,
    { schema: { tags: ['common'], response: { 200: envelope(z.array(confDictSchema)) } } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { types, items } = await loadDicts(auth.tenantId, { conf: true });
      return envelopeOk(
        types.map((type) => {
          const own = items.filter((i) => i.type_id === type.id);
          const build = (parent: string): DictionaryNode[] =>
            own
              .filter((i) => i.parent_id === parent)
              .map((i) => {
                const children = type.is_tree ? build(i.id) : [];
                return {
                  id: i.id,
                  fullName: i.full_name,
                  enCode: i.en_code,
                  children: children.length ? children : null,
                };
              });
          return {
            enCode: type.en_code,
            fullName: type.full_name,
            isTree: type.is_tree ? 1 : 0,
            dictionaryList: type.is_tree ? build('0') : build('0'),
          };
        }),
      );
    },
  );

  for (const [url, scope] of [
    [API.sysDist, 'sys'],
    [API.baseDist, 'base'],
  ] as const) {
    app.get(
      url,
      { schema: { tags: ['common'], response: { 200: envelope(z.array(distSchema)) } } },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { types, items } = await loadDicts(auth.tenantId, { scope });
        return envelopeOk(
          types.map((type) => ({
            distCode: type.en_code,
            distName: type.full_name,
            distDataList: items
              .filter((i) => i.type_id === type.id)
              .map((i) => ({ distData: i.en_code, distLabel: i.full_name, sort: i.order_num })),
          })),
        );
      },
    );
  }

  for (const [url, scope] of [
    [API.sysConfig, 'sys'],
    [API.baseConfig, 'base'],
  ] as const) {
    app.get(
      url,
      { schema: { tags: ['common'], response: { 200: envelope(z.array(configItemSchema)) } } },
      async (request) => {
        const auth = requireAuth(request.auth);
        const rows = await db
          .selectFrom('sys_config')
          .select(['param_key', 'param_value', 'remark'])
          .where('tenant_id', '=', auth.tenantId)
          .where('scope', '=', scope)
          .orderBy('id')
          .execute();
        return envelopeOk(
          rows.map((r) => ({ paramKey: r.param_key, paramValue: r.param_value, remark: r.remark })),
        );
      },
    );
  }

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
      const auth = requireAuth(request.auth);
      const { currentPage, pageSize, keyword, startTime, endTime } = request.query;
      const withIp = await hasPerm(request, Perm.logIpColumn);
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
      const auth = requireAuth(request.auth);
      const { keyword, startTime, endTime } = request.query;
      const withIp = await hasPerm(request, Perm.logIpColumn);
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
