import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../../store/settings';
import type { ApplicationAccess } from './api';
import { NewApplication } from './NewApplication';
import { PublicFrame } from './PublicFrame';
import { StatusLookup } from './StatusLookup';
import { StatusView } from './StatusView';

/**
 * `/base/vendor/register` (public): the registration form (`?invite=` prefilled from an
 * invitation, `?tenant=` for a tenant other than the platform's own), or an application's status
 * (`?no=&token=` from the link given at submission, or `?view=status` to enter number and mobile).
 */
export default function VendorRegisterPage() {
  const { t } = useTranslation('vendorRegister');
  const language = useAppStore((s) => s.language);
  const [params] = useSearchParams();
  const no = params.get('no');
  const token = params.get('token');
  const linked = useMemo<ApplicationAccess | undefined>(
    () => (no && token ? { no, token } : undefined),
    [no, token],
  );
  const [looked, setLooked] = useState<ApplicationAccess>();

  if (linked)
    return (
      <PublicFrame title={t('statusTitle')}>
        <StatusView access={linked} language={language} />
      </PublicFrame>
    );
  if (params.get('view') === 'status')
    return (
      <PublicFrame title={t('statusTitle')}>
        {looked ? (
          <StatusView access={looked} language={language} />
        ) : (
          <StatusLookup language={language} onLookup={setLooked} />
        )}
      </PublicFrame>
    );
  return (
    <PublicFrame title={t('title')}>
      <NewApplication
        invite={params.get('invite')}
        tenant={params.get('tenant') ?? undefined}
        language={language}
      />
    </PublicFrame>
  );
}
