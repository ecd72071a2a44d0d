// The zod-free part of filter-schemas.ts (shared by the web without zod).

/**
 * `GET /api/sys/filter/combox-list`: the options of a list screen's filter drop-downs —
 * the enabled roles, positions, companies or departments of the tenant, one call for every kind.
 */
export const FilterApi = {
  comboxList: '/api/sys/filter/combox-list',
} as const;

export const COMBOX_TYPES = ['role', 'position', 'company', 'department'] as const;
export type ComboxType = (typeof COMBOX_TYPES)[number];
