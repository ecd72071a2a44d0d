import {
  RfqApi as A,
  envelope,
  idParamSchema,
  RfqPerm as P,
  pageOf,
  portalRfqSchema,
  quoteSaveSchema,
  quoteVersionSchema,
  type Rfq,
  requisitionChoiceSchema,
  requisitionQuerySchema,
  rfqAwardSchema,
  rfqCancelSchema,
  rfqComparisonSchema,
  rfqListQuerySchema,
  rfqNewRoundSchema,
  rfqSaveSchema,
  rfqSchema,
  rfqSummarySchema,
  rfqSupplierChoiceSchema,
  rfqSupplierQuerySchema,
  rfqUpdateSchema,
  rfqVersionSchema,
  VENDOR_FILE_MAX_BYTES,
  vendorFileSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import { receiveUpload, uploadRoutes } from '../core/multipart';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { requireStaffPerm, requireSupplierUser } from '../supplier/access';
import { portalRfq, portalRfqs, saveQuote, uploadQuoteFile, withdrawQuote } from './rfq-portal-service';
import {
  awardRfq,
  cancelRfq,
  closeRfq,
  compareQuotes,
  createRfq,
  deleteRfq,
  getRfq,
  listRfqs,
  newRfqRound,
  publishRfq,
  requisitionChoices,
  rfqSupplierChoices,
  updateRfq,
} from './rfq-service';

const tags = ['requests for quotation'];
const one = { 200: envelope(rfqSchema) };
const portalOne = { 200: envelope(portalRfqSchema) };

export const rfqRoutes: SignedInRoutes = async (app) => {
  app.get(
    A.base,
    {
      preValidation: requireStaffPerm(P.rfq),
      schema: {
        tags,
        summary: 'The tenant’s requests for quotation, newest first (state, keyword)',
        querystring: rfqListQuerySchema,
        response: { 200: envelope(pageOf(rfqSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await listRfqs(contextOf(request), request.query)),
  );

  app.get(
    A.suppliers,
    {
      preValidation: requireStaffPerm(P.rfq),
      schema: {
        tags,
        summary: 'The qualified suppliers a request may invite (by category, name or code)',
        querystring: rfqSupplierQuerySchema,
        response: { 200: envelope(z.array(rfqSupplierChoiceSchema)) },
      },
    },
    async (request) => envelopeOk(await rfqSupplierChoices(contextOf(request), request.query)),
  );

  app.get(
    A.requisitions,
    {
      preValidation: requireStaffPerm(P.rfqAdd),
      schema: {
        tags,
        summary: 'The approved purchase requisitions a request may start from, with their lines',
        querystring: requisitionQuerySchema,
        response: { 200: envelope(z.array(requisitionChoiceSchema)) },
      },
    },
    async (request) => envelopeOk(await requisitionChoices(contextOf(request), request.query.keyword)),
  );

  app.get(
    `${A.base}/:id`,
    {
      preValidation: requireStaffPerm(P.rfq),
      schema: {
        tags,
        summary: 'One request with its lines, invited suppliers (whether they quoted) and orders',
        params: idParamSchema,
        response: one,
      },
    },
    async (request) => envelopeOk(await getRfq(contextOf(request), request.params.id)),
  );

  app.get(
    A.quotes(':id'),
    {
      preValidation: requireStaffPerm(P.rfq),
      schema: {
        tags,
        summary: 'The submitted quotes of the round side by side (409 while the request is open: sealed)',
        params: idParamSchema,
        response: { 200: envelope(rfqComparisonSchema) },
      },
    },
    async (request) => envelopeOk(await compareQuotes(contextOf(request), request.params.id)),
  );

  app.post(
    A.base,
    {
      preValidation: requireStaffPerm(P.rfqAdd),
      schema: { tags, summary: 'A new request in draft', body: rfqSaveSchema, response: one },
    },
    async (request) =>
      envelopeOk(await createRfq(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${A.base}/:id`,
    {
      preValidation: requireStaffPerm(P.rfqEdit),
      schema: { tags, summary: 'Saves a draft', params: idParamSchema, body: rfqUpdateSchema, response: one },
    },
    async (request) =>
      envelopeOk(
        await updateRfq(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${A.base}/:id`,
    {
      preValidation: requireStaffPerm(P.rfqDelete),
      schema: {
        tags,
        summary: 'Deletes a draft',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteRfq(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );

  const action = <B extends z.ZodType>(
    url: string,
    code: string,
    summary: string,
    body: B,
    run: (ctx: ReturnType<typeof contextOf>, id: string, body: z.output<B>) => Promise<Rfq>,
  ) =>
    app.post(
      url,
      {
        preValidation: requireStaffPerm(code),
        schema: { tags, summary, params: idParamSchema, body, response: one },
      },
      async (request) =>
        envelopeOk(
          await run(contextOf(request), (request.params as { id: string }).id, request.body as z.output<B>),
        ),
    );
  action(
    A.publish(':id'),
    P.rfqPublish,
    'Publishes a draft to its invited suppliers',
    rfqVersionSchema,
    (c, id, b) => publishRfq(c, id, b.version),
  );
  action(
    A.close(':id'),
    P.rfqPublish,
    'Closes an open request before its deadline',
    rfqVersionSchema,
    (c, id, b) => closeRfq(c, id, b.version),
  );
  action(
    A.newRound(':id'),
    P.rfqPublish,
    'Starts the next round with a new deadline',
    rfqNewRoundSchema,
    newRfqRound,
  );
  action(A.cancel(':id'), P.rfqPublish, 'Cancels a request with a reason', rfqCancelSchema, cancelRfq);
  action(
    A.award(':id'),
    P.rfqAward,
    'Awards lines to quoting suppliers: into approval, or orders made at once',
    rfqAwardSchema,
    awardRfq,
  );

  app.get(
    A.portal,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The requests the caller’s supplier is invited to, newest first',
        querystring: rfqListQuerySchema,
        response: { 200: envelope(pageOf(rfqSummarySchema)) },
      },
    },
    async (request) => envelopeOk(await portalRfqs(contextOf(request), request.query)),
  );

  app.get(
    `${A.portal}/:id`,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'One request the caller’s supplier is invited to, with its own quote of the round',
        params: idParamSchema,
        response: portalOne,
      },
    },
    async (request) => envelopeOk(await portalRfq(contextOf(request), request.params.id)),
  );

  app.put(
    A.quote(':id'),
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The supplier’s quote of the round, saved as a draft or submitted (while open)',
        params: idParamSchema,
        body: quoteSaveSchema,
        response: portalOne,
      },
    },
    async (request) =>
      envelopeOk(
        await saveQuote(contextOf(request), request.params.id, request.body),
        t(request.locale, request.body.submit ? 'procurement.quoteSent' : 'common.saved'),
      ),
  );

  app.post(
    A.withdrawQuote(':id'),
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'Takes a submitted quote back while the request is open',
        params: idParamSchema,
        body: quoteVersionSchema,
        response: portalOne,
      },
    },
    async (request) =>
      envelopeOk(await withdrawQuote(contextOf(request), request.params.id, request.body.version)),
  );

  await uploadRoutes(app, (uploads) =>
    uploads.post(
      A.upload,
      {
        preValidation: requireSupplierUser,
        schema: {
          tags,
          summary: 'A quote’s attachment (multipart field `file`; PDF or image by content, at most 10 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(vendorFileSchema) },
        },
      },
      async (request) => {
        const errors = {
          noFile: () => new AppError(400, 'file.noFile'),
          tooLarge: () => new AppError(400, 'vendor.fileTooLarge'),
        };
        return envelopeOk(
          await receiveUpload(request, VENDOR_FILE_MAX_BYTES, errors, (file) =>
            uploadQuoteFile(contextOf(request), file),
          ),
        );
      },
    ),
  );
};
