import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatReportValue,
  type PortalListWidget,
  type PortalWidget,
  type PortalWidgetRows,
  portalNumber,
  reportChartData,
  type UnreadNotice,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Table, theme } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/request';
import { Chart } from '../../../components/chart';
import { MenuIcon } from '../../../components/MenuIcon';
import { flattenMenu } from '../../../router/menu';
import { usePermissionStore } from '../../../store/permission';
import { useAppStore } from '../../../store/settings';
import { WorkCard } from '../../home/WorkCards';
import { messageApi, messageKeys } from '../../message/api';
import { NoticePreview } from '../../system/notice/NoticePreview';
import { modelName } from '../../systemData/dataModel/model-form';
import { useMapRegions } from '../../systemData/map/api';
import { chartOption } from '../dataReport/report-chart';
import { portalViewApi, portalViewKeys } from './api';

type Of<T extends PortalWidget['type']> = Extract<PortalWidget, { type: T }>;
type DatasetWidget = Of<'chart'> | Of<'number'> | Of<'table'>;

/** A widget's title: its own in the reader's language, else its type's. */
export function useWidgetTitle(widget: PortalWidget): string {
  const { t } = useTranslation('visualPortal');
  const language = useAppStore((s) => s.language);
  return modelName(language, widget.names) || t(`widget.${widget.type}`);
}

/** Whether the element's content is taller or wider than it (then it scrolls, and takes focus). */
function useScrolls<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () =>
      setScrolls(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  });
  return [ref, scrolls] as const;
}

/**
 * A widget's card, drawn as the home page's cards are (home.css): its title as a heading, its body
 * below, which scrolls when the content is taller than the widget's place (and can then be
 * reached by Tab, so that a keyboard can scroll it too).
 */
