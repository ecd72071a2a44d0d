import type { PortalDefinition, PortalWidget } from '@srm/contracts/core';
import { PORTAL_ROW_HEIGHT } from '@srm/contracts/core';
import { useQueryClient } from '@tanstack/react-query';
import { Component, type CSSProperties, type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { onFrame, onSocketOpen } from '../../../store/socket';
import { TodoCard, UnreadCard } from '../../home/WorkCards';
import { portalViewKeys } from './api';
import {
  DatasetWidget,
  NoticesWidget,
  ShortcutsWidget,
  TextWidget,
  useWidgetTitle,
  WidgetFrame,
} from './PortalWidgets';
import '../../home/home.css';
import './visualPortal.css';

/** A widget that failed to draw says so in its place; the others carry on. */
class WidgetBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Failed({ widget, testId }: { widget: PortalWidget; testId: string }) {
  const { t } = useTranslation('visualPortal');
  return (
    <WidgetFrame title={useWidgetTitle(widget)} testId={testId}>
      <p className="pw-note" role="alert">
        {t('body.failed')}
      </p>
    </WidgetFrame>
  );
}

function WidgetView({
  widget,
  portalId,
  testId,
}: {
  widget: PortalWidget;
  portalId: string | null;
  testId: string;
}) {
  const title = useWidgetTitle(widget);
  switch (widget.type) {
    case 'todo':
      return <TodoCard rows={widget.rows} title={title} testId={testId} />;
    case 'unread':
      return <UnreadCard rows={widget.rows} title={title} testId={testId} />;
    case 'notices':
      return <NoticesWidget widget={widget} testId={testId} />;
    case 'shortcuts':
      return <ShortcutsWidget widget={widget} testId={testId} />;
    case 'text':
      return <TextWidget widget={widget} testId={testId} />;
    default:
      return <DatasetWidget widget={widget} portalId={portalId} testId={testId} />;
  }
}

/**
 * Keeps a portal's dataset widgets live, without polling: a `dataChanged` frame naming a table a
 * widget's dataset reads (`watch`) reads that widget's rows again, and a reconnected socket (frames
 * may have been missed) all of them. The to-do, unread and announcement widgets are the message and
 * task queries the shell already reads again on every `messagePush`.
 */
function usePortalLive(portalId: string | null, watch: Record<string, string[]> | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!portalId || !watch) return;
    const offData = onFrame('dataChanged', (frame) => {
      const written = new Set(frame.tables);
      for (const [widgetId, tables] of Object.entries(watch))
        if (tables.some((table) => written.has(table)))
          void queryClient.invalidateQueries({ queryKey: portalViewKeys.widget(portalId, widgetId) });
    });
    const offOpen = onSocketOpen(
      () => void queryClient.invalidateQueries({ queryKey: portalViewKeys.widgets(portalId) }),
    );
    return () => {
      offData();
      offOpen();
    };
  }, [portalId, watch, queryClient]);
}

/** Widgets in reading order: by row, then by column (the order a narrow window stacks them in). */
export const inReadingOrder = (widgets: readonly PortalWidget[]) =>
  [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);

/**
 * A portal as its reader sees it (the designer's preview, a type-8 menu page, the home page): its
 * widgets on a CSS grid of 12 columns and rows of PORTAL_ROW_HEIGHT, each at its place; below
 * 768 px every widget takes the whole width, in reading order, at its height (visualPortal.css).
 * `portalId` null: not saved yet, the dataset widgets have no rows to show (nor those `readable`
 * refuses: the designer's preview of a widget changed since saving). `watch` (the view's) makes it
 * live.
 */
export function PortalBody({
  portalId,
  definition,
  watch,
  readable,
  testId = 'pw-body',
}: {
  portalId: string | null;
  definition: PortalDefinition;
  watch?: Record<string, string[]>;
  readable?: (widget: PortalWidget) => boolean;
  testId?: string;
}) {
  const { t } = useTranslation('visualPortal');
  usePortalLive(portalId, watch);
  const widgets = useMemo(() => inReadingOrder(definition.widgets), [definition.widgets]);
  if (widgets.length === 0)
    return (
      <p className="pw-note" data-testid={`${testId}-empty`}>
        {t('body.noWidgets')}
      </p>
    );
  return (
    <div
      className="pw-grid"
      style={{ '--pw-row': `${PORTAL_ROW_HEIGHT}px` } as CSSProperties}
      data-testid={testId}
    >
      {widgets.map((w) => {
        const testId = `pw-widget-${w.id}`;
        const place = {
          '--pw-col': `${w.x + 1} / span ${w.w}`,
          '--pw-rows': `${w.y + 1} / span ${w.h}`,
          '--pw-h': w.h,
        } as CSSProperties;
        return (
          <div key={w.id} className="pw-item" style={place} data-type={w.type} data-testid={`${testId}-item`}>
            <WidgetBoundary fallback={<Failed widget={w} testId={testId} />}>
              <WidgetView widget={w} portalId={readable && !readable(w) ? null : portalId} testId={testId} />
            </WidgetBoundary>
          </div>
        );
      })}
    </div>
  );
}
