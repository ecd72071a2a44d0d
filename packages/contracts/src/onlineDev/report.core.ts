// The zod-free part of data reports (在线开发 › 报表设计, decisions §11): a report reads one dataset
// and shows its rows as a table (grouped, with subtotals), a pivot and charts, with a query form
// from the dataset's parameters; published as menu type 5, whose code is the report's permission
// on the authorize screen. The shaping of rows into groups, a pivot and chart series is in
// report-shape.ts, shared by the web (what is drawn) and the server (what is exported). The
// schemas are in report.ts.
import type { DataModelNames } from './data-model.core';
import type { DatasetParam } from './dataset.core';

export const ReportPerm = {
  report: 'onlineDev.dataReport',
  reportAdd: 'onlineDev.dataReport.add',
  reportEdit: 'onlineDev.dataReport.edit',
  reportDelete: 'onlineDev.dataReport.delete',
} as const;
export type ReportPermCode = (typeof ReportPerm)[keyof typeof ReportPerm];

export const ReportApi = {
  /**
   * The designer: GET list; POST create; GET/PUT/DELETE `${report}/{id}`; GET `${report}/Datasets`
   * (what a report may read: the datasets with their parameters and columns); POST
   * `${report}/Actions/Preview` (a dataset's rows for the designer); POST
   * `${report}/{id}/Actions/Publish` (a menu item of type 5 for it).
   */
  report: '/api/onlineDev/DataReport',
  /**
   * A published report, reached through its menu item (type 5): GET `${view}/{menuId}/Config`,
   * POST `${view}/{menuId}/Actions/Run`, GET `${view}/{menuId}/Actions/Export?params=…` (.xlsx).
   */
  view: '/api/onlineDev/ReportView',
} as const;

/** The button of a report's menu item that lets its holder export (`${menuCode}.export`). */
export const REPORT_BUTTONS = ['export'] as const;
export type ReportButton = (typeof REPORT_BUTTONS)[number];

export const REPORTS_PER_TENANT = 500;
export const REPORT_COLUMNS_MAX = 50;
export const REPORT_GROUPS_MAX = 3;
export const REPORT_CHARTS_MAX = 6;
export const REPORT_SERIES_MAX = 5;
/** Distinct values of a pivot's column field shown as columns; more are cut and said so. */
export const REPORT_PIVOT_COLUMNS_MAX = 60;
/** Categories a chart draws at most (the rest are summed under "others" in a pie). */
export const REPORT_CHART_POINTS_MAX = 500;

export const REPORT_FORMATS = ['text', 'number', 'money', 'percent', 'date'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** Formats whose values are summed in subtotals and totals. */
export const REPORT_SUMMED_FORMATS: readonly ReportFormat[] = ['number', 'money'];

export const REPORT_AGGREGATES = ['sum', 'count', 'avg', 'min', 'max'] as const;
export type ReportAggregate = (typeof REPORT_AGGREGATES)[number];

export const REPORT_CHART_TYPES = ['bar', 'line', 'pie', 'scatter', 'map'] as const;
export type ReportChartType = (typeof REPORT_CHART_TYPES)[number];
/** The chart types that need nothing but the rows (a map needs its regions too). */
export const PLAIN_CHART_TYPES = ['bar', 'line', 'pie', 'scatter'] as const;

/** A column of the report's table: a column of the dataset's rows, its heading and format. */
export interface ReportColumn {
  field: string;
  names: DataModelNames;
  format: ReportFormat;
}

export interface ReportTable {
  columns: ReportColumn[];
  /** Fields of `columns` the rows are grouped by, outermost first (rows keep the dataset's order within a group). */
  groupBy: string[];
  /** A subtotal row after each group and a total row at the end (number and money columns). */
  subtotals: boolean;
}

/** A cross table: one row per value of `rows`, one column per value of `column`, cells `aggregate(value)`. */
export interface ReportPivot {
  rows: string[];
  column: string;
  value: string;
  aggregate: ReportAggregate;
}

/**
 * A chart: the `y` fields summed by `x` (and split by `series` for bar and line); a pie takes the
 * first `y`; a scatter draws one point per row (`x` and the first `y` numbers); a map colours the
 * region of map `mapId` whose name or code is `x` by the first `y` summed (a choropleth).
 */
export interface ReportChart {
  type: ReportChartType;
  names: DataModelNames;
  x: string;
  y: string[];
  series?: string;
  /** type `map`: a map of 系统数据 › 数据地图 (map.core.ts). */
  mapId?: string;
}

export interface ReportDefinition {
  datasetId: string;
  table: ReportTable;
  pivot: ReportPivot | null;
  charts: ReportChart[];
}

export interface ReportSummary {
  id: string;
  code: string;
  names: DataModelNames;
  datasetId: string;
  datasetNames: DataModelNames;
  /** The type-5 menu items that open it. */
  menus: { id: string; name: string }[];
  updatedAt: number | null;
  updatedByName: string;
}

export interface Report extends ReportSummary {
  definition: ReportDefinition;
}

/** A dataset as the report designer sees it: what its query form asks and the columns it answers. */
export interface ReportDataset {
  id: string;
  code: string;
  names: DataModelNames;
  params: DatasetParam[];
  /** The columns its rows have, when known without running it (null: `select *` and the like). */
  columns: string[] | null;
}

/** A published report as its reader gets it. */
export interface ReportView {
  id: string;
  names: DataModelNames;
  params: DatasetParam[];
  definition: Omit<ReportDefinition, 'datasetId'>;
  buttons: ReportButton[];
}
