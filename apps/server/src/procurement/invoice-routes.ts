import {
  InvoiceApi as A,
  envelope,
  idParamSchema,
  invoiceableLineSchema,
  invoiceListQuerySchema,
  invoicePortalQuerySchema,
  invoiceRejectSchema,
  invoiceSaveSchema,
  invoiceSchema,
  invoiceSummarySchema,
  invoiceVersionSchema,
  InvoicePerm as P,
  pageOf,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { requireStaffPerm, requireSupplierUser } from '../supplier/access';
import {
  decideInvoice,
  getInvoice,
  invoiceableLines,
  listInvoices,
  portalInvoice,
  portalInvoices,
  submitInvoice,
} from './invoice-service';

const tags = ['invoices'];
const one = { 200: envelope(invoiceSchema) };

/** Staff read the tenant's invoices and decide them; the supplier submits its own. */
export const invoiceRoutes: SignedInRoutes = async (app) => {
  app.get(
    A.base,
    {
      preValidation: requireStaffPerm(P.invoice),
      schema: {
        tags,
        summary: 'The suppliers’ invoices, newest first (state, order, supplier, keyword)',
        querystring: invoiceListQuerySchema,
        response: { 200: envelope(pageOf(invoiceSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await listInvoices(contextOf(request), request.query)),
  );

  app.get(
    `${A.base}/:id`,
    {
      preValidation: requireStaffPerm(P.invoice),
      schema: { tags, summary: 'One invoice with its match per line', params: idParamSchema, response: one },
    },
    async (request) => envelopeOk(await getInvoice(contextOf(request), request.params.id)),
  );

  app.post(
    A.approve(':id'),
    {
      preValidation: requireStaffPerm(P.invoiceDecide),
      schema: {
        tags,
        summary: 'Approves an invoice',
        params: idParamSchema,
        body: invoiceVersionSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(
        await decideInvoice(contextOf(request), request.params.id, {
          version: request.body.version,
          approve: true,
        }),
      ),
  );

  app.post(
    A.reject(':id'),
    {
      preValidation: requireStaffPerm(P.invoiceDecide),
      schema: {
        tags,
        summary: 'Rejects an invoice with a reason (its quantities may be invoiced again)',
        params: idParamSchema,
        body: invoiceRejectSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(
        await decideInvoice(contextOf(request), request.params.id, { ...request.body, approve: false }),
      ),
  );

  app.get(
    A.portal,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The caller’s supplier’s invoices, newest first',
        querystring: invoicePortalQuerySchema,
        response: { 200: envelope(pageOf(invoiceSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await portalInvoices(contextOf(request), request.query)),
  );

  app.get(
    A.invoiceable,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The received order lines the caller’s supplier may invoice',
        querystring: z.object({ orderId: idParamSchema.shape.id.optional() }),
        response: { 200: envelope(z.array(invoiceableLineSchema)) },
      },
    },
    async (request) => envelopeOk(await invoiceableLines(contextOf(request), request.query.orderId)),
  );

  app.get(
    `${A.portal}/:id`,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'One of the caller’s supplier’s invoices',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await portalInvoice(contextOf(request), request.params.id)),
  );

  app.post(
    A.portal,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'Submits an invoice against received order lines; it is matched at once',
        body: invoiceSaveSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(await submitInvoice(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );
};
