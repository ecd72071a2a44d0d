import type { FlowNodeView } from '@srm/contracts/core';
import { formatDate } from '@srm/contracts/core';
import { Steps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STEP_STATUS = {
  done: 'finish',
  current: 'process',
  pending: 'wait',
  rejected: 'error',
  skipped: 'wait',
} as const;
const HANDLER_COLORS: Record<string, string> = {
  approved: 'success',
  rejected: 'error',
  pending: 'processing',
  transferred: 'purple',
};

/**
 * The task's route as it stands: each node done, current, waiting, rejected or not taken (a branch
 * the condition skipped), with who handles or handled it and when.
 */
export function FlowChart({ nodes }: { nodes: FlowNodeView[] }) {
  const { t } = useTranslation('flowTask');
  return (
    <Steps
      orientation="vertical"
      size="small"
      data-testid="flow-chart"
      items={nodes.map((node) => ({
        status: STEP_STATUS[node.state],
        title: (
          <span data-testid={`flow-node-${node.nodeId}`} data-state={node.state}>
            {node.name} <Tag className="flow-node-state">{t(`node.${node.state}`)}</Tag>
          </span>
        ),
        content: node.handlers.length ? (
          <ul className="flow-node-handlers">
            {node.handlers.map((h) => (
              <li key={h.operatorId || h.userId}>
                {h.userName}{' '}
                <Tag color={HANDLER_COLORS[h.state]}>
                  {t(`handler.${h.state}`, { defaultValue: h.state })}
                </Tag>
                {h.handledAt ? formatDate(h.handledAt) : ''}
              </li>
            ))}
          </ul>
        ) : undefined,
        className: node.state === 'skipped' ? 'flow-node-skipped' : undefined,
      }))}
    />
  );
}
