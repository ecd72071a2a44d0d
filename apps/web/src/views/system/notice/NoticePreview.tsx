import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../message/message.css';

interface Props {
  preview: { title: string; html: string } | null;
  onClose(): void;
}

/**
 * The announcement as its readers will see it (the forced dialog's look). The HTML is either the
 * editor's own output, limited to its schema, or what the server sanitised.
 */
export function NoticePreview({ preview, onClose }: Props) {
  const { t } = useTranslation('notice');
  return (
    <Modal
      open={!!preview}
      title={<span data-testid="notice-preview-title">{preview?.title || t('untitled')}</span>}
      onCancel={onClose}
      footer={null}
      width={640}
      centered
      data-testid="notice-preview"
    >
      <div
        className="srm-notice-body"
        data-testid="notice-preview-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: editor schema output or server-sanitised HTML
        dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }}
      />
    </Modal>
  );
}
