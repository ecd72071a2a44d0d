import {
  envelope,
  FLOW_STATUS,
  SUPPLIER_EVALUATION,
  SUPPLIER_EVALUATION_CRITERIA,
  type SupplierEvaluation,
  SupplierEvaluationApi,
  supplierEvaluationParamSchema,
  supplierEvaluationSchema,
  VENDOR_CODES,
} from '@srm/contracts';
import { sql } from 'kysely';
import { envelopeOk } from '../core/envelope';
import { notFound } from '../core/errors';
import type { SignedInRoutes } from '../core/scope';
import { contextOf, type ServiceContext } from '../core/service-context';
import { requireStaffPerm } from '../supplier/access';
import { modelsByCode } from './data-model-service';
import { modelTableName } from './model-ddl';

/** The fields the record reads, by the kinds it reads them as (the demo's model; another shape is none). */
const NEEDED: Record<string, string[]> = {
  supplier: ['supplier'],
  period: ['text'],
  score: ['decimal', 'integer', 'money'],
  grade: ['text', 'select'],
  ...Object.fromEntries(SUPPLIER_EVALUATION_CRITERIA.map((c) => [c.field, ['integer', 'decimal']])),
};

/**
 * A supplier's latest approved evaluation (the demo's supplier evaluation model, rows whose flow
 * approved them), for the purchasing staff's supplier record; null when the tenant has no such model
 * or the supplier no approved evaluation. Another tenant's supplier: 404.
 */
export async function latestSupplierEvaluation(
  ctx: ServiceContext,
  supplierId: string,
): Promise<SupplierEvaluation | null> {
  const supplier = await ctx.db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!supplier) throw notFound();
  const model = (await modelsByCode(ctx.db, ctx.tenantId, [SUPPLIER_EVALUATION.model])).get(
    SUPPLIER_EVALUATION.model,
  );
  if (!model) return null;
  const kinds = new Map(model.fields.map((f) => [f.code, f.kind as string]));
  if (Object.entries(NEEDED).some(([code, ok]) => !ok.includes(kinds.get(code) ?? ''))) return null;
  const criteria = SUPPLIER_EVALUATION_CRITERIA.map(
    (c) => sql`${sql.ref(`r.${c.field}`)}::float8 as ${sql.id(c.field)}`,
  );
  const res = await sql<Record<string, unknown>>`select r.period, r.score::float8 as score, r.grade,
      ${sql.join(criteria)}, coalesce(r.updated_at, r.created_at) as approved_at
    from ${sql.table(modelTableName(ctx.tenantId, SUPPLIER_EVALUATION.model))} as r
    where r.tenant_id = ${ctx.tenantId} and r.supplier = ${supplierId} and r.flow_state = ${FLOW_STATUS.approved}
    order by coalesce(r.updated_at, r.created_at) desc, r.id desc limit 1`.execute(ctx.db);
  const row = res.rows[0];
  if (!row) return null;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    period: String(row.period ?? ''),
    score: num(row.score),
    grade: (row.grade as string | null) ?? null,
    scores: Object.fromEntries(
      SUPPLIER_EVALUATION_CRITERIA.map((c) => [c.field, num(row[c.field])]),
    ) as SupplierEvaluation['scores'],
    approvedAt: new Date(row.approved_at as string).getTime(),
  };
}

export const supplierEvaluationRoutes: SignedInRoutes = async (app) => {
  app.get(
    `${SupplierEvaluationApi.base}/:supplierId`,
    {
      // The purchasing side's record: its staff code, never a supplier's own user (internal scores).
      preValidation: requireStaffPerm(VENDOR_CODES.supplier),
      schema: {
        tags: ['model pages'],
        summary:
          'A supplier’s latest approved evaluation (the supplier evaluation model’s rows whose flow approved them), or null; staff with the supplier records only',
        params: supplierEvaluationParamSchema,
        response: { 200: envelope(supplierEvaluationSchema.nullable()) },
      },
    },
    async (request) =>
      envelopeOk(await latestSupplierEvaluation(contextOf(request), request.params.supplierId)),
  );
};
