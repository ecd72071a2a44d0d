import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 启用 / 停用 of a company, department or position. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('org');
  return (
    <Tag color={enabled ? 'success' : 'default'}>{enabled ? t('status.enabled') : t('status.disabled')}</Tag>
  );
}
