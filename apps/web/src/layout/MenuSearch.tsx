import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuKey, menuTitle, searchPages } from './menuUtils';
import { openMenuItem, useNavMenu } from './useMenu';

/** Finds menu pages by their title in the current language and opens the one picked. */
export function MenuSearch() {
  const { t } = useTranslation('layout');
  const { menus, language } = useNavMenu();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const matches = useMemo(() => searchPages(menus, text, language).slice(0, 20), [menus, text, language]);
  const options = matches.map((page) => ({
    value: menuKey(page),
    label: <span data-testid={`menu-search-option-${page.path}`}>{menuTitle(page, language)}</span>,
  }));

  return (
    <AutoComplete
      className="srm-menu-search"
      options={options}
      value={text}
      onChange={(value) => setText(value)}
      onSelect={(key: string) => {
        openMenuItem(
          matches.find((p) => menuKey(p) === key),
          navigate,
        );
        setText('');
      }}
      // Enter opens the first match; the arrow keys move to another (off by default in an AutoComplete).
      defaultActiveFirstOption
      notFoundContent={text.trim() ? t('search.empty') : null}
      popupMatchSelectWidth={240}
    >
      <Input
        size="small"
        variant="filled"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        data-testid="menu-search"
      />
    </AutoComplete>
  );
}
