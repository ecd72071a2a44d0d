import {
  formatDate,
  NoticeApi,
  type UnreadNotice,
  VENDOR_INBOX_PATH,
  vendorInboxNoticePath,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, List, Row, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../../api/request';
import { useUserStore } from '../../../store/user';
import { NoticePreview } from '../../system/notice/NoticePreview';
import { inboxApi, portalApi, vendorKeys } from '../api';
import { InboxTags } from './inbox';
import { useInboxLive } from './inbox/useInboxLive';

/** What the signed-in supplier user is at his supplier: its administrator or a sub-account. */
export function SupplierRole() {
  const { t } = useTranslation('home');
  const userId = useUserStore((s) => s.userInfo?.id);
  // The company page's query: opened next, it has the record already.
  const mine = useQuery({ queryKey: vendorKeys.mine(), queryFn: portalApi.mine });
  if (!mine.data) return '-';
  return (
    <span data-testid="home-supplier-role">
      {mine.data.adminUserId === userId ? t('supplierAdmin') : t('supplierSubAccount')}
    </span>
  );
}

/**
 * A supplier's home (below the welcome card): its user's to-dos (`todo`, the home page's card), its
 * open vendor notices, unread first, and the announcements it received. Loaded only for supplier
 * users.
 */
export default function VendorHome({ todo }: { todo: ReactNode }) {
  const { t } = useTranslation('vendor');
  useInboxLive();
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null);
  // What waits for the supplier: unread notices, and those it must still reply to.
  const params = { currentPage: 1, pageSize: 5, open: '1' };
  const inbox = useQuery({ queryKey: vendorKeys.inboxList(params), queryFn: () => inboxApi.list(params) });
  const announcements = useQuery({
    queryKey: ['vendor', 'announcements'],
    queryFn: () => http.get<{ list: UnreadNotice[] }>(NoticeApi.mine),
  });
  return (
    <Row gutter={[16, 16]} data-testid="vendor-home">
      <Col xs={24} lg={12} xl={8}>
        {todo}
      </Col>
      <Col xs={24} lg={12} xl={8}>
        <section className="srm-home-card">
          <h2 className="srm-home-card-title" style={{ margin: 0 }}>
            {t('openNotices')}
          </h2>
          <div className="srm-home-card-body">
            <List
              loading={inbox.isLoading}
              dataSource={inbox.data?.list ?? []}
              locale={{ emptyText: <Empty description={t('noOpenNotices')} /> }}
              data-testid="vendor-home-notices"
              renderItem={(n) => (
                <List.Item extra={<InboxTags n={n} />}>
                  <List.Item.Meta
                    title={
                      <Link to={vendorInboxNoticePath(n.id)} data-testid="vendor-home-notice">
                        {n.title}
                      </Link>
                    }
                    description={formatDate(n.publishedAt)}
                  />
                </List.Item>
              )}
            />
            <Link to={VENDOR_INBOX_PATH}>{t('allNotices')}</Link>
          </div>
        </section>
      </Col>
      <Col xs={24} xl={8}>
        <section className="srm-home-card">
          <h2 className="srm-home-card-title" style={{ margin: 0 }}>
            {t('announcements')}
          </h2>
          <div className="srm-home-card-body">
            <List
              loading={announcements.isLoading}
              dataSource={announcements.data?.list ?? []}
              locale={{ emptyText: <Empty description={t('noAnnouncements')} /> }}
              data-testid="vendor-home-announcements"
              renderItem={(a) => (
                <List.Item extra={a.isRead ? null : <Tag color="blue">{t('status.unread')}</Tag>}>
                  <List.Item.Meta
                    title={
                      <button
                        type="button"
                        className="srm-link-button"
                        onClick={() => setPreview({ title: a.noticeTitle, html: a.noticeBody })}
                      >
                        {a.noticeTitle}
                      </button>
                    }
                    description={formatDate(a.releaseTime)}
                  />
                </List.Item>
              )}
            />
          </div>
        </section>
      </Col>
      <NoticePreview preview={preview} onClose={() => setPreview(null)} />
    </Row>
  );
}
