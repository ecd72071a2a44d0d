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
 * Whether a form with a rich-text field has been changed: any other field touched, or the body's
 * visible text differing from `bodyAtOpen` (the editor rewrites its HTML on its own when it loads,
 * which would count as a touch).
 */
export function formChanged(form: FormInstance, bodyField: string, bodyAtOpen: string): boolean {
  const others = Object.keys(form.getFieldsValue(true) as Record<string, unknown>).filter(
    (n) => n !== bodyField,
  );
  return (
    (others.length > 0 && form.isFieldsTouched(others)) ||
    visibleText(form.getFieldValue(bodyField)) !== visibleText(bodyAtOpen)
  );
}
