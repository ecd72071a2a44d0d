import {
  FLOW_LIST_TYPE,
  type FlowTaskItem,
  type Locale,
  type MessageItem,
  relativeTime,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissionStore } from '../../store/permission';
import { messageApi, messageKeys } from '../message/api';
import { messageTarget } from '../message/messageTarget';
import { useMarkOpened } from '../message/useMarkOpened';
import { flowTaskApi, flowTaskKeys } from '../workFlow/task/api';
import { taskPath } from '../workFlow/task/paths';
import { TODO_PATH } from '../workFlow/task/useFlowTaskLive';

/** Rows each card shows; the rest are a click away on the full list. */
const ROWS = 5;

/** A card as the home page draws it, or as a portal's widget: its rows, its title, its test id. */
export interface WorkCardProps {
  rows?: number;
  title?: string;
  testId?: string;
}

export interface WorkCardRow {
  key: string;
  /** Where the row leads; without it the row is a button that calls `onOpen` (a preview). */
  to?: string;
  title: string;
  meta: string;
  onOpen?: () => void;
}

/**
 * One card of what waits for the user: a few rows, each a link, an empty state and the way to the
 * full list. Drawn as a plain list (home.css), as the other home cards are: antd List and Card are
 * scripts of their own, and this is the first screen after sign-in.
 */
export function WorkCard({
  testId,
  title,
  total,
  rows,
  loading,
  empty,
  more,
}: {
  testId: string;
  title: string;
  total: number | undefined;
  rows: WorkCardRow[];
  loading: boolean;
  empty: string;
  more?: { to: string; label: string };
}) {
  return (
    <section className="srm-home-card" data-testid={testId} aria-busy={loading}>
      <div className="srm-home-card-title">
        <h2 className="srm-home-card-heading">
          {title}
          {!!total && <span className="srm-home-count"> ({total})</span>}
        </h2>
        {more && (
          <Link to={more.to} className="srm-home-more" data-testid={`${testId}-more`}>
            {more.label}
            {/* Heard as "more: my to-dos", not as one of two alike "more" links. */}
            <span className="srm-visually-hidden"> {title}</span>
          </Link>
        )}
      </div>
      <div className="srm-home-card-body srm-home-work-body">
        {rows.length > 0 ? (
          <ul className="srm-home-rows">
            {rows.map((row) => (
              <li key={row.key} className="srm-home-row">
                {row.to === undefined ? (
                  <button
                    type="button"
                    className="srm-home-ellipsis srm-home-row-button"
                    title={row.title}
                    onClick={row.onOpen}
                    data-testid={`${testId}-row`}
                  >
                    {row.title}
                  </button>
                ) : (
                  <Link
                    to={row.to}
                    className="srm-home-ellipsis"
                    title={row.title}
                    onClick={row.onOpen}
                    data-testid={`${testId}-row`}
                  >
                    {row.title}
                  </Link>
                )}
                <span className="srm-home-secondary srm-home-ellipsis">{row.meta}</span>
              </li>
            ))}
          </ul>
        ) : loading ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={`${testId}-empty`} />
        )}
      </div>
    </section>
  );
}

/**
 * The user's open to-dos (the to-do list's first rows, delegated ones included), kept live by the
 * shell's task pushes (`useFlowTaskLive`). "More" goes to the to-do list when the user's menu has it
 * (a supplier's has not: its to-dos open on their task pages only).
 */
export function TodoCard({ rows: size = ROWS, title, testId = 'home-todos' }: WorkCardProps = {}) {
  const { t, i18n } = useTranslation('home');
  const hasList = usePermissionStore((s) => !!s.routeMap[TODO_PATH]);
  const params = { currentPage: 1, pageSize: size };
  const query = useQuery({
    queryKey: flowTaskKeys.list(FLOW_LIST_TYPE.todo, params),
    queryFn: () => flowTaskApi.list(FLOW_LIST_TYPE.todo, params),
  });
  const now = Date.now();
  const rows = (query.data?.list ?? []).map((item: FlowTaskItem) => ({
    key: item.operatorId ?? item.id,
    to: taskPath(item.id),
    title: item.title,
    meta: [item.flowName, item.launcherName, relativeTime(item.createdAt, now, i18n.language as Locale)]
      .filter(Boolean)
      .join(' · '),
  }));
  return (
    <WorkCard
      testId={testId}
      title={title || t('todos')}
      total={query.data?.pagination.total}
      rows={rows}
      loading={query.isPending}
      empty={t('noTodos')}
      more={hasList ? { to: TODO_PATH, label: t('more') } : undefined}
    />
  );
}

/**
 * The user's newest unread messages (the bell's), each opening where the message points and marked
 * read on the way; "more" is the message centre. A push brings new ones (MessageBell reads the
 * message queries again).
 */
export function UnreadCard({ rows: size = ROWS, title, testId = 'home-unread' }: WorkCardProps = {}) {
  const { t, i18n } = useTranslation('home');
  const markOpened = useMarkOpened();
  const query = useQuery({
    queryKey: messageKeys.homeUnread(size),
    queryFn: () => messageApi.list({ currentPage: 1, pageSize: size, stat: 0 }),
  });
  const now = Date.now();
  const rows = (query.data?.list ?? []).map((item: MessageItem) => ({
    key: item.id,
    to: messageTarget(item),
    title: item.menuTitle,
    meta: `${item.creater || t('message:system')} · ${relativeTime(item.createDate, now, i18n.language as Locale)}`,
    // Beside the navigation, which does not wait: a failed read leaves the message unread, as it was.
    onOpen: () => void markOpened(item).catch(() => undefined),
  }));
  return (
    <WorkCard
      testId={testId}
      title={title || t('unread')}
      total={query.data?.pagination.total}
      rows={rows}
      loading={query.isPending}
      empty={t('noUnread')}
      more={{ to: '/messageRecord', label: t('more') }}
    />
  );
}
