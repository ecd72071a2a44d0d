import { type FlowHistoryView, type FlowTaskItem, formatDate } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Space, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { monitorApi, monitorKeys } from './api';

const COLOR: Record<string, string> = {
  audit: 'green',
  autoAudit: 'green',
  end: 'green',
  reject: 'red',
  autoReject: 'red',
  cancel: 'red',
  breakOff: 'gray',
  recall: 'orange',
};

/** One line: who did what at which node, on whose behalf, with his opinion. */
function Entry({ h }: { h: FlowHistoryView }) {
  const { t } = useTranslation('flowAdmin');
  const who = h.actorName || t('monitor.system');
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>
        {who}
        {h.onBehalfOfName ? t('monitor.onBehalfOf', { name: h.onBehalfOfName }) : ''} ·{' '}
        {t(`monitor.historyActions.${h.action}`, { defaultValue: h.action })}
        {h.nodeName ? ` · ${h.nodeName}` : ''}
      </Typography.Text>
      {h.targetNodeName && (
        <Typography.Text>{t('monitor.toNode', { name: h.targetNodeName })}</Typography.Text>
      )}
      {h.userNames.length > 0 && (
        <Typography.Text>
          {t(h.action === 'copy' ? 'monitor.copiedTo' : 'monitor.handedTo', {
            names: h.userNames.join('、'),
          })}
        </Typography.Text>
      )}
      {/* Opinions are plain text: React escapes them. */}
      {h.opinion && <Typography.Paragraph style={{ margin: 0 }}>{h.opinion}</Typography.Paragraph>}
      <Typography.Text type="secondary">{formatDate(h.createdAt, 'yyyy-MM-dd HH:mm:ss')}</Typography.Text>
    </Space>
  );
}

/** The history timeline of a task, from its detail (FlowBefore/{id}). */
export function HistoryDrawer({ task, onClose }: { task: FlowTaskItem; onClose(): void }) {
  const { t } = useTranslation('flowAdmin');
  const mobile = useAppStore((s) => s.device === 'mobile');
  const detail = useQuery({
    queryKey: monitorKeys.detail(task.id),
    queryFn: () => monitorApi.detail(task.id),
  });
  const history = detail.data?.history ?? [];
  return (
    <Drawer
      open
      title={t('monitor.historyOf', { title: task.title })}
      onClose={onClose}
      size={mobile ? '100%' : 480}
      destroyOnHidden
      data-testid="monitor-history"
    >
      {detail.isLoading ? (
        <Spin />
      ) : history.length === 0 ? (
        <Empty description={t('monitor.noHistory')} />
      ) : (
        <Timeline
          items={history.map((h) => ({
            key: h.id,
            color: COLOR[h.action] ?? 'blue',
            content: <Entry h={h} />,
          }))}
        />
      )}
    </Drawer>
  );
}
