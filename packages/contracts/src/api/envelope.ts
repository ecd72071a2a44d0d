import { z } from 'zod';
import { MAX_ID } from './envelope.core';

export * from './envelope.core';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), pagination: paginationSchema });
export interface Page<T> {
  list: T[];
  pagination: Pagination;
}

/** Query parameters every paged list accepts (docs/rules.md#api). */
export const pageQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(100).optional(),
  sort: z.string().max(50).optional(),
  sord: z.enum(['asc', 'desc']).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
export const idSchema = z
  .string()
  .regex(/^\d{1,19}$/)
  .refine((v) => v.length < MAX_ID.length || v <= MAX_ID);
