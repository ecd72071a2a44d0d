import { Button, Result, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../router/guard';

/**
 * A public path without a page of its own (e.g. the supplier registration not built yet): a 404
 * outside the signed-in shell, so a visitor's browser calls no signed-in API and is not sent to
 * sign in for a page that does not exist.
 */
export default function PublicNotFound() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <main
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: token.colorBgLayout }}
      data-testid="public-not-found"
    >
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.desc')}
        extra={
          <Button type="primary" href={LOGIN_PATH} data-testid="public-not-found-login">
            {t('notFound.toLogin')}
          </Button>
        }
      />
    </main>
  );
}
