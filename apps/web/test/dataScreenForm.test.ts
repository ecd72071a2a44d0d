import { dataScreenFit } from '@srm/contracts/core';
import { describe, expect, it } from 'vitest';
import {
  clampScreenPlace,
  newScreenWidget,
  screenFormPathOf,
  toScreenDefinition,
} from '../src/views/onlineDev/dataScreen/screen-form';

describe('data screen form', () => {
  it('fits the 1920×1080 canvas into a window keeping 16:9, letterboxed', () => {
    expect(dataScreenFit(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    // A 390 px phone held upright: the width decides, bands above and below.
    const phone = dataScreenFit(390, 844);
    expect(phone.scale).toBeCloseTo(390 / 1920);
    expect(phone.left).toBe(0);
    expect(phone.top).toBeCloseTo((844 - 1080 * phone.scale) / 2);
    // A wide window: the height decides, bands left and right.
    expect(dataScreenFit(3000, 1080)).toEqual({ scale: 1, left: 540, top: 0 });
  });

  it('keeps a place typed in on the canvas, the typed value giving way last', () => {
    expect(clampScreenPlace({ x: 1800, y: 0, w: 400, h: 100 }, 'x')).toEqual({
      x: 1800,
      y: 0,
      w: 120,
      h: 100,
    });
    expect(clampScreenPlace({ x: 1800, y: 0, w: 400, h: 100 }, 'w')).toEqual({
      x: 1520,
      y: 0,
      w: 400,
      h: 100,
    });
    expect(clampScreenPlace({ x: -5, y: 2000, w: 5, h: 3000 })).toEqual({ x: 0, y: 0, w: 20, h: 1080 });
  });

  it('starts a widget below the others and writes the definition the server takes', () => {
    const title = newScreenWidget('title', []);
    expect(title).toMatchObject({ x: 0, y: 0, w: 1920, h: 100, fontSize: 48, align: 'center' });
    const chart = newScreenWidget('chart', [title]);
    expect(chart.y).toBe(100);
    const definition = toScreenDefinition({
      code: 'x',
      names: { 'zh-CN': 'x' },
      theme: 'dark',
      background: '#000000',
      refreshSeconds: 30,
      widgets: [
        { ...title, text: { 'zh-CN': ' 采购 ', 'en-US': '' } },
        { ...chart, datasetId: '7', chart: { type: 'bar', x: 'month', y: ['n'] } },
        { ...newScreenWidget('clock', []), format: 'time' },
      ],
    });
    expect(definition.widgets[0]).toMatchObject({ type: 'title', text: { 'zh-CN': '采购' } });
    expect(definition.widgets[1]).toMatchObject({
      type: 'chart',
      datasetId: '7',
      chart: { type: 'bar', x: 'month', y: ['n'] },
    });
    expect(definition.widgets[2]).toMatchObject({ type: 'clock', format: 'time' });
  });

  it('finds the form field of a server refusal', () => {
    expect(screenFormPathOf('definition.refreshSeconds')).toEqual(['refreshSeconds']);
    expect(screenFormPathOf('definition.widgets.2.text.en-US')).toEqual(['widgets', 2, 'text', 'en-US']);
    expect(screenFormPathOf('definition.widgets.1.chart.x')).toEqual(['widgets', 1, 'chart', 'x']);
    expect(screenFormPathOf('definition.widgets.0.fontSize')).toEqual(['widgets', 0, 'fontSize']);
    expect(screenFormPathOf('definition.widgets.0.nope')).toBeNull();
  });
});
