import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { installDomFixes, toastContainer } from './a11y/domFixes';
import { i18n } from './i18n';
import { antdLocale, loadAntdLocale } from './i18n/antdLocale';
import { AppRouter } from './router';
import { THEME_COLORS, useAppStore, useSettingsStore } from './store/settings';
import { usePrefersReducedMotion } from './theme/reducedMotion';
import { darkDangerFill, themeConfig } from './theme/tokens';
import './styles/a11y.css';

/** Applies language, colour, dark mode and size live: nothing here needs a reload. */
export function App() {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const themeClass = useSettingsStore((s) => s.themeClass);

  // The first language's texts were loaded before the first render (main.tsx); a switch loads the new one.
  const [locale, setLocale] = useState(() => antdLocale(language));
  useEffect(() => {
    document.documentElement.lang = language;
    let current = true;
    void loadAntdLocale(language).then((loaded) => {
      if (current) setLocale(loaded);
    });
    return () => {
      current = false;
    };
  }, [language]);
  useEffect(() => installDomFixes(), []);
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => {
    const config = themeConfig(THEME_COLORS[themeColor], themeClass);
    return reducedMotion ? { ...config, token: { ...config.token, motion: false } } : config;
  }, [themeColor, themeClass, reducedMotion]);
  useEffect(() => {
    document.documentElement.dataset.theme = themeClass;
    document.documentElement.style.setProperty('--srm-primary', theme.token?.colorPrimary ?? '');
    // Read by a11y.css for solid danger buttons of the dark theme.
    document.documentElement.style.setProperty(
      '--srm-danger-fill',
      themeClass === 'dark' ? darkDangerFill() : '',
    );
  }, [themeClass, theme]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={locale} componentSize={size} theme={theme}>
        <AntApp message={{ maxCount: 1, getContainer: toastContainer }}>
          {/* The query cache's provider comes with the signed-in shell (layout/index.tsx). */}
          <AppRouter />
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
