import { LOCALES, type Locale, type LoginConfig, SysConfigApi, sysNameIn } from '@srm/contracts/core';
import { Segmented, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPreloaded } from '../../../api/request';
import { ProductMark } from '../../../components/ProductMark';
import { useAppStore } from '../../../store/settings';
import './register.css';

/** Each language in its own words (as on the sign-in page). */
const LANGUAGE_LABELS: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

/** The public pages' frame: the product, the language switch (as on the sign-in page), the page. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation(['vendorRegister', 'common']);
  const { token } = theme.useToken();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  // The product's name and logo as the sign-in page shows them (the system settings'), else built in.
  const [brand, setBrand] = useState<LoginConfig | null>(null);
  useEffect(() => {
    getPreloaded<LoginConfig>(SysConfigApi.loginConfig).then(setBrand, () => {});
  }, []);
  return (
    <div className="srm-register-page" style={{ background: token.colorBgLayout, color: token.colorText }}>
      <header className="srm-register-header">
        <Link
          to="/login"
          className="srm-register-brand"
          style={{ color: token.colorTextHeading }}
          data-testid="register-brand"
        >
          {brand?.logoUrl ? (
            <img src={brand.logoUrl} alt="" width={28} height={28} data-testid="register-logo" />
          ) : (
            <ProductMark size={28} testId="register-logo" />
          )}
          <span>{(brand && sysNameIn(brand, language)) || t('common:productName')}</span>
        </Link>
        <Segmented<Locale>
          size="small"
          aria-label={t('language')}
          data-testid="register-language"
          value={language}
          onChange={setLanguage}
          options={LOCALES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))}
        />
      </header>
      <main
        className="srm-register-main"
        style={{
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1 style={{ color: token.colorTextHeading }}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
