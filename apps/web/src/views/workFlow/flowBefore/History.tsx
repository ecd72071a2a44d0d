import type { FlowHistoryView } from '@srm/contracts/core';
import { formatDate } from '@srm/contracts/core';
import { Empty, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { audit: 'green', reject: 'red', cancel: 'gray', breakOff: 'orange' };

/**
 * The task's history, oldest first: who did what at which node, on whose behalf, to where, with the
 * opinion as plain text (never markup) and the handwritten signature when there is one.
 */
export function History({ history }: { history: FlowHistoryView[] }) {
  const { t } = useTranslation('flowTask');
  if (history.length === 0) return <Empty description={t('history.none')} />;
  return (
    <Timeline
      data-testid="flow-history"
      items={history.map((h) => ({
        color: COLORS[h.action] ?? 'blue',
        content: (
          <div className="flow-history-item" data-testid="flow-history-item">
            <div>
              <strong>{h.actorName || t('history.system')}</strong>{' '}
              {h.onBehalfOfName ? t('history.onBehalf', { name: h.onBehalfOfName }) : ''}{' '}
              {t(`history.action.${h.action}`, { defaultValue: h.action })}
              {h.nodeName ? ` · ${h.nodeName}` : ''}
              {h.targetNodeName ? ` → ${h.targetNodeName}` : ''}
              {h.userNames.length ? ` → ${h.userNames.join('、')}` : ''}
            </div>
            {h.opinion && (
              <div className="flow-history-opinion" data-testid="flow-history-opinion">
                {h.opinion}
              </div>
            )}
            {h.signImg && (
              <img
                className="flow-history-sign"
                src={h.signImg}
                alt={t('history.signature', { name: h.actorName })}
              />
            )}
            <div className="flow-history-time">{formatDate(h.createdAt, 'yyyy-MM-dd HH:mm:ss')}</div>
          </div>
        ),
      }))}
    />
  );
}
