import {
  envelope,
  idParamSchema,
  pageOf,
  pageQuerySchema,
  SupplierApi,
  supplierBlacklistBodySchema,
  supplierBodySchema,
  supplierDetailSchema,
  supplierHistorySchema,
  supplierNoticeLineSchema,
  supplierOptionSchema,
  supplierQuerySchema,
  supplierSchema,
  supplierSelectorQuerySchema,
  supplierStateBodySchema,
  VENDOR_CODES,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { sendExport } from '../file/index';
import { requireStaff, requireStaffPerm, requireSupplierUser } from './access';
import { exportSuppliers } from './excel';
import { supplierHistory, supplierNotices } from './history-service';
import { supplierOptions } from './supplier-options';
import {
  changeSupplierState,
  createSupplier,
  listSuppliers,
  mySupplier,
  setSupplierBlacklist,
  supplierDetail,
  suppliersForExport,
} from './supplier-service';

const tags = ['suppliers'];
const C = VENDOR_CODES;

export const supplierRoutes: SignedInRoutes = async (app) => {
  // Before `${base}/:id`, which would take "Selector" for an id.
  app.get(
    SupplierApi.selector,
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary:
          "Suppliers for a form's supplier field: by keyword, or by ids (any staff user; a supplier's users get 403)",
        querystring: supplierSelectorQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(supplierOptionSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await supplierOptions(contextOf(request), request.query) }),
  );

  app.get(
    SupplierApi.base,
    {
      preValidation: requireStaffPerm(C.supplier),
      schema: {
        tags,
        summary:
          'The tenant’s suppliers, newest first (name, code, credit code, category, state, area, blacklist)',
        querystring: supplierQuerySchema,
        response: { 200: envelope(pageOf(supplierSchema)) },
      },
    },
    async (request) => envelopeOk(await listSuppliers(contextOf(request), request.query)),
  );

  app.get(
    SupplierApi.export,
    {
      preValidation: requireStaffPerm(C.supplierExport),
      schema: {
        tags,
        summary: 'The filtered supplier list as .xlsx (?link=true: a one-time link)',
        querystring: supplierQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const body = await exportSuppliers(ctx, await suppliersForExport(ctx, request.query));
      return sendExport(
        request,
        reply,
        {
          body,
          fileName: `${t(request.locale, 'vendor.export.suppliersFile')}.xlsx`,
          asciiName: 'suppliers.xlsx',
          contentType: XLSX_TYPE,
        },
        request.query.link === 'true',
      );
    },
  );

  app.get(
    SupplierApi.mine,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The caller’s own supplier (its users only)',
        response: { 200: envelope(supplierDetailSchema) },
      },
    },
    async (request) => envelopeOk(await mySupplier(contextOf(request))),
  );

  app.get(
    `${SupplierApi.base}/:id`,
    {
      preValidation: requireStaffPerm(C.supplier),
      schema: {
        tags,
        summary: 'One supplier: company, contacts, bank, categories, qualifications (expiry flagged), users',
        params: idParamSchema,
        response: { 200: envelope(supplierDetailSchema) },
      },
    },
    async (request) => envelopeOk(await supplierDetail(contextOf(request), request.params.id)),
  );

  app.get(
    `${SupplierApi.base}/:id/History`,
    {
      preValidation: requireStaffPerm(C.supplier),
      schema: {
        tags,
        summary: 'A supplier’s history of changes (who changed what, when), newest first',
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: envelope(pageOf(supplierHistorySchema)) },
      },
    },
    async (request) =>
      envelopeOk(await supplierHistory(contextOf(request), request.params.id, request.query)),
  );

  app.get(
    `${SupplierApi.base}/:id/Notices`,
    {
      preValidation: requireStaffPerm(C.supplier),
      schema: {
        tags,
        summary: 'The vendor notices addressed to a supplier, with its read and reply record',
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: envelope(pageOf(supplierNoticeLineSchema)) },
      },
    },
    async (request) =>
      envelopeOk(await supplierNotices(contextOf(request), request.params.id, request.query)),
  );

  app.post(
    SupplierApi.base,
    {
      preValidation: requireStaffPerm(C.supplierAdd),
      config: { unique: { sys_user_account: { field: 'user.account', key: 'vendor.accountTaken' } } },
      schema: {
        tags,
        summary:
          'Records a supplier (entType 2 enterprise, code from the supplierCode bill rule, contacts, bank, categories, qualifications, optionally its first user), one transaction',
        body: supplierBodySchema,
        response: { 200: envelope(supplierDetailSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createSupplier(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${SupplierApi.base}/:id/Actions/State`,
    {
      preValidation: requireStaffPerm(C.supplierState),
      schema: {
        tags,
        summary:
          'Life cycle: qualify (potential→qualified), freeze, unfreeze, eliminate; freezing or eliminating ends the supplier’s sessions at once',
        params: idParamSchema,
        body: supplierStateBodySchema,
        response: { 200: envelope(supplierDetailSchema) },
      },
    },
    async (request) =>
      envelopeOk(await changeSupplierState(contextOf(request), request.params.id, request.body)),
  );

  app.put(
    `${SupplierApi.base}/:id/Actions/Blacklist`,
    {
      preValidation: requireStaffPerm(C.supplierState),
      schema: {
        tags,
        summary: 'Puts a supplier on the blacklist (a reason required) or takes it off',
        params: idParamSchema,
        body: supplierBlacklistBodySchema,
        response: { 200: envelope(supplierDetailSchema) },
      },
    },
    async (request) =>
      envelopeOk(await setSupplierBlacklist(contextOf(request), request.params.id, request.body)),
  );
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
