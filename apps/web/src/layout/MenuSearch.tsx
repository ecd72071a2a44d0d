import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppMenuItem } from '../router/types';
import { menuKey, menuTitle, searchPages } from './menuUtils';
import { openMenuItem, useNavMenu } from './useMenu';

/**
 * Finds menu pages by their title in the current language and opens the one picked. A plain input
 * with downshift's combobox (roles, keyboard, pointer) rather than antd's AutoComplete, which
 * brings Select and a virtual list to every signed-in first screen.
 */
export function MenuSearch() {
  const { t } = useTranslation('layout');
  const { menus, language } = useNavMenu();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const matches = useMemo(() => searchPages(menus, text, language).slice(0, 20), [menus, text, language]);
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, reset } =
    useCombobox<AppMenuItem>({
      items: matches,
      inputValue: text,
      selectedItem: null,
      itemToString: (page) => (page ? menuTitle(page, language) : ''),
      itemToKey: (page) => (page ? menuKey(page) : null),
      // Enter opens the first match; the arrow keys move to another.
      defaultHighlightedIndex: 0,
      onInputValueChange: ({ inputValue }) => setText(inputValue ?? ''),
      // Opening a page empties the box (the picked title is not left in it).
      stateReducer: (_state, { type, changes }) =>
        type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
        type === useCombobox.stateChangeTypes.ItemClick
          ? { ...changes, inputValue: '', isOpen: false }
          : changes,
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) openMenuItem(selectedItem, navigate);
      },
    });
  const open = isOpen && text.trim() !== '';

  return (
    <div className="srm-menu-search">
      <span className="srm-menu-search-box">
        <SearchOutlined className="srm-menu-search-icon" />
        <input
          {...getInputProps({
            placeholder: t('search.placeholder'),
            'aria-label': t('search.placeholder'),
          })}
          data-testid="menu-search"
        />
        {text && (
          <button
            type="button"
            className="srm-menu-search-clear"
            aria-label={t('search.clear')}
            tabIndex={-1}
            onClick={() => reset()}
          >
            <CloseCircleFilled />
          </button>
        )}
      </span>
      <div className="srm-menu-search-popup" hidden={!open}>
        <ul {...getMenuProps()}>
          {open &&
            matches.map((page, index) => (
              <li
                key={menuKey(page)}
                className={index === highlightedIndex ? 'srm-menu-search-active' : undefined}
                {...getItemProps({ item: page, index })}
              >
                <span data-testid={`menu-search-option-${page.path}`}>{menuTitle(page, language)}</span>
              </li>
            ))}
        </ul>
        {open && matches.length === 0 && <div className="srm-menu-search-empty">{t('search.empty')}</div>}
      </div>
    </div>
  );
}
