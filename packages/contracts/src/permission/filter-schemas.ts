import { z } from 'zod';
import { COMBOX_TYPES } from './filter-schemas.core';

export * from './filter-schemas.core';

export const comboxQuerySchema = z.object({
  type: z.enum(COMBOX_TYPES),
  keyword: z.string().trim().max(100).optional(),
});
export type ComboxQuery = z.input<typeof comboxQuerySchema>;

/** One option: fullName is the name to show (a department's carries its company path). */
export const comboxOptionSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  enCode: z.string(),
});
export type ComboxOption = z.infer<typeof comboxOptionSchema>;
