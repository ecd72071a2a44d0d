// The zod-free part of portals (在线开发 › 门户设计, decisions §11): a portal is a dashboard of
// widgets placed on a 12-column grid: the reader's to-dos, unread messages, announcements, a chart,
// a number or a table over a dataset, shortcuts to menu items and rich text. Published as menu type
// 8; a portal can also be a role's or a user's home page (the current user's `portalId`). Widgets
// that read what changes (to-dos, messages, datasets) update from the product's push (the socket's
// `messagePush` and `dataChanged` frames), never by polling. The schemas are in portal.ts.
import type { DataModelNames } from './data-model.core';
import type { DatasetParam } from './dataset.core';
import type { ReportAggregate, ReportChart, ReportColumn, ReportFormat } from './report.core';

export const PortalPerm = {
  portal: 'onlineDev.visualPortal',
  portalAdd: 'onlineDev.visualPortal.add',
  portalEdit: 'onlineDev.visualPortal.edit',
  portalDelete: 'onlineDev.visualPortal.delete',
} as const;
export type PortalPermCode = (typeof PortalPerm)[keyof typeof PortalPerm];

export const PortalApi = {
  /**
   * The designer: GET list; POST create; GET/PUT/DELETE `${portal}/{id}`; GET `${portal}/Sources`
   * (the datasets a widget may read, with parameters and columns, and the menu items a shortcut may
   * name); POST `${portal}/{id}/Actions/Publish` (a menu item of type 8); GET/PUT
   * `${portal}/{id}/Homes` (the roles whose home page it is).
   */
  portal: '/api/onlineDev/Portal',
  /**
   * A portal as its reader opens it (through a type-8 menu item whose code he holds, or as his home
   * page): GET `${view}/{id}`; GET `${view}/{id}/Widgets/{widgetId}/Data` (the rows of a dataset
   * widget, run as the reader).
   */
  view: '/api/onlineDev/PortalView',
  /** The current user's home: GET (his portal and the ones he may choose); PUT `{ portalId }` (his own choice, null: back to his role's or the default). */
  home: '/api/onlineDev/PortalHome',
} as const;

export const PORTALS_PER_TENANT = 200;
export const PORTAL_WIDGETS_MAX = 24;
export const PORTAL_COLUMNS = 12;
/** Grid rows a widget may span; a row is PORTAL_ROW_HEIGHT pixels. */
export const PORTAL_ROWS_MAX = 24;
export const PORTAL_Y_MAX = 200;
export const PORTAL_ROW_HEIGHT = 40;
export const PORTAL_SHORTCUTS_MAX = 24;
export const PORTAL_TABLE_ROWS_MAX = 50;
export const PORTAL_TEXT_MAX = 20_000;
/** Rows a widget reads from its dataset at most (a number sums them, a chart groups them). */
export const PORTAL_WIDGET_ROWS_MAX = 5_000;

export const PORTAL_WIDGET_TYPES = [
  'todo',
  'unread',
  'notices',
  'chart',
  'number',
  'table',
  'shortcuts',
  'text',
] as const;
export type PortalWidgetType = (typeof PORTAL_WIDGET_TYPES)[number];
/** Widgets that read a dataset (their rows come from `${view}/{id}/Widgets/{widgetId}/Data`). */
export const PORTAL_DATASET_WIDGETS: readonly PortalWidgetType[] = ['chart', 'number', 'table'];

/** Where a widget sits on the grid: column `x` (0–11), row `y`, `w` columns wide, `h` rows high. */
export interface PortalPlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface WidgetBase extends PortalPlace {
  /** Unique within the portal: letters, digits, `-` and `_`. */
  id: string;
  /** The title over the widget; empty: the widget type's own title. */
  names: DataModelNames;
}

/** The reader's open to-dos, unread messages, or the tenant's announcements: `rows` of them. */
export interface PortalListWidget extends WidgetBase {
  type: 'todo' | 'unread' | 'notices';
  rows: number;
}

