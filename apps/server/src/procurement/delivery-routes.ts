import {
  DeliveryApi as A,
  asnLabelsSchema,
  asnListQuerySchema,
  asnPortalQuerySchema,
  asnSaveSchema,
  asnScanQuerySchema,
  asnSchema,
  asnSummarySchema,
  asnUpdateSchema,
  asnVersionSchema,
  DeliveryPerm as D,
  envelope,
  idParamSchema,
  pageOf,
  receiptReverseSchema,
  receiptSaveSchema,
  receiptUpdateSchema,
  shippableLineSchema,
  supplierDeliverySchema,
  VENDOR_CODES,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { requireStaffPerm, requireSupplierUser } from '../supplier/access';
import {
  createAsn,
  deleteAsn,
  portalAsn,
  portalAsnLabels,
  portalAsns,
  sendAsn,
  shippableLines,
  updateAsn,
  withdrawAsn,
} from './delivery-portal-service';
import { ownDelivery, supplierDelivery } from './performance';
import {
  confirmReceipt,
  createReceipt,
  getAsn,
  listAsns,
  reverseReceipt,
  scanAsn,
  staffAsnLabels,
  updateReceipt,
} from './receipt-service';

const tags = ['deliveries and receipts'];
const one = { 200: envelope(asnSchema) };
const labels = { 200: envelope(asnLabelsSchema) };

/** Staff's side: the notices sent to the tenant, found by a scan, and their receipts. */
export const receiptRoutes: SignedInRoutes = async (app) => {
  app.get(
    `${A.performance}/:id`,
    {
      // Read on the supplier's record: who may read supplier records reads its figures.
      preValidation: requireStaffPerm(VENDOR_CODES.supplier),
      schema: {
        tags,
        summary: 'A supplier’s delivery figures: open and overdue lines, on time and accepted in full',
        params: idParamSchema,
        response: { 200: envelope(supplierDeliverySchema) },
      },
    },
    async (request) => envelopeOk(await supplierDelivery(contextOf(request), request.params.id)),
  );

  app.get(
    A.base,
    {
      preValidation: requireStaffPerm(D.receipt),
      schema: {
        tags,
        summary: 'The advance ship notices suppliers sent, newest first (state, order, supplier, keyword)',
        querystring: asnListQuerySchema,
        response: { 200: envelope(pageOf(asnSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await listAsns(contextOf(request), request.query)),
  );

  app.get(
    A.scan,
    {
      preValidation: requireStaffPerm(D.receipt),
      schema: {
        tags,
        summary: 'The notice a scanned package label or a typed notice number names',
        querystring: asnScanQuerySchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await scanAsn(contextOf(request), request.query.code)),
  );

  app.get(
    `${A.base}/:id`,
    {
      preValidation: requireStaffPerm(D.receipt),
      schema: {
        tags,
        summary: 'One notice with its lines and its receipt',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await getAsn(contextOf(request), request.params.id)),
  );

  app.get(
    A.labels(':id'),
    {
      preValidation: requireStaffPerm(D.receipt),
      schema: {
        tags,
        summary: 'The notice’s package labels with barcodes',
        params: idParamSchema,
        response: labels,
      },
    },
    async (request) => envelopeOk(await staffAsnLabels(contextOf(request), request.params.id)),
  );

  app.post(
    A.receipt,
    {
      preValidation: requireStaffPerm(D.receiptAdd),
      schema: {
        tags,
        summary: 'Receives a sent notice: accepted and rejected per line, as a draft or confirmed',
        body: receiptSaveSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(await createReceipt(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${A.receipt}/:id`,
    {
      preValidation: requireStaffPerm(D.receiptAdd),
      schema: {
        tags,
        summary: 'Saves a draft receipt (and confirms it when asked)',
        params: idParamSchema,
        body: receiptUpdateSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(
        await updateReceipt(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.post(
    A.confirm(':id'),
    {
      preValidation: requireStaffPerm(D.receiptAdd),
      schema: {
        tags,
        summary: 'Confirms a draft receipt',
        params: idParamSchema,
        body: asnVersionSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(await confirmReceipt(contextOf(request), request.params.id, request.body.version)),
  );

  app.post(
    A.reverse(':id'),
    {
      preValidation: requireStaffPerm(D.receiptReverse),
      schema: {
        tags,
        summary: 'Reverses a confirmed receipt with a reason',
        params: idParamSchema,
        body: receiptReverseSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await reverseReceipt(contextOf(request), request.params.id, request.body)),
  );
};

/** The supplier's side: its notices, against its acknowledged orders. */
export const portalDeliveryRoutes: SignedInRoutes = async (app) => {
  app.get(
    A.portalPerformance,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The caller’s supplier’s own delivery figures',
        response: { 200: envelope(supplierDeliverySchema) },
      },
    },
    async (request) => envelopeOk(await ownDelivery(contextOf(request))),
  );

  app.get(
    A.portal,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The caller’s supplier’s notices, newest first',
        querystring: asnPortalQuerySchema,
        response: { 200: envelope(pageOf(asnSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await portalAsns(contextOf(request), request.query)),
  );

  app.get(
    A.shippable,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The order lines the caller’s supplier may ship now',
        querystring: z.object({ orderId: idParamSchema.shape.id.optional() }),
        response: { 200: envelope(z.array(shippableLineSchema)) },
      },
    },
    async (request) => envelopeOk(await shippableLines(contextOf(request), request.query.orderId)),
  );

  app.get(
    `${A.portal}/:id`,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'One of the caller’s supplier’s notices',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await portalAsn(contextOf(request), request.params.id)),
  );

  app.get(
    A.portalLabels(':id'),
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The notice’s package labels with barcodes',
        params: idParamSchema,
        response: labels,
      },
    },
    async (request) => envelopeOk(await portalAsnLabels(contextOf(request), request.params.id)),
  );

  app.post(
    A.portal,
    {
      preValidation: requireSupplierUser,
      schema: { tags, summary: 'A new notice in draft', body: asnSaveSchema, response: one },
    },
    async (request) =>
      envelopeOk(await createAsn(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${A.portal}/:id`,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'Saves a draft notice',
        params: idParamSchema,
        body: asnUpdateSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(
        await updateAsn(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${A.portal}/:id`,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'Deletes a draft notice',
        params: idParamSchema,
        querystring: z.object({ version: z.coerce.number().int().min(0) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteAsn(contextOf(request), request.params.id, request.query.version);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );

  app.post(
    A.send(':id'),
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'Sends a draft notice to the buyer',
        params: idParamSchema,
        body: asnVersionSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await sendAsn(contextOf(request), request.params.id, request.body.version)),
  );

  app.post(
    A.withdraw(':id'),
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'Takes a sent notice back to draft before it is received',
        params: idParamSchema,
        body: asnVersionSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(await withdrawAsn(contextOf(request), request.params.id, request.body.version)),
  );
};
