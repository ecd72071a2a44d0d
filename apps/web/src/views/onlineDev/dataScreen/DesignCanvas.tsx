import { HolderOutlined } from '@ant-design/icons';
import {
  DATA_SCREEN_HEIGHT,
  DATA_SCREEN_MIN_SIDE,
  DATA_SCREEN_WIDTH,
  type DataScreenPlace,
  type DataScreenTheme,
} from '@srm/contracts/core';
import ReactGridLayout, { getCompactor, type Layout, useContainerWidth } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import type { ScreenWidgetFormValues } from './screen-form';
import 'react-grid-layout/css/styles.css';
import './dataScreen.css';

/** No packing, overlaps allowed: a screen's widgets stay where they are put. */
const FREE = getCompactor(null, true);

/** Each widget's place in a layout of one column and one row per design pixel, by widget id. */
const placesOf = (layout: Layout) =>
  new Map<string, DataScreenPlace>(layout.map((l) => [l.i, { x: l.x, y: l.y, w: l.w, h: l.h }]));

/**
 * The designer's canvas (react-grid-layout, as the portal designer's grid): the 1920×1080 design
 * scaled to the editor's width, one grid column and row per design pixel, widgets left where they
 * are put and free to overlap (a later one over an earlier one), dragged by their handle and resized
 * by their corner. Each widget is a button that selects it for its settings, where its place is
 * also typed in (for the keyboard).
 */
export function DesignCanvas({
  widgets,
  theme,
  background,
  selected,
  titleOf,
  summaryOf,
  invalid,
  onSelect,
  onPlaces,
}: {
  widgets: readonly ScreenWidgetFormValues[];
  theme: DataScreenTheme;
  background: string;
  selected: string | null;
  titleOf: (w: ScreenWidgetFormValues) => string;
  summaryOf: (w: ScreenWidgetFormValues) => string;
  invalid: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onPlaces: (places: Map<string, DataScreenPlace>) => void;
}) {
  const { t } = useTranslation('dataScreen');
  const { width, containerRef, mounted } = useContainerWidth();
  const scale = width / DATA_SCREEN_WIDTH;
  const layout: Layout = widgets.map((w) => ({
    i: w.id,
    x: w.x,
    y: w.y,
    w: w.w,
    h: w.h,
    minW: DATA_SCREEN_MIN_SIDE,
    minH: DATA_SCREEN_MIN_SIDE,
  }));
  const done = (next: Layout) => onPlaces(placesOf(next));
  return (
    <div
      ref={containerRef}
      className="dsd-canvas"
      style={{ background }}
      data-theme={theme}
      data-testid="dsd-canvas"
    >
      {mounted && width > 0 && (
        <ReactGridLayout
          width={width}
          layout={layout}
          autoSize={false}
          style={{ height: DATA_SCREEN_HEIGHT * scale }}
          gridConfig={{
            cols: DATA_SCREEN_WIDTH,
            rowHeight: scale,
            maxRows: DATA_SCREEN_HEIGHT,
            margin: [0, 0],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: true, handle: '.dsd-item-handle' }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          compactor={FREE}
          onDragStop={done}
          onResizeStop={done}
        >
          {widgets.map((w) => {
            const title = titleOf(w);
            const className = [
              'dsd-item',
              w.id === selected ? 'dsd-item-selected' : '',
              invalid.has(w.id) ? 'dsd-item-invalid' : '',
            ];
            return (
              <div
                key={w.id}
                className={className.filter(Boolean).join(' ')}
                data-type={w.type}
                data-testid="dsd-canvas-item"
              >
                <div className="dsd-item-head">
                  <span className="dsd-item-handle" title={t('editor.dragHandle')} aria-hidden="true">
                    <HolderOutlined />
                  </span>
                  <button
                    type="button"
                    className="dsd-item-select"
                    aria-pressed={w.id === selected}
                    aria-label={t('editor.select', { name: title })}
                    onClick={() => onSelect(w.id)}
                    data-testid="dsd-canvas-item-select"
                  >
                    {title}
                  </button>
                </div>
                <div className="srm-home-ellipsis">{summaryOf(w)}</div>
              </div>
            );
          })}
        </ReactGridLayout>
      )}
    </div>
  );
}
