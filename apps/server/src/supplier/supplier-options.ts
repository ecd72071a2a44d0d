import type { SupplierOption } from '@srm/contracts';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';

/**
 * The suppliers a form's supplier field offers (a designed form's "supplier" control): the tenant's,
 * by name or code, eliminated and blacklisted ones left out; or those of the ids a stored form holds
 * (all of them, whatever their state now, so that an old form still names them).
 */
export async function supplierOptions(
  ctx: Pick<ServiceContext, 'db' | 'tenantId'>,
  q: { keyword?: string | undefined; ids?: string | undefined },
): Promise<SupplierOption[]> {
  let query = ctx.db
    .selectFrom('vendor_supplier')
    .select(['id', 'supplier_name', 'supplier_code', 'state'])
    .where('tenant_id', '=', ctx.tenantId);
  if (q.ids) query = query.where('id', 'in', q.ids.split(','));
  else {
    query = query.where('state', '!=', 'eliminated').where('blacklisted', '=', false);
    if (q.keyword) {
      const like = likePattern(q.keyword);
      query = query.where((eb) =>
        eb.or([eb('supplier_name', 'ilike', like), eb('supplier_code', 'ilike', like)]),
      );
    }
  }
  const rows = await query.orderBy('supplier_name').limit(50).execute();
  return rows.map((r) => ({
    id: String(r.id),
    supplierName: r.supplier_name,
    supplierCode: r.supplier_code,
    state: r.state,
  }));
}
