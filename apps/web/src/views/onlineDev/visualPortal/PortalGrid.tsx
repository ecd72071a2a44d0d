import { HolderOutlined } from '@ant-design/icons';
import { PORTAL_COLUMNS, PORTAL_ROW_HEIGHT, type PortalPlace } from '@srm/contracts/core';
import ReactGridLayout, { useContainerWidth, verticalCompactor } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { placesOf, toLayout } from './grid-place';
import type { WidgetFormValues } from './portal-form';
import 'react-grid-layout/css/styles.css';
import './visualPortal.css';

/** The gap between widgets, the same as PortalBody's (visualPortal.css `--pw-gap`). */
const GAP = 16;

/**
 * The designer's grid (react-grid-layout): 12 columns, rows of PORTAL_ROW_HEIGHT, widgets dragged
 * by their handle and resized by their corner, packed upwards so that none overlap. Each widget is
 * a button that selects it for its settings (where its place can also be typed in, a drag not
 * being for every hand or keyboard, and where it is removed).
 */
export function PortalGrid({
  widgets,
  selected,
  titleOf,
  summaryOf,
  invalid,
  onSelect,
  onPlaces,
}: {
  widgets: readonly WidgetFormValues[];
  selected: string | null;
  titleOf: (w: WidgetFormValues) => string;
  summaryOf: (w: WidgetFormValues) => string;
  /** Widgets whose settings hold a refusal. */
  invalid: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onPlaces: (places: Map<string, PortalPlace>) => void;
}) {
  const { t } = useTranslation('visualPortal');
  const { width, containerRef, mounted } = useContainerWidth();
  return (
    <div ref={containerRef} className="pd-grid" data-testid="pd-grid">
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={toLayout(widgets)}
          gridConfig={{
            cols: PORTAL_COLUMNS,
            rowHeight: PORTAL_ROW_HEIGHT,
            margin: [GAP, GAP],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: true, handle: '.pd-item-handle' }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          compactor={verticalCompactor}
          onLayoutChange={(layout) => onPlaces(placesOf(layout))}
        >
          {widgets.map((w) => {
            const title = titleOf(w);
            const className = [
              'pd-item',
              w.id === selected ? 'pd-item-selected' : '',
              invalid.has(w.id) ? 'pd-item-invalid' : '',
            ];
            return (
              <div
                key={w.id}
                className={className.filter(Boolean).join(' ')}
                data-type={w.type}
                data-testid="pd-grid-item"
              >
                <div className="pd-item-head">
                  <span className="pd-item-handle" title={t('editor.dragHandle')} aria-hidden="true">
                    <HolderOutlined />
                  </span>
                  <button
                    type="button"
                    className="pd-item-select srm-home-ellipsis"
                    aria-pressed={w.id === selected}
                    aria-label={t('editor.select', { name: title })}
                    onClick={() => onSelect(w.id)}
                    data-testid="pd-grid-item-select"
                  >
                    {title}
                  </button>
                </div>
                <div className="pd-item-summary">{summaryOf(w)}</div>
              </div>
            );
          })}
        </ReactGridLayout>
      )}
    </div>
  );
}
