import { CloseOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, MenuIcon } from '../../../components/MenuIcon';
import './menu.css';

interface IconPickerProps {
  value?: string;
  onChange?: (value: string) => void;
  'data-testid'?: string;
}

/** Form control: the chosen icon and a searchable grid of every icon the sidebar can render. */
export function IconPicker({
  value = '',
  onChange,
  'data-testid': testId = 'menu-icon-picker',
}: IconPickerProps) {
  const { t } = useTranslation('menu');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const names = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? MENU_ICON_NAMES.filter((n) => n.toLowerCase().includes(needle)) : MENU_ICON_NAMES;
  }, [search]);
  const choose = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Button
          className="menu-icon-value"
          icon={value ? <MenuIcon name={value} /> : undefined}
          onClick={() => setOpen(true)}
          data-testid={testId}
        >
          {value || t('icon.choose')}
        </Button>
        {value && (
          <Tooltip title={t('icon.clear')}>
            <Button icon={<CloseOutlined />} onClick={() => onChange?.('')} data-testid={`${testId}-clear`} />
          </Tooltip>
        )}
      </Space.Compact>
      <Modal
        open={open}
        title={t('icon.choose')}
        footer={null}
        onCancel={() => setOpen(false)}
        width="min(640px, calc(100vw - 32px))"
        destroyOnHidden
        data-testid="menu-icon-modal"
      >
        <Input.Search
          allowClear
          autoFocus
          placeholder={t('icon.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 12 }}
          data-testid="menu-icon-search"
        />
        {names.length === 0 ? (
          <Empty description={t('icon.empty')} />
        ) : (
          <div className="menu-icon-grid">
            {names.map((name) => (
              <Tooltip key={name} title={name}>
                <Button
                  className="menu-icon-cell"
                  type={name === value ? 'primary' : 'text'}
                  onClick={() => choose(name)}
                  aria-label={name}
                  data-testid={`menu-icon-option-${name}`}
                >
                  <MenuIcon name={name} />
                  <span className="menu-icon-name">{name.replace(/Outlined$/, '')}</span>
                </Button>
              </Tooltip>
            ))}
          </div>
        )}
      </Modal>
    </>
  );
}
