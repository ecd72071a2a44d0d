import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../utils/message';

/** Copies a text (a link) with a full-size button; the result is told by a toast. */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('vendorRegister');
  return (
    <Button
      size="small"
      icon={<CopyOutlined />}
      data-testid={testId}
      onClick={() =>
        navigator.clipboard
          .writeText(text)
          .then(() => toast.success(t('copied')))
          .catch(() => toast.error(t('copyFailed')))
      }
    >
      {t('copy')}
    </Button>
  );
}
