import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfigValue, useSysName } from '../store/shellData';

/** Product mark and name; `collapsed` shows the mark only. */
export function Logo({ collapsed = false, dark = false }: { collapsed?: boolean; dark?: boolean }) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const sysName = useSysName();
  // The mark from the settings (brand → logo) when one is set, as on the sign-in page.
  const logoUrl = useConfigValue('logoUrl');
  // The configured name can be long: the short product name fits the 230 px sidebar, the full one is the tooltip.
  const name = t('productShort');
  return (
    <Link to="/home" className="srm-logo" data-testid="layout-logo" title={sysName || name}>
      {logoUrl ? (
        <img
          className="srm-logo-mark"
          src={logoUrl}
          alt=""
          width={28}
          height={28}
          data-testid="layout-logo-image"
        />
      ) : (
        <span className="srm-logo-mark" style={{ background: token.colorPrimary }}>
          S
        </span>
      )}
      {!collapsed && (
        <span className="srm-logo-title" style={{ color: dark ? '#fff' : token.colorText }}>
          {name}
        </span>
      )}
    </Link>
  );
}
