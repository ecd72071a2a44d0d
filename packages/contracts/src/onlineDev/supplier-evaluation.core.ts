// The demo's supplier evaluation (issue 38 §6): a data model, design, model page and flow built with
// the online designers (server onlinedev/seed.ts). The codes below are what the seed names them and
// what the supplier record's "latest evaluation" reads: the tenant's model of that code, its
// fields `supplier`, `period`, the four criteria, `score` and `grade`, rows whose flow approved them.

export const SUPPLIER_EVALUATION = {
  /** The data model's code (table `dm_<tenant>_supplier_evaluation`). */
  model: 'supplier_evaluation',
  /** The model page's menu code, in the supplier group. */
  menu: 'base.supplierEvaluation',
  /** The approval flow's code. */
  flow: 'supplierEvaluation',
} as const;

/** The criteria and their weights in the weighted score. */
export const SUPPLIER_EVALUATION_CRITERIA = [
  { field: 'quality', weight: 0.4 },
  { field: 'delivery', weight: 0.3 },
  { field: 'price', weight: 0.2 },
  { field: 'service', weight: 0.1 },
] as const;
export type SupplierEvaluationCriterion = (typeof SUPPLIER_EVALUATION_CRITERIA)[number]['field'];

/**
 * GET `${SupplierEvaluationApi.base}/{supplierId}`: a supplier's latest approved evaluation (staff
 * holding the supplier records), null when none.
 */
export const SupplierEvaluationApi = { base: '/api/onlineDev/SupplierEvaluation' } as const;

export interface SupplierEvaluation {
  period: string;
  score: number | null;
  grade: string | null;
  scores: Record<SupplierEvaluationCriterion, number | null>;
  /** When the flow approved it (the row's last change). */
  approvedAt: number;
}
