import { bidRoom, RfqPerm } from '@srm/contracts';
import { registerSocketMethod, type SocketCall } from '../chat/socket-methods';
import { forbidden } from '../core/errors';
import { createContext } from '../core/service-context';
import { callerSupplier, isSupplierUser } from '../supplier/access';
import { staffBoard, supplierRank } from './bid-service';

/**
 * The live view of an auction's round over the chat socket (the spec's `openBid` / `suspendBid`
 * with the round's `bidId`, the request's id). `openBid` answers the caller's view at once and
 * joins the round's room: staff holding the requests' page get the board, an invited supplier's
 * users their own rank only (404 for anyone else, as over HTTP). `suspendBid` stops the frames.
 */
function contextOf(call: SocketCall<'openBid'>) {
  return createContext(call.deps, call.auth, { locale: call.locale, ip: '', userAgent: '', log: call.log });
}

registerSocketMethod('openBid', async (call) => {
  const ctx = contextOf(call);
  const room = bidRoom(ctx.tenantId, call.frame.bidId);
  if (isSupplierUser(ctx.auth)) {
    const supplier = await callerSupplier(ctx);
    const rank = await supplierRank(ctx, call.frame.bidId, supplier.id);
    call.join(room, `supplier:${supplier.id}`);
    call.send({ method: 'bidRank', ...rank });
    return;
  }
  const perms = await ctx.permissions();
  if (!perms.isAdmin && !perms.codes.has(RfqPerm.rfq)) throw forbidden();
  const board = await staffBoard(ctx, call.frame.bidId);
  call.join(room, 'staff');
  call.send({ method: 'bidBoard', ...board });
});

registerSocketMethod('suspendBid', async (call) => {
  call.leave(bidRoom(call.auth.tenantId, call.frame.bidId));
});
