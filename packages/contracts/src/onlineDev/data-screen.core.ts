// The zod-free part of data screens (在线开发 › 大屏设计, decisions §11, docs/data-screens.md): a
// full-screen dashboard laid out on a 1920×1080 design canvas (each widget at x, y, w, h in design
// pixels), scaled to the window keeping 16:9. Widgets: a title, a text, a number, a chart or a
// table over a dataset, a clock. Published as menu type 6, which opens the product's own viewer at
// `{visualisation base}/view/{id}?token=…` with a short-lived view token (never the session). The
// schemas are in data-screen.ts.
import type { DataModelNames } from './data-model.core';
import type { PortalChartWidget, PortalNumberWidget, PortalPlace, PortalTableWidget } from './portal.core';

export const DataScreenPerm = {
  screen: 'onlineDev.dataScreen',
  screenAdd: 'onlineDev.dataScreen.add',
  screenEdit: 'onlineDev.dataScreen.edit',
  screenDelete: 'onlineDev.dataScreen.delete',
} as const;
export type DataScreenPermCode = (typeof DataScreenPerm)[keyof typeof DataScreenPerm];

export const DataScreenApi = {
  /**
   * The designer: GET list; POST create; GET/PUT/DELETE `${screen}/{id}`; GET `${screen}/Sources`
   * (the datasets a widget may read); POST `${screen}/{id}/Actions/Publish` (a menu item of type 6).
   */
  screen: '/api/onlineDev/DataScreen',
  /**
   * The viewer. Signed in: POST `${view}/{id}/Actions/ViewToken` (a view token for a screen the
   * caller may open). Without a session: POST `${view}/{id}/Actions/Open` `{ token }` exchanges the
   * view token, once, for a viewer token; GET `${view}/{id}`, `${view}/{id}/Widgets/{widgetId}/Data`
   * and `${view}/{id}/Maps/{mapId}` (the regions a map chart of the screen draws) take the viewer
   * token (`Authorization: Bearer …`).
   */
  view: '/api/onlineDev/DataScreenView',
} as const;

/**
 * The viewer's own address in the web app: the visualisation base when the tenant's `dataVUrl`
 * config is empty. A type-6 menu item opens `${base}/view/{id}?token=…`.
 */
export const DATA_SCREEN_BASE = '/dataV';

export const DATA_SCREENS_PER_TENANT = 200;
export const DATA_SCREEN_WIDTH = 1920;
export const DATA_SCREEN_HEIGHT = 1080;
/** The smallest widget side, in design pixels. */
export const DATA_SCREEN_MIN_SIDE = 20;
export const DATA_SCREEN_WIDGETS_MAX = 40;
export const DATA_SCREEN_TEXT_MAX = 2_000;
/** How often the viewer reads its widgets again, in seconds. */
export const DATA_SCREEN_REFRESH_MIN = 10;
export const DATA_SCREEN_REFRESH_MAX = 86_400;
export const DATA_SCREEN_REFRESH_DEFAULT = 60;
/** A view token opens the viewer within this long, once. */
export const DATA_SCREEN_VIEW_TOKEN_SECONDS = 300;
/** A viewer token (what the opened viewer reads with) lives this long, then the menu opens it again. */
export const DATA_SCREEN_VIEWER_SECONDS = 12 * 3600;

export const DATA_SCREEN_THEMES = ['dark', 'light'] as const;
export type DataScreenTheme = (typeof DATA_SCREEN_THEMES)[number];
export const DATA_SCREEN_ALIGNS = ['left', 'center', 'right'] as const;
export const DATA_SCREEN_CLOCK_FORMATS = ['datetime', 'date', 'time'] as const;

/**
 * The widget types, in the designer's palette order. A new type is one more entry here, its
 * interface in `DataScreenWidget`, its schema in data-screen.ts and its entry in the web's widget
 * table (views/onlineDev/dataScreen/widgets.tsx); one that reads a dataset also goes in
 * DATA_SCREEN_DATASET_WIDGETS.
 */
