import { z } from 'zod';

export * from './supplier-evaluation.core';

export const supplierEvaluationParamSchema = z.object({ supplierId: z.string().regex(/^\d{1,18}$/) });

export const supplierEvaluationSchema = z.object({
  period: z.string(),
  score: z.number().nullable(),
  grade: z.string().nullable(),
  scores: z.object({
    quality: z.number().nullable(),
    delivery: z.number().nullable(),
    price: z.number().nullable(),
    service: z.number().nullable(),
  }),
  approvedAt: z.number(),
});
