import {
  AlignLeftOutlined,
  BarChartOutlined,
  ClockCircleOutlined,
  FieldNumberOutlined,
  FontSizeOutlined,
  TableOutlined,
} from '@ant-design/icons';
import {
  type DataScreenClockWidget,
  type DataScreenDatasetWidget,
  type DataScreenTextWidget,
  type DataScreenWidget,
  type DataScreenWidgetType,
  formatDate,
  type Locale,
  type PortalWidgetRows,
} from '@srm/contracts/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../../systemData/dataModel/model-form';
import { DatasetContent } from '../visualPortal/PortalWidgets';

/** What a widget is drawn with in the viewer. */
export interface WidgetContext {
  testId: string;
  /** A dataset widget's rows (undefined for the others). */
  rows?: UseQueryResult<PortalWidgetRows>;
}

/**
 * Each widget type's palette icon and how the viewer draws it. A new type (a map) is one more
 * entry here, besides its contract (data-screen.core.ts) and its settings (ScreenWidgetSettings).
 */
export const SCREEN_WIDGETS: Record<
  DataScreenWidgetType,
  { icon: ReactNode; render: (widget: DataScreenWidget, ctx: WidgetContext) => ReactNode }
> = {
  title: {
    icon: <FontSizeOutlined />,
    render: (w, ctx) => <TextView widget={w as DataScreenTextWidget} {...ctx} />,
  },
  text: {
    icon: <AlignLeftOutlined />,
    render: (w, ctx) => <TextView widget={w as DataScreenTextWidget} {...ctx} />,
  },
  clock: {
    icon: <ClockCircleOutlined />,
    render: (w, ctx) => <ClockView widget={w as DataScreenClockWidget} {...ctx} />,
  },
  number: {
    icon: <FieldNumberOutlined />,
    render: (w, ctx) => <DatasetView widget={w as DataScreenDatasetWidget} {...ctx} />,
  },
  chart: {
    icon: <BarChartOutlined />,
    render: (w, ctx) => <DatasetView widget={w as DataScreenDatasetWidget} {...ctx} />,
  },
  table: {
    icon: <TableOutlined />,
    render: (w, ctx) => <DatasetView widget={w as DataScreenDatasetWidget} {...ctx} />,
  },
};

/** A widget's caption in the reader's language (empty: none). */
export const captionOf = (widget: DataScreenWidget, language: Locale) => modelName(language, widget.names);

function TextView({ widget, testId }: { widget: DataScreenTextWidget } & WidgetContext) {
  const language = useAppStore((s) => s.language);
  const text = widget.text[language] || widget.text['zh-CN'];
  const style = { fontSize: widget.fontSize, textAlign: widget.align } as const;
  // The title is a heading of the screen; a text a paragraph.
  return widget.type === 'title' ? (
    <h2 className="ds-title" style={style} data-testid={`${testId}-text`}>
      {text}
    </h2>
  ) : (
    <p className="ds-text" style={style} data-testid={`${testId}-text`}>
      {text}
    </p>
  );
}

const CLOCK_PATTERN = { datetime: 'yyyy-MM-dd HH:mm:ss', date: 'yyyy-MM-dd', time: 'HH:mm:ss' } as const;

function ClockView({ widget, testId }: { widget: DataScreenClockWidget } & WidgetContext) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time className="ds-clock" style={{ fontSize: widget.fontSize }} data-testid={`${testId}-clock`}>
      {formatDate(now, CLOCK_PATTERN[widget.format])}
    </time>
  );
}

function DatasetView({ widget, testId, rows }: { widget: DataScreenDatasetWidget } & WidgetContext) {
  const { t } = useTranslation('dataScreen');
  const language = useAppStore((s) => s.language);
  if (!rows || rows.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (rows.error && !rows.data)
    return (
      <p className="ds-note" role="alert" data-testid={`${testId}-failed`}>
        {t('viewer.widgetFailed')}
      </p>
    );
  return (
    <DatasetContent
      widget={widget}
      result={rows.data}
      title={captionOf(widget, language) || t(`widget.${widget.type}`)}
      testId={testId}
    />
  );
}
