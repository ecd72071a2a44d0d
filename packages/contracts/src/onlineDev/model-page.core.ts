// The zod-free part of the model pages (menu type 3): a menu item names a published design in its
// `propertyJson.moduleId`; the page lists, queries and edits the rows of the design's model under
// the menu's own codes. The schemas are in model-page.ts.
import type { FormSchema } from '../workflow/flow-model.core';
import type { DataModelField, DataModelNames } from './data-model.core';
import type { ListButton, ListDesign } from './design.core';

export const ModelPageApi = {
  /**
   * Under `${page}/{menuId}`: GET `/Config`; POST `/List`; POST `/Rows`; GET, PUT and DELETE
   * `/Rows/{id}`; POST `/Actions/BatchDelete`; GET `/Actions/Export` (xlsx);
   * GET `/Actions/ImportTemplate`; POST `/Actions/Import` (multipart `file`, query `dryRun`): every
   * row is checked; a dry run answers what would happen, otherwise the good rows go in together.
   * GET `/Options/{field}?keyword=&ids=`: the rows a reference field may name, by their label.
   * POST `/Rows/{id}/Actions/LaunchFlow`: submits the row to the released flow bound to the design.
   */
  page: '/api/onlineDev/ModelPage',
} as const;

/** Rows one import may hold, and the rows a list page or a batch may name. */
export const MODEL_PAGE_IMPORT_MAX = 100_000;
export const MODEL_PAGE_BATCH_MAX = 500;
/**
 * A list counts its rows up to this many past the page it answers: beyond, the total is "at least"
 * (`totalCapped`), as exact counts of a million rows cost more than the page itself.
 */
export const MODEL_PAGE_COUNT_BEYOND = 10_000;
/** Lines a row's sub-table may hold (as the flow forms' tables). */
export const MODEL_PAGE_LINES_MAX = 200;

/**
 * A model page's button code: the menu's code and the design's button (`supplierEval.add`). The
 * menu editor keeps one button per design button, so the authorize screen grants them.
 */
export function modelPageButtonCode(menuCode: string, button: ListButton): string {
  return `${menuCode}.${button}`;
}

/**
 * A model page's column code (`supplierEval.column.grade`): three parts, so it never meets a
 * button's code. Without it, the field is left out of the user's list, detail and export.
 */
export function modelPageColumnCode(menuCode: string, field: string): string {
  return `${menuCode}.column.${field}`;
}

/** A model field as the page reads it (formats, query widgets, labels). */
export type ModelPageField = Pick<DataModelField, 'code' | 'names' | 'kind'> & {
  dictType?: string | undefined;
  model?: string | undefined;
  precision?: number | undefined;
  scale?: number | undefined;
};

export interface ModelPageConfig {
  menuId: string;
  designId: string;
  designVersion: number;
  names: DataModelNames;
  isTree: boolean;
  /** The designed form, without the fields whose column the user may not see. */
  form: FormSchema;
  /** The designed list, without the columns and query fields the user may not see. */
  list: ListDesign;
  /** The design's buttons the user holds. */
  buttons: ListButton[];
  /** The model's fields the page shows, by code. */
  fields: ModelPageField[];
  /** The released flow bound to the design (its form is `Design<id>`), or null: none to launch. */
  flow: { id: string; name: string } | null;
}

/**
 * A row's flow states (contracts' FLOW_STATUS: 1 in approval, 2 approved, 3 rejected, 4
 * withdrawn, 5 terminated) during which the model page may not change or delete it, nor launch
 * it again: the flow holds it.
 */
export const MODEL_ROW_LOCKED_STATES: readonly number[] = [1, 2];

/** Whether a row in this flow state is held by its flow (no edit, delete or new launch). */
export function modelRowLocked(flowState: number | null | undefined): boolean {
  return flowState !== null && flowState !== undefined && MODEL_ROW_LOCKED_STATES.includes(flowState);
}

/** A query value: a scalar for `eq` and `like`, `[from, to]` for `between`, a list for `in`. */
export type ModelPageQueryValue = string | number | boolean | null | (string | number | null)[];

export interface ModelPageListQuery {
  currentPage: number;
  pageSize: number;
  query?: Record<string, ModelPageQueryValue> | undefined;
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
  /** A tree page: the children of this row ('0' the roots); without it, every row. */
  parentId?: string | undefined;
}

export interface ModelRow {
  id: string;
  /** Field code → value (dates `YYYY-MM-DD`, datetimes ISO, ids as strings, lines as rows). */
  data: Record<string, unknown>;
  /** Field code → what to show for ids (a user's name, a department, a supplier, a referenced row). */
  labels: Record<string, string>;
  parentId: string | null;
  createdBy: string | null;
  createdByName: string;
  createdAt: number;
  updatedAt: number | null;
  /** The row's flow: its task and state (FLOW_STATUS), null when it was never submitted. */
  flowTaskId: string | null;
  flowState: number | null;
}

/** A row a reference field may name, shown by its label. */
export interface ModelRowOption {
  id: string;
  label: string;
}

/** The options a reference lookup answers at most. */
export const MODEL_PAGE_OPTIONS_MAX = 50;

/** A page of rows: `totalCapped` when there are at least `pagination.total` rows (the count stopped). */
export interface ModelRowPage {
  list: ModelRow[];
  pagination: { currentPage: number; pageSize: number; total: number };
  totalCapped?: boolean | undefined;
}

/** What an import did, or would do (a dry run): rows counted, and each refused row with why. */
export interface ModelImportResult {
  dryRun: boolean;
  total: number;
  imported: number;
  failed: number;
  /** The first refused rows (at most 100 listed): the sheet's row number and field → message. */
  errors: { row: number; fields: Record<string, string> }[];
  /** The refused rows as .xlsx (base64) with a column of reasons, when any failed (as the user import's). */
  errorReport: string | null;
}

/** What POST `/Rows/{id}/Actions/LaunchFlow` answers: the new task and the row as it is now. */
export interface ModelRowLaunch {
  taskId: string;
  billNo: string;
  status: number;
  row: ModelRow;
}