export const DATA_SCREEN_WIDGET_TYPES = ['title', 'text', 'number', 'chart', 'table', 'clock'] as const;
export type DataScreenWidgetType = (typeof DATA_SCREEN_WIDGET_TYPES)[number];
/** Widgets that read a dataset (their rows come from `${view}/{id}/Widgets/{widgetId}/Data`). */
export const DATA_SCREEN_DATASET_WIDGETS: readonly DataScreenWidgetType[] = ['number', 'chart', 'table'];

/** Where a widget sits on the 1920×1080 canvas, in design pixels. */
export interface DataScreenPlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface ScreenWidgetBase extends DataScreenPlace {
  /** Unique within the screen: letters, digits, `-` and `_`. */
  id: string;
  /** The caption over the widget (empty in every language: none). */
  names: DataModelNames;
}

/** A heading or a paragraph: plain text per language (the reader's, else the Chinese). */
export interface DataScreenTextWidget extends ScreenWidgetBase {
  type: 'title' | 'text';
  text: DataModelNames;
  /** Font size in design pixels. */
  fontSize: number;
  align: (typeof DATA_SCREEN_ALIGNS)[number];
}

/** The time of the screen's clock, ticking every second. */
export interface DataScreenClockWidget extends ScreenWidgetBase {
  type: 'clock';
  format: (typeof DATA_SCREEN_CLOCK_FORMATS)[number];
  fontSize: number;
}

type Placed<T> = Omit<T, keyof PortalPlace> & DataScreenPlace;
/** A number, chart or table over a dataset: the parts a portal's widget of the type has. */
export type DataScreenNumberWidget = Placed<PortalNumberWidget>;
export type DataScreenChartWidget = Placed<PortalChartWidget>;
export type DataScreenTableWidget = Placed<PortalTableWidget>;

export type DataScreenWidget =
  | DataScreenTextWidget
  | DataScreenClockWidget
  | DataScreenNumberWidget
  | DataScreenChartWidget
  | DataScreenTableWidget;
export type DataScreenDatasetWidget = Extract<DataScreenWidget, { datasetId: string }>;

export interface DataScreenDefinition {
  theme: DataScreenTheme;
  /** The canvas' background colour (`#rrggbb`). */
  background: string;
  /** Seconds between the viewer's reads of its widgets. */
  refreshSeconds: number;
  /** Painted in order: a later widget lies over an earlier one. */
  widgets: DataScreenWidget[];
}

export interface DataScreenSummary {
  id: string;
  code: string;
  names: DataModelNames;
  /** The type-6 menu items that open it. */
  menus: { id: string; name: string }[];
  updatedAt: number | null;
  updatedByName: string;
}

export interface DataScreen extends DataScreenSummary {
  definition: DataScreenDefinition;
}

/** A screen as its viewer gets it (no dataset statements). */
export interface DataScreenView {
  id: string;
  names: DataModelNames;
  definition: DataScreenDefinition;
}

/** POST `${view}/{id}/Actions/ViewToken`: the token the viewer's address carries. */
export interface DataScreenViewToken {
  token: string;
  /** Epoch ms after which it no longer opens the viewer. */
  expiresAt: number;
}

/** POST `${view}/{id}/Actions/Open`: the viewer's token, and the screen. */
export interface DataScreenOpened {
  viewerToken: string;
  expiresAt: number;
  screen: DataScreenView;
}

export const isDataScreenDatasetWidget = (w: DataScreenWidget): w is DataScreenDatasetWidget =>
  DATA_SCREEN_DATASET_WIDGETS.includes(w.type);

/** The scale and letterbox offsets that fit the design canvas into a window, keeping 16:9. */
export function dataScreenFit(width: number, height: number): { scale: number; left: number; top: number } {
  if (!(width > 0) || !(height > 0)) return { scale: 1, left: 0, top: 0 };
  const scale = Math.min(width / DATA_SCREEN_WIDTH, height / DATA_SCREEN_HEIGHT);
  return {
    scale,
    left: Math.max(0, (width - DATA_SCREEN_WIDTH * scale) / 2),
    top: Math.max(0, (height - DATA_SCREEN_HEIGHT * scale) / 2),
  };
}
