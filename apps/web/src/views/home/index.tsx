import {
  ApartmentOutlined,
  BankOutlined,
  ClockCircleOutlined,
  ExportOutlined,
  IdcardOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { PortalHome as PortalHomeAnswer } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Col, Descriptions, Empty, Row, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { lastLoginLines } from '../../components/useLastLoginNotice';
import { flattenMenu } from '../../router/menu';
import { useCacheStore } from '../../store/cache';
import { usePermissionStore } from '../../store/permission';
import { useAppStore } from '../../store/settings';
import { useUserStore } from '../../store/user';
import { avatarUrl } from '../../utils/avatar';
import { portalViewApi, portalViewKeys } from '../onlineDev/visualPortal/api';
import './home.css';
import { TodoCard, UnreadCard } from './WorkCards';

// A supplier's own home cards and role: their chunk loads only for supplier users.
const VendorHome = lazy(() => import('../supplier/portal/VendorHome'));
const SupplierRole = lazy(() =>
  import('../supplier/portal/VendorHome').then((m) => ({ default: m.SupplierRole })),
);

// A portal as the home page, and the choice of one: their chunk loads only for users who have one.
const PortalHome = lazy(() => import('../onlineDev/visualPortal/PortalHome'));
const HomeChoice = lazy(() => import('../onlineDev/visualPortal/HomeChoice'));

function greetingKey(hour: number): string {
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

/**
 * The home page: a portal when the user has one (his own choice or his role's), else the product's
 * welcome dashboard. The user info of the start-up says which (`portalId`), so neither waits for
 * GET `${home}`, asked beside: it brings the portals he may choose from, and after a change of
 * choice it is what decides.
 */
export default function Home() {
  const startPortal = useUserStore((s) => s.userInfo?.portalId);
  const portalHome = useQuery({ queryKey: portalViewKeys.home(), queryFn: portalViewApi.home });
  const home = portalHome.data;
  const portalId = home ? home.portalId : startPortal || null;
  if (portalId)
    return (
      <Suspense fallback={null}>
        <PortalHome portalId={portalId} home={home} />
      </Suspense>
    );
  return <DefaultHome home={home} />;
}

/**
 * Welcome dashboard: the user, their organisation (a supplier's user: his supplier and role), the
 * last sign-in, quick links from the menu, and what waits for the user: open to-dos and unread
 * messages (a supplier's user: to-dos, open notices of his inbox and announcements). With portals
 * to choose from, the choice of home page sits in the welcome card.
 */
function DefaultHome({ home }: { home: PortalHomeAnswer | undefined }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const user = useUserStore((s) => s.userInfo);
  const language = useAppStore((s) => s.language);
  const menus = usePermissionStore((s) => s.menus);
  const subCompany = useCacheStore((s) => s.subCompanyInfo);
  const links = useMemo(() => flattenMenu(menus).slice(0, 12), [menus]);
  const supplier = user?.ent?.entType === 2;

  const name = user?.realName || user?.userName || user?.account || '';
  const lines = user?.prevLoginTime ? lastLoginLines(user, t) : null;
  const last = lines ? t('lastLoginPlace', lines) : t('lastLoginNone');

  const item = (key: string, icon: ReactNode, children: ReactNode) => ({
    key,
    label: (
      <>
        {icon} {t(key)}
      </>
    ),
    children,
  });
  // A supplier's user has no department or company of the tenant: his supplier and what he is
  // there (its administrator or a sub-account) instead.
  const profileItems = [
    item('account', <UserOutlined />, user?.account),
    ...(supplier
      ? [
          item('supplier', <BankOutlined />, user?.ent?.entName),
          item(
            'supplierRole',
            <IdcardOutlined />,
            <Suspense fallback="-">
              <SupplierRole />
            </Suspense>,
          ),
        ]
      : [
          item('enterprise', <BankOutlined />, user?.ent?.entName),
          item('company', <ApartmentOutlined />, subCompany?.deptName || user?.subCompany?.deptName || '-'),
          item('dept', <ApartmentOutlined />, user?.deptName || '-'),
        ]),
    item('lastLogin', <ClockCircleOutlined />, <span data-testid="home-last-login">{last}</span>),
  ];

  return (
    // Cards drawn by home.css rather than antd Card, which brings Tabs to the first screen.
    <div className="srm-home" data-testid="home-page">
      <section className="srm-home-card srm-home-card-body">
        <div style={{ display: 'flex', alignItems: 'center', gap: 20, flexWrap: 'wrap' }}>
          <Avatar size={64} src={avatarUrl(user?.headIcon)} alt="" icon={<UserOutlined />} />
          <div style={{ flex: 1, minWidth: 200 }}>
            {/* h2 under the page's h1 (headings in order), at the h4 size it always had. */}
            <h2
              className="srm-home-welcome"
              style={{ fontSize: token.fontSizeHeading4 }}
              data-testid="home-welcome"
            >
              {t('greetingLine', {
                greeting: t(greetingKey(new Date().getHours())),
                welcome: t('welcome', { name }),
              })}
            </h2>
            <span className="srm-home-secondary">
              {[user?.ent?.entName, user?.deptName, ...(user?.positionNames ?? [])]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          {!!home?.choices.length && (
            <Suspense fallback={null}>
              <HomeChoice home={home} />
            </Suspense>
          )}
        </div>
      </section>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <section className="srm-home-card">
            <div className="srm-home-card-title">{t('profile')}</div>
            <div className="srm-home-card-body">
              <Descriptions column={1} size="small" items={profileItems} />
            </div>
          </section>
        </Col>
        <Col xs={24} lg={14}>
          <section className="srm-home-card">
            <div className="srm-home-card-title">{t('quickLinks')}</div>
            <div className="srm-home-card-body">
              {links.length === 0 ? (
                <Empty description={t('noLinks')} />
              ) : (
                <Row gutter={[12, 12]} data-testid="home-quick-links">
                  {links.map((item) => (
                    <Col xs={12} sm={8} md={6} key={item.id}>
                      <div className="srm-home-link-card">
                        {/* A real link, so the card is reached by Tab and opened by Enter. */}
                        <Link
                          to={item.path}
                          className="srm-quick-link"
                          data-testid="home-quick-link"
                          {...(item.external
                            ? { target: '_blank', rel: 'noopener noreferrer', reloadDocument: true }
                            : {})}
                        >
                          {/* The menu's own icon, as the side menu shows it. */}
                          <div
                            style={{ fontSize: 22, color: token.colorPrimary, marginBottom: 6 }}
                            data-testid="home-quick-link-icon"
                            data-icon={item.icon || (item.external ? 'ExportOutlined' : '')}
                          >
                            {item.external && !item.icon ? <ExportOutlined /> : <MenuIcon name={item.icon} />}
                          </div>
                          <span className="srm-home-ellipsis">{item.titles[language] || item.fullName}</span>
                        </Link>
                      </div>
                    </Col>
                  ))}
                </Row>
              )}
            </div>
          </section>
        </Col>
      </Row>
      {supplier ? (
        <Suspense fallback={null}>
          <VendorHome todo={<TodoCard />} />
        </Suspense>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <TodoCard />
          </Col>
          <Col xs={24} lg={12}>
            <UnreadCard />
          </Col>
        </Row>
      )}
    </div>
  );
}
