import {
  envelope,
  formTitle,
  ModelPageApi,
  modelImportQuerySchema,
  modelImportResultSchema,
  modelPageExportQuerySchema,
  modelPageListSchema,
  modelPageParamSchema,
} from '@srm/contracts';
import { envelopeOk } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import { receiveUpload, uploadRoutes } from '../core/multipart';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { sendExport } from '../file/temp-download';
import { pageOfRequest, requirePage } from './model-page';
import { exportRows, importRows, importTemplate } from './model-page-excel';
import { exportModelRows } from './model-rows';

const tags = ['model pages'];
const P = `${ModelPageApi.page}/:menuId`;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An export answers at most this many rows (the query narrows it). */
const EXPORT_MAX_ROWS = 50_000;
/** An import file is read whole by the stream reader: at most this large (100,000 plain rows fit). */
const IMPORT_MAX_BYTES = 30 * 1024 * 1024;

/** The list's query of an export link: the JSON of what `/List` takes, checked by the same schema. */
function exportQuery(raw: string | undefined) {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const result = modelPageListSchema.shape.query.safeParse(parsed);
  if (!result.success)
    throw new AppError(400, 'error.badRequest', undefined, { fields: { query: 'invalid' } });
  return result.data ?? {};
}

export const modelPageExcelRoutes: SignedInRoutes = async (app) => {
  app.get(
    `${P}/Actions/Export`,
    {
      preValidation: requirePage('export'),
      schema: {
        tags,
        summary: `The rows of the list's query as .xlsx: the columns the caller sees, at most ${EXPORT_MAX_ROWS} rows (button export)`,
        params: modelPageParamSchema,
        querystring: modelPageExportQuerySchema,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const page = pageOfRequest(request);
      const { sort, order } = request.query;
      const rows = await exportModelRows(
        ctx,
        page,
        {
          query: exportQuery(request.query.query),
          sort: sort ? { field: sort, order: order ?? 'asc' } : undefined,
        },
        EXPORT_MAX_ROWS,
      );
      const title = formTitle(page.content.form, request.locale);
      return sendExport(
        request,
        reply,
        {
          body: await exportRows(ctx, page, rows),
          fileName: `${title}.xlsx`,
          asciiName: 'rows.xlsx',
          contentType: XLSX_TYPE,
        },
        request.query.link === 'true',
      );
    },
  );

  app.get(
    `${P}/Actions/ImportTemplate`,
    {
      preValidation: requirePage('import'),
      schema: {
        tags,
        summary:
          "The import template (.xlsx): a header of the form's importable fields in the caller's language (button import)",
        params: modelPageParamSchema,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const page = pageOfRequest(request);
      const title = formTitle(page.content.form, request.locale);
      return sendExport(
        request,
        reply,
        {
          body: await importTemplate(page, request.locale),
          fileName: `${title}.xlsx`,
          asciiName: 'template.xlsx',
          contentType: XLSX_TYPE,
        },
        false,
      );
    },
  );

  await uploadRoutes(app, (uploads) =>
    uploads.post(
      `${P}/Actions/Import`,
      {
        preValidation: requirePage('import'),
        schema: {
          tags,
          summary:
            'Imports rows from .xlsx (multipart field file, the first sheet, a header row of field labels): every row passes the checks of a row added on the page; ?dryRun=true only answers what would happen; otherwise the good rows go in together and the refused ones come back with their reasons and as a file (button import)',
          consumes: ['multipart/form-data'],
          params: modelPageParamSchema,
          querystring: modelImportQuerySchema,
          response: { 200: envelope(modelImportResultSchema) },
        },
      },
      async (request) => {
        const ctx = contextOf(request);
        const page = pageOfRequest(request);
        const L = request.locale;
        const noFile = () =>
          new AppError(400, 'modelPage.importBadFile', undefined, {
            fields: { file: t(L, 'modelPage.importBadFile') },
          });
        const tooLarge = () => new AppError(400, 'modelPage.importBadFile');
        const result = await receiveUpload(request, IMPORT_MAX_BYTES, { noFile, tooLarge }, async (file) =>
          importRows(ctx, page, await file.read(), request.query.dryRun),
        );
        return envelopeOk(result);
      },
    ),
  );
};