export function WidgetFrame({
  title,
  testId,
  busy = false,
  extra,
  bodyClassName,
  children,
}: {
  title: string;
  testId: string;
  busy?: boolean;
  extra?: ReactNode;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const [body, scrolls] = useScrolls<HTMLDivElement>();
  return (
    <section className="srm-home-card pw-card" data-testid={testId} aria-busy={busy}>
      <div className="srm-home-card-title">
        <h2 className="srm-home-card-heading srm-home-ellipsis" title={title}>
          {title}
        </h2>
        {extra}
      </div>
      <div
        ref={body}
        className={['pw-body', bodyClassName].filter(Boolean).join(' ')}
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': title } : {})}
      >
        {children}
      </div>
    </section>
  );
}

/** The tenant's latest announcements (as the reader receives them), each opened in a preview. */
export function NoticesWidget({ widget, testId }: { widget: PortalListWidget; testId: string }) {
  const title = useWidgetTitle(widget);
  const { t } = useTranslation('visualPortal');
  const [preview, setPreview] = useState<UnreadNotice | null>(null);
  // Under the message queries: the shell's bell reads them again on every push.
  const query = useQuery({ queryKey: messageKeys.notices(), queryFn: messageApi.notices });
  const rows = (query.data?.list ?? []).slice(0, widget.rows).map((n) => ({
    key: n.id,
    title: n.noticeTitle,
    meta: formatDate(n.releaseTime, 'yyyy-MM-dd HH:mm'),
    onOpen: () => setPreview(n),
  }));
  return (
    <>
      <WorkCard
        testId={testId}
        title={title}
        total={undefined}
        rows={rows}
        loading={query.isPending}
        empty={t('body.noNotices')}
      />
      <NoticePreview
        preview={preview ? { title: preview.noticeTitle, html: preview.noticeBody } : null}
        onClose={() => setPreview(null)}
      />
    </>
  );
}

/** Links to the menu items the widget names that the reader's own menu holds, as the home page's quick links. */
export function ShortcutsWidget({ widget, testId }: { widget: Of<'shortcuts'>; testId: string }) {
  const title = useWidgetTitle(widget);
  const { t } = useTranslation('visualPortal');
  const { token } = theme.useToken();
  const language = useAppStore((s) => s.language);
  const menus = usePermissionStore((s) => s.menus);
  const links = useMemo(() => {
    const mine = new Map(flattenMenu(menus).map((m) => [m.id, m]));
    return widget.menuIds.map((id) => mine.get(id)).filter((m) => m !== undefined);
  }, [menus, widget.menuIds]);
  return (
    <WidgetFrame title={title} testId={testId}>
      {links.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('body.noShortcuts')} />
      ) : (
        <ul className="pw-shortcuts">
          {links.map((item) => (
            <li key={item.id} className="srm-home-link-card">
              <Link
                to={item.path}
                className="srm-quick-link"
                data-testid={`${testId}-link`}
                {...(item.external
                  ? { target: '_blank', rel: 'noopener noreferrer', reloadDocument: true }
                  : {})}
              >
                <span aria-hidden="true" style={{ fontSize: 22, color: token.colorPrimary }}>
                  {item.external && !item.icon ? <ExportOutlined /> : <MenuIcon name={item.icon} />}
                </span>
                <span className="srm-home-ellipsis">{item.titles[language] || item.fullName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </WidgetFrame>
  );
}

/** Rich text in the reader's language (else the Chinese), as the server sanitised it on saving. */
export function TextWidget({ widget, testId }: { widget: Of<'text'>; testId: string }) {
  const title = useWidgetTitle(widget);
  const language = useAppStore((s) => s.language);
  const html = widget.html[language] || widget.html['zh-CN'];
  return (
    <WidgetFrame title={title} testId={testId}>
      <div
        className="pw-text"
        data-testid={`${testId}-html`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when the portal was saved
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </WidgetFrame>
  );
}

/**
 * A chart, a number or a table over a dataset: its rows on a query of its own (`${view}/{id}/
 * Widgets/{widgetId}/Data`), with its own loading, empty and failed states. `portalId` null (a
 * designer's preview of what is not saved yet): the widget says its data comes once saved.
 */
export function DatasetWidget({
  widget,
  portalId,
  testId,
}: {
  widget: DatasetWidget;
  portalId: string | null;
  testId: string;
}) {
  const { t } = useTranslation('visualPortal');
  const title = useWidgetTitle(widget);
  const query = useQuery({
    queryKey: portalViewKeys.widget(portalId ?? '', widget.id),
    queryFn: () => portalViewApi.rows(portalId ?? '', widget.id),
    enabled: portalId !== null,
  });
  let content: ReactNode;
  if (portalId === null)
    content = (
      <p className="pw-note" data-testid={`${testId}-unsaved`}>
        {t('body.unsaved')}
      </p>
    );
  else if (query.isPending) content = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (query.error && !query.data)
    content = (
      <div className="pw-note" role="alert" data-testid={`${testId}-failed`}>
        <p>
          {t('body.failed')}
          {query.error instanceof ApiError && query.error.msg ? `: ${query.error.msg}` : ''}
        </p>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          {t('body.retry')}
        </Button>
      </div>
    );
  else content = <DatasetContent widget={widget} result={query.data} title={title} testId={testId} />;
  return (
    <WidgetFrame
      title={title}
      testId={testId}
      busy={query.isFetching}
      bodyClassName={
        widget.type === 'chart' ? 'pw-body-chart' : widget.type === 'number' ? 'pw-body-number' : ''
      }
    >
      {content}
    </WidgetFrame>
  );
}

/** A dataset widget's content over its rows (a portal's, or a data screen's of the same parts). */
export function DatasetContent({
  widget,
  result,
  title,
  testId,
}: {
  widget: DatasetWidget;
  result: PortalWidgetRows | undefined;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation('visualPortal');
  const rows = result?.rows ?? [];
  if (widget.type === 'number') return <NumberView widget={widget} rows={rows} testId={testId} />;
  if (rows.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('body.empty')}
        data-testid={`${testId}-empty`}
      />
    );
  if (widget.type === 'chart') return <ChartView widget={widget} rows={rows} title={title} testId={testId} />;
  return <TableView widget={widget} rows={rows} testId={testId} />;
}

function NumberView({
  widget,
  rows,
  testId,
}: {
  widget: Of<'number'>;
  rows: Record<string, unknown>[];
  testId: string;
}) {
  const { t } = useTranslation(['visualPortal', 'dataReport']);
  const language = useAppStore((s) => s.language);
  const value = portalNumber(rows, widget.field, widget.aggregate);
  const what =
    widget.aggregate === 'count'
      ? t('body.numberCount')
      : t('body.numberOf', { aggregate: t(`dataReport:aggregate.${widget.aggregate}`), field: widget.field });
  return (
    <div className="pw-number">
      <span className="pw-number-value" data-testid={`${testId}-value`}>
        {value === null ? '—' : formatReportValue(value, widget.format, language)}
      </span>
      <span className="srm-home-secondary">{value === null ? t('body.noNumber') : what}</span>
    </div>
  );
}

function ChartView({
  widget,
  rows,
  title,
  testId,
}: {
  widget: Of<'chart'>;
  rows: Record<string, unknown>[];
  title: string;
  testId: string;
}) {
  const { t } = useTranslation(['visualPortal', 'dataReport']);
  const blank = t('dataReport:body.blank');
  const chart = useMemo(() => ({ ...widget.chart, names: widget.names }), [widget.chart, widget.names]);
  const regions = useMapRegions(chart.type === 'map' ? chart.mapId : undefined);
  const data = useMemo(() => reportChartData(rows, chart), [rows, chart]);
  const option = useMemo(
    () =>
      chartOption(chart, data, {
        fieldTitle: (f) => f,
        blank,
        ...(regions.data ? { map: regions.data } : {}),
      }),
    [chart, data, blank, regions.data],
  );
  const kind = t(`dataReport:chartType.${chart.type}`);
  const ys = chart.type === 'bar' || chart.type === 'line' ? chart.y : chart.y.slice(0, 1);
  const label =
    chart.type === 'scatter'
      ? t('dataReport:body.scatterLabel', {
          title,
          x: chart.x,
          y: ys.join(', '),
          count: data.series[0]?.data.length ?? 0,
        })
      : t('dataReport:body.chartLabel', {
          title,
          kind,
          x: chart.x,
          y: ys.join(', '),
          count: data.categories.length,
        });
  if (chart.type === 'map' && !regions.data)
    return regions.isError ? (
      <p role="alert">{t('dataReport:body.mapUnreadable')}</p>
    ) : (
      <Skeleton active title={false} paragraph={{ rows: 3 }} />
    );
  return (
    <Chart option={option} label={label} replace style={{ height: '100%' }} data-testid={`${testId}-chart`} />
  );
}

function TableView({
  widget,
  rows,
  testId,
}: {
  widget: Of<'table'>;
  rows: Record<string, unknown>[];
  testId: string;
}) {
  const language = useAppStore((s) => s.language);
  const shown = useMemo(
    () => rows.slice(0, widget.rows).map((row, i) => ({ ...row, __key: i })),
    [rows, widget.rows],
  );
  const columns = widget.columns.map((c, i) => ({
    key: `${i}`,
    title: modelName(language, c.names) || c.field,
    dataIndex: c.field,
    align:
      c.format === 'number' || c.format === 'money' || c.format === 'percent'
        ? ('right' as const)
        : undefined,
    render: (value: unknown) => formatReportValue(value, c.format, language),
  }));
  return (
    <Table
      size="small"
      rowKey="__key"
      columns={columns}
      dataSource={shown}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={`${testId}-table`}
    />
  );
}
