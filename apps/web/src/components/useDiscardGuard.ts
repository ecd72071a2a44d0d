import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A dialog's close (Escape, the ×, Cancel, a click beside a drawer) that asks first when the user has
 * entered something (`isDirty`, asked at the moment of closing): a long form closed by a stray Escape
 * would otherwise lose everything. Nothing entered: closes at once.
 */
export function useDiscardGuard(isDirty: () => boolean, onClose: () => void): () => void {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  return () => {
    if (!isDirty()) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('discardTitle'),
      content: t('discardContent'),
      okText: t('discard'),
      cancelText: t('keepEditing'),
      okButtonProps: { danger: true, 'data-testid': 'discard-ok' },
      cancelButtonProps: { 'data-testid': 'discard-cancel' },
      onOk: onClose,
    });
  };
}

/** The words of an HTML body: what a reader would see (an editor's empty "<p></p>" is nothing). */
function visibleText(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

/**
 * What a form holds (`values`, or the form's own), as a reader would tell it apart: empty values
 * ('', null, [], undefined) left out, a rich-text field (`bodyField`) by its visible text (the
 * editor rewrites its HTML on its own when it loads). Taken when the dialog opens and again when it
 * closes: different means changed.
 */
export function formSnapshot(form: FormInstance | Record<string, unknown>, bodyField: string): string {
  const values = (
    typeof form.getFieldsValue === 'function' ? (form as FormInstance).getFieldsValue(true) : form
  ) as Record<string, unknown>;
  const kept: [string, unknown][] = [];
  for (const k of Object.keys(values).sort()) {
    const v = k === bodyField ? visibleText(values[k]) : values[k];
    if (v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    kept.push([k, v]);
  }
  return JSON.stringify(kept);
}
