import {
  type ApplicationStatusView,
  formatDate,
  type Locale,
  type RegisterOptions,
} from '@srm/contracts/core';
import { Alert, Button, Descriptions, Result, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/request';
import { toast } from '../../../utils/message';
import { type ApplicationAccess, registerApi } from './api';
import { storedValues } from './formValues';
import { RegisterForm } from './RegisterForm';

const RESULT_STATUS = {
  submitted: 'info',
  inReview: 'info',
  approved: 'success',
  rejected: 'warning',
} as const;

/**
 * An application's status: submitted / in review / approved (the account to sign in with) /
 * rejected with the reason. Opened with the secret link, a rejected one can be corrected
 * (prefilled) and sent again; looked up by number and mobile, only the state and the reason show.
 */
export function StatusView({ access, language }: { access: ApplicationAccess; language: Locale }) {
  const { t } = useTranslation('vendorRegister');
  const navigate = useNavigate();
  const [status, setStatus] = useState<ApplicationStatusView>();
  const [error, setError] = useState<string>();
  const [options, setOptions] = useState<RegisterOptions>();
  const [correcting, setCorrecting] = useState(false);

  const load = useCallback(() => {
    setError(undefined);
    registerApi.status(access).then(setStatus, (e: unknown) => {
      setError(e instanceof ApiError && e.code === 404 ? t('statusNotFound') : t('loadFailed'));
    });
  }, [access, t]);
  useEffect(load, [load]);

  // The form's choices in the reader's language, when correcting.
  const tenant = status?.tenant;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again in the new language (the request sends it)
  useEffect(() => {
    if (!correcting || !tenant) return;
    registerApi.options(tenant).then(setOptions, () => setCorrecting(false));
  }, [correcting, tenant, language]);

  if (error)
    return (
      <Alert
        type="error"
        showIcon
        message={error}
        data-testid="register-status-error"
        action={<Link to="/base/vendor/register?view=status">{t('lookupAgain')}</Link>}
      />
    );
  if (!status) return <Spin />;

  const token = access.token;
  if (correcting && status.form && token)
    return options ? (
      <RegisterForm
        options={options}
        language={language}
        initial={{ ...storedValues(status.form), account: status.account }}
        mode={{ kind: 'correct', access: { no: access.no, token }, account: status.account }}
        onDone={() => {
          toast.success(t('resubmitted'));
          setCorrecting(false);
          load();
        }}
      />
    ) : (
      <Spin />
    );

  return (
    <div data-testid="register-status">
      <Result
        status={RESULT_STATUS[status.status]}
        title={<span data-testid="register-status-value">{t(`status.${status.status}`)}</span>}
        subTitle={
          status.status === 'rejected' && !status.byLink ? t('needLink') : t(`statusHint.${status.status}`)
        }
        extra={
          status.status === 'approved' ? (
            <Button type="primary" onClick={() => navigate('/login')} data-testid="register-status-login">
              {t('goSignIn')}
            </Button>
          ) : status.status === 'rejected' && status.form ? (
            <Button type="primary" onClick={() => setCorrecting(true)} data-testid="register-status-correct">
              {t('correct')}
            </Button>
          ) : undefined
        }
      />
      {status.status === 'rejected' && (
        <Alert
          type="warning"
          showIcon
          message={t('rejectReason')}
          description={<span data-testid="register-status-reason">{status.rejectReason || '-'}</span>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('applicationNo')}>
          <span data-testid="register-status-no">{status.applicationNo}</span>
        </Descriptions.Item>
        {status.byLink && (
          <Descriptions.Item label={t('supplierName')}>{status.supplierName}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('submittedAt')}>{formatDate(status.submittedAt)}</Descriptions.Item>
        {status.decidedAt !== null && (
          <Descriptions.Item label={t('decidedAt')}>{formatDate(status.decidedAt)}</Descriptions.Item>
        )}
        {status.status === 'approved' && status.account && (
          <Descriptions.Item label={t('account')}>
            <strong data-testid="register-status-account">{status.account}</strong>
          </Descriptions.Item>
        )}
      </Descriptions>
    </div>
  );
}