interface DatasetWidgetBase extends WidgetBase {
  datasetId: string;
  /** Fixed values of the dataset's parameters. */
  params: Record<string, string | number | boolean | null>;
}

export interface PortalChartWidget extends DatasetWidgetBase {
  type: 'chart';
  chart: Omit<ReportChart, 'names'>;
}

/** One figure: `aggregate(field)` over the rows (count counts rows), in `format`. */
export interface PortalNumberWidget extends DatasetWidgetBase {
  type: 'number';
  field: string;
  aggregate: ReportAggregate;
  format: ReportFormat;
}

export interface PortalTableWidget extends DatasetWidgetBase {
  type: 'table';
  columns: ReportColumn[];
  rows: number;
}

/** Links to menu items of the tenant (a reader sees those his menu holds). */
export interface PortalShortcutsWidget extends WidgetBase {
  type: 'shortcuts';
  menuIds: string[];
}

/** Rich text per language (sanitised on the server; the reader's language, else Chinese). */
export interface PortalTextWidget extends WidgetBase {
  type: 'text';
  html: DataModelNames;
}

export type PortalWidget =
  | PortalListWidget
  | PortalChartWidget
  | PortalNumberWidget
  | PortalTableWidget
  | PortalShortcutsWidget
  | PortalTextWidget;

export interface PortalDefinition {
  widgets: PortalWidget[];
}

export interface PortalSummary {
  id: string;
  code: string;
  names: DataModelNames;
  /** The type-8 menu items that open it. */
  menus: { id: string; name: string }[];
  /** The roles whose home page it is. */
  homeRoles: { id: string; name: string }[];
  updatedAt: number | null;
  updatedByName: string;
}

export interface Portal extends PortalSummary {
  definition: PortalDefinition;
}

/** What the designer may put in a widget: datasets (parameters, columns) and menu items. */
export interface PortalSources {
  datasets: {
    id: string;
    code: string;
    names: DataModelNames;
    params: DatasetParam[];
    columns: string[] | null;
  }[];
  menus: { id: string; parentId: string; names: DataModelNames; type: number }[];
}

/** A portal as its reader gets it: no dataset statements, shortcuts only to what his menu holds. */
export interface PortalView {
  id: string;
  names: DataModelNames;
  definition: PortalDefinition;
  /** Per dataset widget, the tables its dataset reads: a `dataChanged` frame naming one refreshes it. */
  watch: Record<string, string[]>;
}

/** The current user's home page. */
export interface PortalHome {
  /** The portal shown on his home page (null: the product's own home). */
  portalId: string | null;
  /** Whether it is his own choice (else his role's). */
  chosen: boolean;
  /** The portals he may choose: those his menu opens and his roles' homes. */
  choices: { id: string; names: DataModelNames }[];
}

/** A portal widget's rows: a dataset's result without its statement. */
export interface PortalWidgetRows {
  columns: { name: string; type: 'text' | 'number' | 'boolean' }[];
  rows: Record<string, unknown>[];
  truncated: boolean;
}

/** The figure of a number widget over its rows (null when there is none: no rows, no numbers). */
export function portalNumber(
  rows: readonly Record<string, unknown>[],
  field: string,
  aggregate: ReportAggregate,
): number | null {
  if (aggregate === 'count') return rows.length;
  const values: number[] = [];
  for (const row of rows) {
    const raw = row[field];
    const n =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (Number.isFinite(n)) values.push(n);
  }
  if (!values.length) return null;
  if (aggregate === 'sum') return values.reduce((a, b) => a + b, 0);
  if (aggregate === 'avg') return values.reduce((a, b) => a + b, 0) / values.length;
  if (aggregate === 'min') return Math.min(...values);
  return Math.max(...values);
}

/** Whether two places overlap on the grid (the designer packs widgets so that none do). */
export function portalPlacesOverlap(a: PortalPlace, b: PortalPlace): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
