import { FLOW_STATUS, FLOW_URGENCY } from '@srm/contracts/core';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Status codes (docs/rules.md#workflow) by their name in the locale file. */
export const STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(FLOW_STATUS).map(([name, code]) => [code, name]),
);
const STATUS_COLORS: Record<number, string> = {
  [FLOW_STATUS.draft]: 'default',
  [FLOW_STATUS.inProgress]: 'processing',
  [FLOW_STATUS.approved]: 'success',
  [FLOW_STATUS.rejected]: 'error',
  [FLOW_STATUS.withdrawn]: 'warning',
  [FLOW_STATUS.terminated]: 'default',
};
export const URGENCY_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(FLOW_URGENCY).map(([name, code]) => [code, name]),
);
const URGENCY_COLORS: Record<number, string> = { 1: 'default', 2: 'orange', 3: 'red' };

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('flowTask');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="flow-status">
      {t(`status.${STATUS_NAMES[status] ?? 'draft'}`)}
    </Tag>
  );
}

export function UrgencyTag({ urgency }: { urgency: number }) {
  const { t } = useTranslation('flowTask');
  return <Tag color={URGENCY_COLORS[urgency]}>{t(`urgency.${URGENCY_NAMES[urgency] ?? 'normal'}`)}</Tag>;
}

/** The urgency choices (1–3) for a select or radio group. */
export function useUrgencyOptions() {
  const { t } = useTranslation('flowTask');
  return Object.entries(FLOW_URGENCY).map(([name, value]) => ({ value, label: t(`urgency.${name}`) }));
}

/** The status choices for the "launched by me" filter. */
export function useStatusOptions() {
  const { t } = useTranslation('flowTask');
  return Object.entries(FLOW_STATUS).map(([name, value]) => ({ value, label: t(`status.${name}`) }));
}
