import { z } from 'zod';

/**
 * `GET /api/sys/filter/combox-list` (spec §7): the options of a list screen's filter drop-downs —
 * the enabled roles, positions, companies or departments of the tenant, one call for every kind.
 */
export const FilterApi = {
  comboxList: '/api/sys/filter/combox-list',
} as const;

export const COMBOX_TYPES = ['role', 'position', 'company', 'department'] as const;
export type ComboxType = (typeof COMBOX_TYPES)[number];

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
