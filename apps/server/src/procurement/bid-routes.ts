import {
  RfqApi as A,
  bidBoardSchema,
  bidPlaceSchema,
  bidRankSchema,
  envelope,
  idParamSchema,
  RfqPerm as P,
  rfqSchema,
  rfqVersionSchema,
} from '@srm/contracts';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { requireStaffPerm, requireSupplierUser } from '../supplier/access';
import { placeBid, resumeBidding, staffBoard, supplierRank, suspendBidding } from './bid-service';

const tags = ['requests for quotation'];

/** Live bidding over HTTP: staff's board and its suspend and resume, the supplier's rank and bids. */
export const bidRoutes: SignedInRoutes = async (app) => {
  app.get(
    A.board(':id'),
    {
      preValidation: requireStaffPerm(P.rfq),
      schema: {
        tags,
        summary: 'Staff’s live board of an auction’s round: every bidder ranked, every bid',
        params: idParamSchema,
        response: { 200: envelope(bidBoardSchema) },
      },
    },
    async (request) => envelopeOk(await staffBoard(contextOf(request), request.params.id)),
  );

  for (const [url, summary, run] of [
    [A.suspendBid(':id'), 'Suspends an auction’s round: no bids, its clock stands still', suspendBidding],
    [A.resumeBid(':id'), 'Resumes a suspended round with the time it had left', resumeBidding],
  ] as const)
    app.post(
      url,
      {
        preValidation: requireStaffPerm(P.rfqPublish),
        schema: {
          tags,
          summary,
          params: idParamSchema,
          body: rfqVersionSchema,
          response: { 200: envelope(rfqSchema) },
        },
      },
      async (request) => envelopeOk(await run(contextOf(request), request.params.id, request.body.version)),
    );

  app.get(
    A.bids(':id'),
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The supplier’s rank and own bids in an auction’s round (never another’s price)',
        params: idParamSchema,
        response: { 200: envelope(bidRankSchema) },
      },
    },
    async (request) => envelopeOk(await supplierRank(contextOf(request), request.params.id)),
  );

  app.post(
    A.bids(':id'),
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'A bid: a unit price for every line, below the supplier’s own best, while the round is open',
        params: idParamSchema,
        body: bidPlaceSchema,
        response: { 200: envelope(bidRankSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await placeBid(contextOf(request), request.params.id, request.body),
        t(request.locale, 'procurement.bidPlaced'),
      ),
  );
};
