import type { InvitationPrefill, Locale, RegisterOptions, RegisterResult } from '@srm/contracts/core';
import { Alert, Button, Descriptions, Result, Space, Spin } from 'antd';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/request';
import { CopyButton } from '../CopyButton';
import { registerApi, statusPath } from './api';
import { emptyValues, invitedValues } from './formValues';
import { RegisterForm } from './RegisterForm';

/** The answer to a submission: the number and the status page's link (its secret: shown here only). */
function Submitted({ result }: { result: RegisterResult }) {
  const { t } = useTranslation('vendorRegister');
  const path = statusPath(result.applicationNo, result.token);
  // The form that held focus is gone: the heading takes it, so a screen reader says the number.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div data-testid="register-done">
      <Result
        status="success"
        title={
          <h2
            ref={heading}
            tabIndex={-1}
            className="srm-register-result-title"
            data-testid="register-done-title"
          >
            {t('submittedHeading', { no: result.applicationNo })}
          </h2>
        }
        subTitle={t('submittedHint')}
      />
      <Alert
        type="warning"
        showIcon
        message={t('keepLink')}
        style={{ marginBottom: 16 }}
        data-testid="register-done-keep"
      />
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('applicationNo')}>
          <strong data-testid="register-done-no">{result.applicationNo}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('statusLink')}>
          <Space wrap>
            <Link to={path} data-testid="register-done-status">
              {t('viewStatus')}
            </Link>
            <CopyButton text={`${window.location.origin}${path}`} testId="register-done-copy" />
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/**
 * Whether the product itself refused the link's enterprise: unknown (404) or not a valid code (400),
 * answered as its envelope. A 404 of something in between (a proxy) is a failure worth a retry.
 */
const linkRefused = (e: unknown) =>
  e instanceof ApiError && e.status === 200 && (e.code === 404 || e.code === 400);

/** A new application: from scratch (with the proof of work) or from an invitation (prefilled). */
export function NewApplication({
  invite,
  tenant,
  language,
}: {
  invite: string | null;
  tenant: string | undefined;
  language: Locale;
}) {
  const { t } = useTranslation('vendorRegister');
  // undefined while the invitation loads; null without one (or when it cannot be used).
  const [prefill, setPrefill] = useState<InvitationPrefill | null | undefined>(invite ? undefined : null);
  const [inviteInvalid, setInviteInvalid] = useState(false);
  const [options, setOptions] = useState<RegisterOptions>();
  // Why the choices did not load: an unknown enterprise (the link is wrong: retrying cannot help),
  // or anything else (the network, the server: worth another try).
  const [failed, setFailed] = useState<'unknownTenant' | 'other' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<RegisterResult>();

  useEffect(() => {
    if (!invite) return;
    registerApi.invitation(invite).then(setPrefill, () => {
      setInviteInvalid(true);
      setPrefill(null);
    });
  }, [invite]);

  const tenantCode = prefill?.tenant ?? tenant;
  const ready = prefill !== undefined;
  // The choices follow the language (their names are the dictionaries' translations).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again in the new language (the request sends it) and on a retry
  useEffect(() => {
    if (!ready) return;
    setFailed(null);
    // The form's first render is a transition: React builds it in slices between which the page
    // still answers (a default update would build the whole form in one long task).
    registerApi.options(tenantCode).then(
      (loaded) => startTransition(() => setOptions(loaded)),
      (e: unknown) => setFailed(linkRefused(e) ? 'unknownTenant' : 'other'),
    );
  }, [ready, tenantCode, language, attempt]);

  const initial = useMemo(() => (prefill ? invitedValues(prefill) : emptyValues()), [prefill]);
  // The retry button leaves with the message: focus goes to the page's region, not to nowhere.
  const region = useRef<HTMLDivElement>(null);
  const retry = () => {
    region.current?.focus();
    setAttempt((n) => n + 1);
  };

  const hint = (
    <p className="srm-register-hint">
      {t('intro')}{' '}
      <Link to="/base/vendor/register?view=status" data-testid="register-to-status">
        {t('checkStatus')}
      </Link>
    </p>
  );

  const content = () => {
    if (result) return <Submitted result={result} />;
    if (failed === 'unknownTenant')
      return (
        <Alert type="warning" showIcon message={t('tenantUnknown')} data-testid="register-tenant-unknown" />
      );
    if (failed)
      return (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed')}
          action={
            <Button size="small" onClick={retry} data-testid="register-retry">
              {t('retry')}
            </Button>
          }
        />
      );
    // The introduction does not wait for the choices: it is the page's first text on screen.
    if (!ready || !options)
      return (
        <>
          {hint}
          <Spin />
        </>
      );
    return (
      <>
        {inviteInvalid && (
          <Alert
            type="warning"
            showIcon
            message={t('inviteInvalid')}
            style={{ marginBottom: 16 }}
            data-testid="register-invite-invalid"
          />
        )}
        {prefill && (
          <Alert
            type="info"
            showIcon
            message={t('invited', { name: prefill.companyName })}
            style={{ marginBottom: 16 }}
            data-testid="register-invited"
          />
        )}
        {hint}
        <RegisterForm
          options={options}
          language={language}
          initial={initial}
          mode={prefill && invite ? { kind: 'invite', token: invite } : { kind: 'new' }}
          onDone={setResult}
        />
      </>
    );
  };

  // One region around every state, so that focus has somewhere to stay while the content changes.
  return (
    <div ref={region} tabIndex={-1} className="srm-register-region">
      {content()}
    </div>
  );
}
