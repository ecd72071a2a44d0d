import {
  PurchaseOrderApi as A,
  envelope,
  idParamSchema,
  PurchaseOrderPerm as P,
  pageOf,
  poAnswerSchema,
  poCancelSchema,
  poDecideSchema,
  poListQuerySchema,
  poPortalQuerySchema,
  poSaveSchema,
  poSchema,
  poSummarySchema,
  poSupplierChoiceSchema,
  poUpdateSchema,
  poVersionSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { requireStaffPerm, requireSupplierUser } from '../supplier/access';
import { answerOrder, portalOrder, portalOrders } from './order-portal-service';
import {
  cancelOrder,
  closeOrder,
  createOrder,
  decideProposal,
  deleteOrder,
  getOrder,
  listOrders,
  submitOrder,
  supplierChoices,
  updateOrder,
} from './order-service';

const tags = ['purchase orders'];
const one = { 200: envelope(poSchema) };

export const purchaseOrderRoutes: SignedInRoutes = async (app) => {
  app.get(
    A.base,
    {
      preValidation: requireStaffPerm(P.order),
      schema: {
        tags,
        summary: 'The tenant’s purchase orders, newest first (state, supplier, keyword, attention)',
        querystring: poListQuerySchema,
        response: { 200: envelope(pageOf(poSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await listOrders(contextOf(request), request.query)),
  );

  app.get(
    A.suppliers,
    {
      preValidation: requireStaffPerm(P.order),
      schema: {
        tags,
        summary: 'The qualified suppliers an order may go to',
        querystring: z.object({ keyword: z.string().trim().max(100).optional() }),
        response: { 200: envelope(z.array(poSupplierChoiceSchema)) },
      },
    },
    async (request) => envelopeOk(await supplierChoices(contextOf(request), request.query.keyword)),
  );

  app.get(
    `${A.base}/:id`,
    {
      preValidation: requireStaffPerm(P.order),
      schema: {
        tags,
        summary: 'One order with its lines, history and what the caller may do',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await getOrder(contextOf(request), request.params.id)),
  );

  app.post(
    A.base,
    {
      preValidation: requireStaffPerm(P.orderAdd),
      schema: { tags, summary: 'A new order in draft', body: poSaveSchema, response: one },
    },
    async (request) =>
      envelopeOk(await createOrder(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${A.base}/:id`,
    {
      preValidation: requireStaffPerm(P.orderEdit),
      schema: {
        tags,
        summary: 'Edits a draft, or revises a released order (changed lines go back to the supplier)',
        params: idParamSchema,
        body: poUpdateSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(
        await updateOrder(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${A.base}/:id`,
    {
      preValidation: requireStaffPerm(P.orderDelete),
      schema: {
        tags,
        summary: 'Deletes a draft',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteOrder(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );

  app.post(
    A.submit(':id'),
    {
      preValidation: requireStaffPerm(P.orderRelease),
      schema: {
        tags,
        summary: 'Submits a draft: into its approval flow, or released to the supplier when there is none',
        params: idParamSchema,
        body: poVersionSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(await submitOrder(contextOf(request), request.params.id, request.body.version)),
  );

  app.post(
    A.close(':id'),
    {
      preValidation: requireStaffPerm(P.orderClose),
      schema: {
        tags,
        summary: 'Closes an acknowledged order',
        params: idParamSchema,
        body: poVersionSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(await closeOrder(contextOf(request), request.params.id, request.body.version)),
  );

  app.post(
    A.cancel(':id'),
    {
      preValidation: requireStaffPerm(P.orderClose),
      schema: {
        tags,
        summary: 'Cancels an order with a reason',
        params: idParamSchema,
        body: poCancelSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await cancelOrder(contextOf(request), request.params.id, request.body)),
  );

  app.post(
    A.decide(':id'),
    {
      preValidation: requireStaffPerm(P.orderEdit),
      schema: {
        tags,
        summary: 'Accepts or refuses the supplier’s proposal on a line',
        params: idParamSchema,
        body: poDecideSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await decideProposal(contextOf(request), request.params.id, request.body)),
  );

  app.get(
    A.portal,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The caller’s supplier’s released orders, newest first',
        querystring: poPortalQuerySchema,
        response: { 200: envelope(pageOf(poSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await portalOrders(contextOf(request), request.query)),
  );

  app.get(
    `${A.portal}/:id`,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'One of the caller’s supplier’s orders',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await portalOrder(contextOf(request), request.params.id)),
  );

  app.post(
    A.answer(':id'),
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The supplier answers waiting lines: accept, reject with a reason, or propose',
        params: idParamSchema,
        body: poAnswerSchema,
        response: one,
      },
    },
    async (request) =>
      envelopeOk(
        await answerOrder(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );
};
