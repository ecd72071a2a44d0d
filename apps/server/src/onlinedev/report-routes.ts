import {
  datasetParamValuesSchema,
  envelope,
  idParamSchema,
  MenuPerm,
  menuSchema,
  ReportApi,
  ReportPerm,
  reportDatasetSchema,
  reportExportQuerySchema,
  reportListQuerySchema,
  reportPreviewSchema,
  reportPublishSchema,
  reportRowsSchema,
  reportRunSchema,
  reportSaveSchema,
  reportSchema,
  reportSummarySchema,
  reportViewParamSchema,
  reportViewSchema,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { AppError, forbidden } from '../core/errors';
import { t } from '../core/i18n';
import type { SignedInRequest, SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { sendExport } from '../file/temp-download';
import { reportWorkbook } from './report-excel';
import {
  createReport,
  deleteReport,
  getReport,
  listReports,
  type OpenReport,
  previewReportRows,
  publishReport,
  reportDatasets,
  reportOfMenu,
  reportTitle,
  runReport,
  updateReport,
} from './report-service';

const tags = ['data reports'];
const R = ReportApi.report;
const V = `${ReportApi.view}/:menuId`;
const P = ReportPerm;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const who =
  'the caller holds the menu item’s code (a type-5 item of the tenant naming a report; another tenant’s id is a 404)';

const openReports = new WeakMap<object, OpenReport>();

/**
 * preValidation of a published report's routes: the report of the path's menu item for the caller
 * (404, 403), and the export button when `button` is named, before the body is read.
 */
function requireReport(button?: 'export') {
  return async function reportGuard(request: FastifyRequest): Promise<void> {
    const menuId = String((request.params as { menuId?: unknown } | undefined)?.menuId ?? '');
    // A malformed id is bad input: the schema's validation answers it.
    if (!/^\d{1,18}$/.test(menuId)) return;
    const open = await reportOfMenu(contextOf(request as SignedInRequest), menuId);
    if (button && !open.view.buttons.includes(button)) throw forbidden();
    openReports.set(request, open);
  };
}

function openOf(request: FastifyRequest): OpenReport {
  const open = openReports.get(request);
  if (!open) throw new Error('report route without requireReport');
  return open;
}

/** The export's parameter values, given as JSON text in the query string. */
function exportParams(text: string | undefined) {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const result = datasetParamValuesSchema.safeParse(parsed);
  if (!result.success)
    throw new AppError(400, 'error.badRequest', undefined, { fields: { params: 'invalid' } });
  return result.data;
}

export const reportRoutes: SignedInRoutes = async (app) => {
  app.get(
    R,
    {
      preValidation: requirePerm(P.report),
      schema: {
        tags,
        summary: `The tenant's data reports with the menu items that open them (permission ${P.report})`,
        querystring: reportListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(reportSummarySchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listReports(contextOf(request), request.query) }),
  );

  app.get(
    `${R}/Datasets`,
    {
      preValidation: requirePerm(P.report),
      schema: {
        tags,
        summary: 'The datasets a report may read, with their parameters and the columns they answer',
        response: { 200: envelope(z.object({ list: z.array(reportDatasetSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await reportDatasets(contextOf(request)) }),
  );

  app.post(
    `${R}/Actions/Preview`,
    {
      preValidation: requireAnyPerm(P.reportAdd, P.reportEdit),
      schema: {
        tags,
        summary:
          "A dataset's rows for the designer, with parameter values (read-only, under the caller's tenant and data rules, the row cap)",
        body: reportPreviewSchema,
        response: { 200: envelope(reportRowsSchema) },
      },
    },
    async (request) =>
      envelopeOk(await previewReportRows(contextOf(request), request.body.datasetId, request.body.params)),
  );

  app.get(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.report),
      schema: {
        tags,
        summary: 'A report with its definition',
        params: idParamSchema,
        response: { 200: envelope(reportSchema) },
      },
    },
    async (request) => envelopeOk(await getReport(contextOf(request), request.params.id)),
  );

  app.post(
    R,
    {
      preValidation: requirePerm(P.reportAdd),
      schema: {
        tags,
        summary: "Creates a report over one of the tenant's datasets",
        body: reportSaveSchema,
        response: { 200: envelope(reportSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createReport(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.reportEdit),
      schema: {
        tags,
        summary: 'Saves a report',
        params: idParamSchema,
        body: reportSaveSchema,
        response: { 200: envelope(reportSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateReport(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${R}/:id`,
    {
      preValidation: requirePerm(P.reportDelete),
      schema: {
        tags,
        summary: 'Deletes a report (409 while menu items open it)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteReport(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );

  app.post(
    `${R}/:id/Actions/Publish`,
    {
      preValidation: async (request) => {
        // Publishing is editing the report and adding a menu item: both permissions.
        await requirePerm(P.reportEdit)(request);
        await requirePerm(MenuPerm.menuAdd)(request);
      },
      schema: {
        tags,
        summary: `A menu item of type 5 opening the report, named as it, under a web directory (permissions ${P.reportEdit} and ${MenuPerm.menuAdd})`,
        params: idParamSchema,
        body: reportPublishSchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await publishReport(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.get(
    `${V}/Config`,
    {
      preValidation: requireReport(),
      schema: {
        tags,
        summary: `A published report as its reader gets it: names, the query form's parameters, table, pivot, charts, the buttons he holds (${who})`,
        params: reportViewParamSchema,
        response: { 200: envelope(reportViewSchema) },
      },
    },
    async (request) => envelopeOk(openOf(request).view),
  );

  app.post(
    `${V}/Actions/Run`,
    {
      preValidation: requireReport(),
      schema: {
        tags,
        summary: `The report's rows for parameter values, under the reader's tenant and data rules, at most the row cap (${who})`,
        params: reportViewParamSchema,
        body: reportRunSchema,
        response: { 200: envelope(reportRowsSchema) },
      },
    },
    async (request) => envelopeOk(await runReport(contextOf(request), openOf(request), request.body.params)),
  );

  app.get(
    `${V}/Actions/Export`,
    {
      preValidation: requireReport('export'),
      schema: {
        tags,
        summary: `The report as .xlsx, built on the server: its table with subtotals and its pivot (button export; ${who})`,
        params: reportViewParamSchema,
        querystring: reportExportQuerySchema,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const open = openOf(request);
      const result = await runReport(ctx, open, exportParams(request.query.params));
      return sendExport(
        request,
        reply,
        {
          body: await reportWorkbook(open.view, result, request.locale),
          fileName: `${reportTitle(ctx, open.row)}.xlsx`,
          asciiName: 'report.xlsx',
          contentType: XLSX_TYPE,
        },
        request.query.link === 'true',
      );
    },
  );
};
