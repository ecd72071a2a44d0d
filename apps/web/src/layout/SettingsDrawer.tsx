import { CheckOutlined } from '@ant-design/icons';
import type { LayoutType, Locale } from '@srm/contracts/core';
import { Button, Divider, Drawer, Select, Switch, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SETTINGS,
  type Settings,
  THEME_COLORS,
  type ThemeColorName,
  useAppStore,
  useSettingsStore,
} from '../store/settings';
import { languageOptions } from './Navbar';

/** Width of the drawers (docs/rules.md#constants). */
export const DRAWER_WIDTH = 280;

const LAYOUTS: LayoutType[] = ['classic', 'functional', 'plain'];

/** A miniature of a navigation mode: where the menu sits. */
function LayoutPreview({ type, sideDark }: { type: LayoutType; sideDark: boolean }) {
  const { token } = theme.useToken();
  const menuBg = sideDark ? '#001529' : token.colorBgContainer;
  const bar = { background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` };
  return (
    <div className="srm-layout-preview" style={{ background: token.colorBgLayout }}>
      {type === 'functional' ? (
        <div className="srm-preview-top" style={{ background: menuBg }}>
          <span style={{ background: token.colorPrimary }} />
        </div>
      ) : (
        <>
          <div
            className={`srm-preview-side${type === 'plain' ? ' srm-preview-side-narrow' : ''}`}
            style={{ background: menuBg, borderRight: `1px solid ${token.colorBorderSecondary}` }}
          />
          <div className="srm-preview-bar" style={bar} />
        </>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="srm-settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

type SwitchKey =
  | 'tagsView'
  | 'tagsIcon'
  | 'useCache'
  | 'showLanguage'
  | 'showSearch'
  | 'fixedHeader'
  | 'sidebarLogo';
const SWITCHES: SwitchKey[] = [
  'tagsView',
  'tagsIcon',
  'useCache',
  'showLanguage',
  'showSearch',
  'fixedHeader',
  'sidebarLogo',
];

/** The settings drawer (docs/rules.md#settings): everything applies live and persists. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const settings = useSettingsStore();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const set = settings.set;

  const section = (title: string) => (
    <Divider plain titlePlacement="center" className="srm-settings-divider">
      {title}
    </Divider>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={t('settings.title')}
      placement="right"
      data-testid="settings-drawer"
      footer={
        <Button
          block
          onClick={() => settings.reset()}
          data-testid="settings-reset"
          disabled={(Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]).every(
            (k) => settings[k] === DEFAULT_SETTINGS[k],
          )}
        >
          {t('settings.reset')}
        </Button>
      }
    >
      {section(t('settings.layout'))}
      <div className="srm-layout-options">
        {LAYOUTS.map((type) => {
          const active = settings.layoutType === type;
          return (
            // No tooltip: the option shows its name, and a tooltip left open by the click took the
            // first Escape, so the drawer needed two to close.
            <button
              key={type}
              type="button"
              className="srm-layout-option"
              aria-pressed={active}
              aria-label={t(`settings.layouts.${type}`)}
              data-testid={`layout-${type}`}
              style={{
                borderColor: active ? token.colorPrimary : token.colorBorder,
                boxShadow: active ? `0 0 0 2px ${token.colorPrimaryBg}` : undefined,
              }}
              onClick={() => set('layoutType', type)}
            >
              <LayoutPreview type={type} sideDark={settings.slideClass === 'dark'} />
              <span className="srm-layout-option-label" style={{ color: token.colorTextSecondary }}>
                {t(`settings.layouts.${type}`)}
              </span>
            </button>
          );
        })}
      </div>

      {section(t('settings.appearance'))}
      <Row label={t('settings.darkMode')}>
        <Switch
          size="small"
          checked={settings.themeClass === 'dark'}
          onChange={(on) => set('themeClass', on ? 'dark' : 'light')}
          aria-label={t('settings.darkMode')}
          data-testid="theme-dark"
        />
      </Row>
      <Row label={t('settings.darkSidebar')}>
        <Switch
          size="small"
          checked={settings.slideClass === 'dark'}
          onChange={(on) => set('slideClass', on ? 'dark' : 'light')}
          aria-label={t('settings.darkSidebar')}
          data-testid="sidebar-dark"
        />
      </Row>
      <div className="srm-settings-label">{t('settings.themeColor')}</div>
      <div className="srm-color-swatches">
        {(Object.keys(THEME_COLORS) as ThemeColorName[]).map((name) => (
          <Tooltip key={name} title={t(`settings.colors.${name}`)}>
            <button
              type="button"
              className="srm-color-swatch"
              style={{ background: THEME_COLORS[name] }}
              aria-label={t(`settings.colors.${name}`)}
              aria-pressed={settings.themeColor === name}
              data-testid={`color-${name}`}
              onClick={() => set('themeColor', name)}
            >
              {settings.themeColor === name && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

      {section(t('settings.interface'))}
      {SWITCHES.map((key) => (
        <Row key={key} label={t(`settings.switches.${key}`)}>
          <Switch
            size="small"
            checked={settings[key]}
            onChange={(on) => set(key, on)}
            aria-label={t(`settings.switches.${key}`)}
            data-testid={`switch-${key}`}
          />
        </Row>
      ))}
      <Row label={t('language')}>
        <Select<Locale>
          size="small"
          value={language}
          options={languageOptions()}
          onChange={setLanguage}
          aria-label={t('language')}
          style={{ width: 120 }}
          data-testid="settings-language"
        />
      </Row>
    </Drawer>
  );
}
