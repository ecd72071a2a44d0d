import type { Locale } from '@srm/contracts/core';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { installDomFixes, toastContainer } from './a11y/domFixes';
import { i18n } from './i18n';
import { AppRouter } from './router';
import { THEME_COLORS, useAppStore, useSettingsStore } from './store/settings';
import { themeConfig } from './theme/tokens';
import './styles/a11y.css';

const ANTD_LOCALES: Record<Locale, typeof zhCN> = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };

/** Applies language, colour, dark mode and size live: nothing here needs a reload. */
export function App() {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const themeClass = useSettingsStore((s) => s.themeClass);

  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[language]);
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => installDomFixes(), []);
  const theme = themeConfig(THEME_COLORS[themeColor], themeClass);
  useEffect(() => {
    document.documentElement.dataset.theme = themeClass;
    document.documentElement.style.setProperty('--srm-primary', theme.token?.colorPrimary ?? '');
  }, [themeClass, theme]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={ANTD_LOCALES[language]} componentSize={size} theme={theme}>
        <AntApp message={{ maxCount: 1, getContainer: toastContainer }}>
          {/* The query cache's provider comes with the signed-in shell (layout/index.tsx). */}
          <AppRouter />
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
