import { Button, Card, Result } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { billViewFor } from '../billRegistry';

/**
 * /pageLink?formUrl=…&id=… (docs/rules.md#routes): opens the bill a message links to, with the bill view that
 * the form address names. A form address no view answers for says so instead of a blank page.
 */
export default function PageLinkPage() {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const formUrl = params.get('formUrl') ?? '';
  const id = params.get('id') ?? '';
  const BillView = formUrl && id ? billViewFor(formUrl) : undefined;

  if (!BillView) {
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title={t('billUnavailable')}
          subTitle={t('billUnavailableDesc', { formUrl: formUrl || '—', id: id || '—' })}
          data-testid="page-link-unavailable"
          extra={
            <Button type="primary" onClick={() => navigate('/messageRecord')}>
              {t('centre')}
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Suspense fallback={null}>
      <BillView id={id} />
    </Suspense>
  );
}
