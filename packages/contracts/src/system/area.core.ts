// The zod-free part of area.ts (shared by the web without zod).

/**
 * Areas (system menu group): the Chinese administrative divisions — province (level 1), city (2),
 * district (3). The shipped rows come from a data package and are the same for every tenant; a
 * tenant's corrections (name, short name, enabled) and added entries are its own.
 */
export const AreaPerm = {
  area: 'system.area',
  areaAdd: 'system.area.add',
  areaEdit: 'system.area.edit',
} as const;
export type AreaPermCode = (typeof AreaPerm)[keyof typeof AreaPerm];

export const AreaApi = {
  /**
   * The screen: GET ?parentCode= (children, disabled included) or ?keyword= (matches); POST adds
   * an entry; PUT `${area}/{code}` corrects name, short name and enabled.
   */
  area: '/api/system/Area',
  /**
   * Reference data for forms, signed in or not (the public supplier registration uses them too):
   * enabled entries only; a signed-in caller sees their tenant's corrections, an anonymous one the
   * shipped data. Rate-limited per user or address.
   */
  children: '/api/common/Area/children',
  search: '/api/common/Area/search',
} as const;

/** Levels: the data has no streets (no source with a clear licence ships them). */
export const AREA_LEVELS = [1, 2, 3] as const;
export const AREA_MAX_LEVEL = 3;
/** The parent code of provinces. */
export const AREA_ROOT = '0';
/** Search answers at most this many matches. */
export const AREA_SEARCH_LIMIT = 50;

/** An area as the screen and the cascader see it. */
export interface AreaItem {
  code: string;
  parentCode: string;
  /** Name in use: the tenant's correction, else the shipped one. */
  name: string;
  shortName: string;
  level: number;
  enabled: boolean;
  /** No children to open (districts). */
  isLeaf: boolean;
  /** Added by the tenant (not in the shipped data). */
  added: boolean;
  /** A shipped entry the tenant corrected. */
  edited: boolean;
  /** The shipped name of a corrected entry ('' for added ones). */
  originalName: string;
}

/** A search match with its ancestors, province first (codes and names), the match last. */
export interface AreaMatch {
  path: { code: string; name: string; isLeaf: boolean }[];
}
