import { Card, Empty, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, MenuIcon } from '../../../components/MenuIcon';
import { toast } from '../../../utils/message';
import './icons.css';

/** Copies the text; false where the browser refuses (no clipboard permission, insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * System → icons: every icon the menu editor offers (the same list), searchable by name; a click
 * (or Enter/Space on the focused icon) copies its name for a menu's icon field.
 */
export default function IconGalleryPage() {
  const { t } = useTranslation('icons');
  const [search, setSearch] = useState('');
  const names = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? MENU_ICON_NAMES.filter((n) => n.toLowerCase().includes(needle)) : MENU_ICON_NAMES;
  }, [search]);

  const copy = async (name: string) => {
    if (await copyText(name)) toast.success(t('copied', { name }));
    else toast.error(t('copyFailed', { name }));
  };

  return (
    <Card data-testid="icon-gallery">
      <div className="icon-gallery-toolbar">
        <Input.Search
          allowClear
          aria-label={t('search')}
          placeholder={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="icon-gallery-search"
          data-testid="icon-gallery-search"
        />
        <Typography.Text type="secondary" role="status" data-testid="icon-gallery-count">
          {t('count', { count: names.length })}
        </Typography.Text>
      </div>
      {names.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <ul className="icon-gallery-grid" aria-label={t('list')}>
          {names.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="icon-gallery-cell"
                onClick={() => void copy(name)}
                aria-label={t('copy', { name })}
                title={t('copy', { name })}
                data-testid={`icon-gallery-item-${name}`}
              >
                <MenuIcon name={name} />
                <span className="icon-gallery-name">{name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
