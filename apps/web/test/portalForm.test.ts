import { portalDefinitionSchema, portalPlacesOverlap } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import { placesAfterTyping } from '../src/views/onlineDev/visualPortal/grid-place';
import {
  clampPlace,
  formPathOf,
  newWidget,
  toDefinition,
  type WidgetFormValues,
} from '../src/views/onlineDev/visualPortal/portal-form';

const widget = (id: string, x: number, y: number, w: number, h: number): WidgetFormValues => ({
  id,
  type: 'text',
  names: { 'zh-CN': '' },
  html: { 'zh-CN': '' },
  x,
  y,
  w,
  h,
});

describe('the portal designer', () => {
  it('puts a new widget below the others, with its type’s settings', () => {
    const first = newWidget('number', []);
    expect(first).toMatchObject({ x: 0, y: 0, w: 3, h: 3, aggregate: 'sum', params: {} });
    const second = newWidget('chart', [first]);
    expect(second.y).toBe(3);
    expect(second.id).not.toBe(first.id);
    expect(second.id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });

  it('keeps a typed place on the grid', () => {
    expect(clampPlace({ x: 10, y: 0, w: 6, h: 2 }, 'x')).toEqual({ x: 10, y: 0, w: 2, h: 2 });
    expect(clampPlace({ x: 10, y: 0, w: 6, h: 2 }, 'w')).toEqual({ x: 6, y: 0, w: 6, h: 2 });
    expect(clampPlace({ x: 0, y: -3, w: 0, h: 99 }, 'h')).toEqual({ x: 0, y: 0, w: 1, h: 24 });
  });

  it('leaves a widget where it was typed in and moves the others out of its way', () => {
    const widgets = [widget('a', 0, 0, 3, 3), widget('b', 0, 3, 6, 8), widget('c', 0, 11, 12, 4)];
    widgets[2] = { ...widgets[2]!, y: 0 };
    const places = placesAfterTyping(widgets, 2, 'y');
    expect(places.get('c')).toEqual({ x: 0, y: 0, w: 12, h: 4 });
    expect(places.get('a')).toEqual({ x: 0, y: 4, w: 3, h: 3 });
    const all = [...places.values()];
    for (const [i, p] of all.entries())
      for (const q of all.slice(i + 1)) expect(portalPlacesOverlap(p, q)).toBe(false);
  });

  it('saves what the server accepts, half-filled parts included', () => {
    const number = { ...newWidget('number', []), datasetId: '12', field: 'n', params: { a: '', b: 2 } };
    const definition = toDefinition({ code: 'x', names: { 'zh-CN': 'x' }, widgets: [number] });
    expect(definition.widgets[0]).toMatchObject({ type: 'number', params: { b: 2 }, field: 'n' });
    expect(portalDefinitionSchema.safeParse(definition).success).toBe(true);
  });

  it('finds a refusal’s field in the form', () => {
    expect(formPathOf('code')).toEqual(['code']);
    expect(formPathOf('names.en-US')).toEqual(['names', 'en-US']);
    expect(formPathOf('definition.widgets.2.chart.y.1')).toEqual(['widgets', 2, 'chart', 'y']);
    expect(formPathOf('definition.widgets.0.columns.3.names.zh-CN')).toEqual([
      'widgets',
      0,
      'columns',
      3,
      'names',
      'zh-CN',
    ]);
    expect(formPathOf('definition.widgets.1.y')).toEqual(['widgets', 1, 'y']);
    expect(formPathOf('definition.widgets.1.params.from')).toEqual(['widgets', 1, 'params', 'from']);
    expect(formPathOf('definition.widgets.1.id')).toBeNull();
    expect(formPathOf('definition.widgets')).toBeNull();
  });
});
