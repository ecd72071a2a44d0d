// The external build: no inline styles or blob workers, so the strict Content-Security-Policy
// (script-src 'self', no eval) holds — its stylesheet and its PBKDF2 worker are files of our own.
import 'altcha/external';
import 'altcha/altcha.css';
import type { Locale } from '@srm/contracts/core';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { theme } from 'antd';
import { type CSSProperties, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The widget's own language codes for ours (its texts come from our locale files). */
const WIDGET_LANGUAGE: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };
const STRINGS = [
  'ariaLinkLabel',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verificationRequired',
  'verified',
  'verify',
  'verifying',
  'waitAlert',
] as const;

/** The states from which the person may start a check (not while one runs or once it passed). */
const STARTABLE = new Set<string>(['unverified', 'error', 'expired']);

/** The challenge call answers in our envelope: the widget gets the challenge inside it. */
const unwrapEnvelope: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const body = (await res.json()) as { code?: number; data?: unknown };
  return new Response(JSON.stringify(body.data ?? null), {
    status: res.ok && body.code === 0 ? 200 : 500,
    headers: { 'content-type': 'application/json' },
  });
};

let configured = false;
function configureOnce() {
  if (configured) return;
  configured = true;
  for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
    $altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
  $altcha.defaults.set({ fetch: unwrapEnvelope, hideFooter: true, hideLogo: true });
}

interface Props {
  language: Locale;
  /** The path that answers a challenge (the registration's, the sign-in's). */
  challenge: string;
  /** The solved payload, or undefined while unsolved (expired, failed, verifying). */
  onChange: (payload: string | undefined) => void;
  testId: string;
}

/**
 * The proof of work (ALTCHA, self-hosted) of the supplier registration and of a sign-in that asks
 * for one: the server's challenge is solved in a worker as soon as the widget shows; the person can
 * also start it with the checkbox, by mouse or by keyboard (Space or Enter). Its texts are the
 * `altcha` namespace's.
 */
export function AltchaField({ language, challenge, onChange, testId }: Props) {
  const { t } = useTranslation('altcha');
  const { token } = theme.useToken();
  const ref = useRef<HTMLElement>(null);
  const code = WIDGET_LANGUAGE[language];
  configureOnce();
  // Before the widget paints: its texts in the reader's language, from our locale files.
  useLayoutEffect(() => {
    $altcha.i18n.set(code, Object.fromEntries(STRINGS.map((key) => [key, t(key)])));
  }, [code, t]);

  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const element = ref.current as AltchaWidgetElement | null;
    if (!element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      latest.current(detail.state === 'verified' ? detail.payload : undefined);
    };
    // By keyboard (WCAG 2.1.1): Enter or Space on the focused checkbox starts the check — the
    // widget's own click path does not run for Enter, and its error popover takes the click that
    // Space makes for a click outside it and resets the check it just started.
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== 'Enter' && event.key !== ' ') || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (!(target instanceof HTMLInputElement) || target.type !== 'checkbox') return;
      if (!STARTABLE.has(element.getState())) return;
      event.preventDefault();
      void element.verify();
    };
    element.addEventListener('statechange', onState);
    element.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('statechange', onState);
      element.removeEventListener('keydown', onKey);
    };
  }, []);

  // The theme's colours (light and dark) instead of the widget's own.
  const style = {
    '--altcha-color-base': token.colorBgContainer,
    '--altcha-color-base-content': token.colorText,
    '--altcha-color-neutral': token.colorBorder,
    // Declared at :root from the neutral colour there: set again, or it keeps the widget's own.
    '--altcha-border-color': token.colorBorder,
    '--altcha-popover-color': token.colorBorder,
    '--altcha-spinner-color': token.colorText,
    '--altcha-color-neutral-content': token.colorTextSecondary,
    '--altcha-color-primary': token.colorPrimary,
    '--altcha-color-primary-content': token.colorTextLightSolid,
    '--altcha-color-success': token.colorSuccessText,
    '--altcha-color-error': token.colorErrorText,
    '--altcha-checkbox-border-color': token.colorTextSecondary,
    '--altcha-border-radius': `${token.borderRadius}px`,
    '--altcha-max-width': '100%',
  } as CSSProperties;

  return (
    <div data-testid={testId} style={style}>
      <altcha-widget ref={ref} challenge={challenge} language={code} auto="onload" />
    </div>
  );
}
