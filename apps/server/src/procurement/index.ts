import type { FastifyInstance } from 'fastify';
import { bidRoutes } from './bid-routes';
import './bid-socket';
import { signedIn } from '../core/scope';
import { portalDeliveryRoutes, receiptRoutes } from './delivery-routes';
import './invoice-flow';
import { invoiceRoutes } from './invoice-routes';
import './order-flow';
import { purchaseOrderRoutes } from './order-routes';
import './rfq-flow';
import { rfqRoutes } from './rfq-routes';

/**
 * Procurement with suppliers (issue 41, decisions §13, docs/procurement.md): purchase orders
 * (`order-*`): staff's side (`order-service.ts`), the supplier's in its portal
 * (`order-portal-service.ts`), the approval through the `PurchaseOrder` workflow form and the
 * messages (`order-flow.ts`), the rows and the history (`order-store.ts`, the one writer of
 * `po_order*`); advance ship notices and receipts (`delivery-*`, `receipt-service.ts`, package
 * labels in `labels.ts`; `delivery-store.ts` is the one writer of `po_asn*`, `po_receipt*` and of
 * the order lines' shipped, received and invoiced quantities); supplier invoices and the
 * three-way match (`invoice-*`, the one writer of `po_invoice*`); requests for quotation and quotes
 * (`rfq-*`: staff's side, the supplier's, the award's approval in `rfq-flow.ts`; `rfq-store.ts`
 * reads them, and they are the one writer of `po_rfq*` and `po_quote*`); live bidding on a request in
 * auction mode (`bid-*`: the bids and the suspending of a round in `bid-service.ts`, the standings
 * and their push in `bid-live.ts`, the socket's `openBid` / `suspendBid` in `bid-socket.ts`).
 */
export async function procurementDomain(app: FastifyInstance): Promise<void> {
  await app.register(signedIn(rfqRoutes));
  await app.register(signedIn(bidRoutes));
  await app.register(signedIn(purchaseOrderRoutes));
  await app.register(signedIn(receiptRoutes));
  await app.register(signedIn(portalDeliveryRoutes));
  await app.register(signedIn(invoiceRoutes));
}
