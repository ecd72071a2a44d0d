import { PORTAL_COLUMNS, PORTAL_ROWS_MAX, type PortalPlace } from '@srm/contracts/core';
import { type Layout, verticalCompactor } from 'react-grid-layout/core';
import { clampPlace, type WidgetFormValues } from './portal-form';

/** The widgets as react-grid-layout's layout (a widget spans PORTAL_ROWS_MAX rows at most). */
export const toLayout = (widgets: readonly WidgetFormValues[]): Layout =>
  widgets.map((w) => ({ i: w.id, x: w.x, y: w.y, w: w.w, h: w.h, maxH: PORTAL_ROWS_MAX }));

/** Each widget's place in a layout, by widget id. */
export const placesOf = (layout: Layout) =>
  new Map<string, PortalPlace>(layout.map((l) => [l.i, { x: l.x, y: l.y, w: l.w, h: l.h }]));

/**
 * The places after a widget's place was typed in (the keyboard's way to drag): kept on the grid,
 * the widget stays where it was put while the others make room around it (pushed down where they
 * met it), then the whole is packed upwards, so that none overlap.
 */
export function placesAfterTyping(
  widgets: readonly WidgetFormValues[],
  index: number,
  changed: keyof PortalPlace,
): Map<string, PortalPlace> {
  const target = widgets[index];
  if (!target) return placesOf(toLayout(widgets));
  const place = clampPlace(target, changed);
  const pinned = toLayout(widgets).map((l) => (l.i === target.id ? { ...l, ...place, static: true } : l));
  const around = verticalCompactor.compact(pinned, PORTAL_COLUMNS).map(({ static: _pinned, ...l }) => l);
  return placesOf(verticalCompactor.compact(around, PORTAL_COLUMNS));
}
