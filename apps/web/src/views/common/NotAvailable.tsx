import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Dynamic model, dictionary, report and portal pages (menu types 3, 4, 5, 8) are not built yet. */
export default function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('notAvailable.title')}
      subTitle={t('notAvailable.desc')}
      data-testid="not-available"
    />
  );
}
