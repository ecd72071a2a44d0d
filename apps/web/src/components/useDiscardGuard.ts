import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A form dialog's close (Escape, the ×, Cancel) that asks first when the user has typed something:
 * a long form closed by a stray Escape would otherwise lose everything. Untouched: closes at once.
 * `alsoDirty`: what the dialog keeps outside the form (chosen suppliers) changed too.
 */
export function useDiscardGuard(form: FormInstance, onClose: () => void, alsoDirty = false): () => void {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  return () => {
    if (!alsoDirty && !form.isFieldsTouched()) {
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
