import type { theme } from 'antd';
import { type CSSProperties, type ReactNode, useId } from 'react';

// The sign-in page's plain fields (no antd Form or Input: the first download has a budget,
// e2e/tests/web-weight.spec.ts), shared by the password and the verification-code forms.

export interface FieldProps {
  label: string;
  error?: string;
  extra?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

/** A labelled field with its error and hint below, laid out like a vertical form item. */
export function Field({ label, error, extra, children }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', extra ? `${id}-extra` : ''].filter(Boolean).join(' ');
  return (
    <div className="srm-auth-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy: describedBy || undefined })}
      {error && (
        <div id={`${id}-error`} className="srm-auth-error" role="alert">
          {error}
        </div>
      )}
      {extra && (
        <div id={`${id}-extra`} className="srm-auth-extra">
          {extra}
        </div>
      )}
    </div>
  );
}

type Token = ReturnType<typeof theme.useToken>['token'];

/** The theme's values for the plain inputs' stylesheet (auth.css). */
export function formStyle(token: Token): CSSProperties {
  return {
    '--srm-auth-border': token.colorBorder,
    '--srm-auth-hover': token.colorPrimaryHover,
    '--srm-auth-focus': token.colorPrimary,
    '--srm-auth-focus-ring': token.controlOutline,
    '--srm-auth-error': token.colorError,
    '--srm-auth-error-ring': token.colorErrorOutline,
    '--srm-auth-bg': token.colorBgContainer,
    '--srm-auth-text': token.colorText,
    '--srm-auth-muted': token.colorTextDescription,
    '--srm-auth-placeholder': token.colorTextPlaceholder,
    '--srm-auth-radius': `${token.borderRadiusLG}px`,
    '--srm-auth-height': `${token.controlHeightLG}px`,
    '--srm-auth-font': `${token.fontSizeLG}px`,
  } as CSSProperties;
}
