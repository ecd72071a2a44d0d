import {
  type Locale,
  type RegisterOptions,
  type RegisterResult,
  VendorRegisterApi,
} from '@srm/contracts/core';
import { Alert, Button, Form, type FormInstance, Grid, Spin, Steps, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { registerApi } from './api';
import { CompanyFields } from './CompanyFields';
import { formNameOf, type RegisterValues, STEPS, stepOf, toFormBody } from './formValues';
import { useRegisterRules } from './rules';

// The first step is the page's first screen; the later steps' code (the category tree, the upload
// parts, the proof of work and its worker) loads when its step comes. The form's first focus
// fetches the steps' fields (not the proof of work), so the next step is there when it is asked for.
const loadContact = () => import('./ContactFields');
const loadQualifications = () => import('./QualificationFields');
const loadAccount = () => import('./AccountFields');
const loadAltcha = () => import('../../../components/altcha/AltchaField');
const CategoryFields = lazy(() => loadContact().then((m) => ({ default: m.CategoryFields })));
const ContactFields = lazy(() => loadContact().then((m) => ({ default: m.ContactFields })));
const BankFields = lazy(() => loadContact().then((m) => ({ default: m.BankFields })));
const QualificationFields = lazy(() =>
  loadQualifications().then((m) => ({ default: m.QualificationFields })),
);
const AccountFields = lazy(() => loadAccount().then((m) => ({ default: m.AccountFields })));
const AltchaField = lazy(() => loadAltcha().then((m) => ({ default: m.AltchaField })));

/** A new application solves the proof of work; an invitation carries its token; a correction its access. */
export type RegisterMode =
  | { kind: 'new' }
  | { kind: 'invite'; token: string }
  | { kind: 'correct'; access: { no: string; token: string }; account: string };

interface Props {
  options: RegisterOptions;
  language: Locale;
  initial: Partial<RegisterValues>;
  mode: RegisterMode;
  onDone(result: RegisterResult): void;
}

type ErrorFields = { errorFields?: { name: (string | number)[] }[] };

/**
 * The stepped registration form: each step is checked with the contracts' rules before the next
 * one; the server's field messages land on their fields (on whichever step holds them).
 */
export function RegisterForm({ options, language, initial, mode, onDone }: Props) {
  const { t } = useTranslation('vendorRegister');
  const [form] = Form.useForm<RegisterValues>();
  const rules = useRegisterRules(language, options.password);
  const screens = Grid.useBreakpoint();
  const [current, setCurrent] = useState(0);
  const [altcha, setAltcha] = useState<string>();
  const [altchaKey, setAltchaKey] = useState(0);
  const [altchaError, setAltchaError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const { token } = theme.useToken();
  const heading = useRef<HTMLHeadingElement>(null);
  const last = STEPS.length - 1;
  // The furthest step shown so far: the steps up to it stay mounted (hidden), so that the last
  // step's check and submission see every field; the steps after it are not rendered yet.
  const [reached, setReached] = useState(0);

  const prefetched = useRef(false);
  const prefetch = () => {
    if (prefetched.current) return;
    prefetched.current = true;
    void Promise.all([loadContact(), loadQualifications(), loadAccount()]).catch(() => {
      prefetched.current = false;
    });
  };

  /** Shows a step; the focus goes to its heading (or to `field`), so the keyboard carries on there. */
  const go = (step: number, field?: (string | number)[]) => {
    setCurrent(step);
    setReached((r) => Math.max(r, step));
    requestAnimationFrame(() => {
      if (field) form.scrollToField(field, { focus: true, block: 'center' });
      else heading.current?.focus();
    });
  };

  const showFirstError = (error: unknown) => {
    const first = (error as ErrorFields).errorFields?.[0];
    if (!first) return;
    const step = stepOf(first.name[0]);
    go(step >= 0 ? step : current, first.name);
  };

  /** Server field messages on their fields; the proof of work's and the link's beside the buttons. */
  const landErrors = (fields: Record<string, string>) => {
    const onForm: { name: (string | number)[]; errors: string[] }[] = [];
    for (const [path, message] of Object.entries(fields)) {
      const name = formNameOf(path);
      if (name) onForm.push({ name, errors: [message] });
      else if (path === 'altcha') setAltchaError(message);
      else setFormError(message);
    }
    // Paths the server names, typed loosely: the form takes any name path.
    (form as FormInstance).setFields(onForm);
    const first = onForm[0];
    if (first) go(Math.max(0, stepOf(first.name[0])), first.name);
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch (error) {
      showFirstError(error);
      return;
    }
    if (mode.kind === 'new' && !altcha) {
      setAltchaError(t('altcha:required'));
      return;
    }
    const values = form.getFieldsValue(true) as RegisterValues;
    setFormError(undefined);
    setAltchaError(undefined);
    setSubmitting(true);
    try {
      const body = toFormBody(values);
      const result =
        mode.kind === 'correct'
          ? await registerApi.resubmit({
              ...body,
              ...mode.access,
              ...(values.password
                ? { password: values.password, confirmPassword: values.confirmPassword }
                : {}),
            })
          : await registerApi.submit({
              ...body,
              tenant: options.tenant,
              account: values.account.trim(),
              password: values.password,
              confirmPassword: values.confirmPassword,
              ...(mode.kind === 'invite' ? { invitationToken: mode.token } : { altcha }),
            });
      onDone(result);
    } catch (error) {
      // A refused submission has spent its proof of work: the widget solves a new one.
      if (mode.kind === 'new') {
        setAltcha(undefined);
        setAltchaKey((k) => k + 1);
      }
      if (error instanceof ApiError && error.fields) landErrors(error.fields);
      else if (error instanceof ApiError) setFormError(error.msg);
    } finally {
      setSubmitting(false);
    }
  };

  const next = async () => {
    if (current === last) return submit();
    try {
      await form.validateFields(
        STEPS[current]?.fields.map((f) => [f]),
        { recursive: true },
      );
      go(current + 1);
    } catch (error) {
      showFirstError(error);
    }
  };

  const titles = STEPS.map((s) => t(`step.${s.key}`));
  const step = (index: number) => ({ hidden: current !== index, 'data-testid': `register-step-${index}` });
  /** A later step's fields once it has been reached (its code may still be on its way). */
  const later = (index: number, fields: ReactNode) =>
    index <= reached && (
      <div {...step(index)}>
        <Suspense fallback={<Spin />}>{fields}</Suspense>
      </div>
    );

  return (
    <form noValidate onSubmit={(e) => e.preventDefault()} onFocus={prefetch} data-testid="register-form">
      {/* Narrow windows: the heading below says which step of how many, the bar would fill the screen. */}
      {screens.md && (
        <Steps
          className="srm-register-steps"
          size="small"
          current={current}
          onChange={(index) => index < current && go(index)}
          items={titles.map((title, index) => ({ title, disabled: index > current }))}
        />
      )}
      <h2 ref={heading} tabIndex={-1} data-testid="register-step-title">
        {t('stepOf', { n: current + 1, total: STEPS.length, title: titles[current] })}
      </h2>
      <Form<RegisterValues>
        form={form}
        name="register"
        component={false}
        layout="vertical"
        initialValues={initial}
      >
        <div {...step(0)}>
          <CompanyFields rules={rules} options={options} />
        </div>
        {later(1, <CategoryFields rules={rules} options={options} />)}
        {later(2, <ContactFields rules={rules} />)}
        {later(3, <BankFields rules={rules} />)}
        {later(4, <QualificationFields rules={rules} options={options} tenant={options.tenant} />)}
        {later(
          5,
          <>
            <AccountFields
              rules={rules}
              options={options}
              language={language}
              fixedAccount={mode.kind === 'correct' ? mode.account : undefined}
            />
            {mode.kind === 'new' && current === last && (
              <div className="srm-register-altcha">
                <AltchaField
                  key={altchaKey}
                  language={language}
                  challenge={VendorRegisterApi.challenge}
                  onChange={setAltcha}
                  testId="register-altcha"
                />
                {altchaError && (
                  <div
                    role="alert"
                    style={{ color: token.colorErrorText }}
                    data-testid="register-altcha-error"
                  >
                    {altchaError}
                  </div>
                )}
              </div>
            )}
            {mode.kind === 'invite' && <p className="srm-register-hint">{t('invitedNoCheck')}</p>}
          </>,
        )}
      </Form>
      {formError && (
        <Alert
          type="error"
          showIcon
          message={formError}
          style={{ marginTop: 16 }}
          data-testid="register-error"
        />
      )}
      <div className="srm-register-actions">
        {current > 0 && (
          <Button onClick={() => go(current - 1)} data-testid="register-prev">
            {t('prev')}
          </Button>
        )}
        <Button
          type="primary"
          loading={submitting}
          onClick={() => void next()}
          data-testid={current < last ? 'register-next' : 'register-submit'}
        >
          {current < last ? t('next') : mode.kind === 'correct' ? t('resubmit') : t('submit')}
        </Button>
      </div>
    </form>
  );
}
