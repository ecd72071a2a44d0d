import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A type-7 link opened inside the app (target _self). */
export default function IframePage({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 120px)', minHeight: 400 }}>
      <div style={{ textAlign: 'right', marginBottom: 8 }}>
        <Button size="small" icon={<ExportOutlined />} href={src} target="_blank" rel="noopener noreferrer">
          {t('iframe.openNew')}
        </Button>
      </div>
      <iframe
        src={src}
        title={title}
        data-testid="menu-iframe"
        style={{ flex: 1, width: '100%', border: 0, borderRadius: 8, background: 'transparent' }}
      />
    </div>
  );
}
