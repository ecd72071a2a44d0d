import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { portalViewApi, portalViewKeys } from './api';
import { PortalBody } from './PortalBody';
import './visualPortal.css';

/** Why a portal cannot be shown: not his (403), gone (404), or it failed to load. */
export function PortalUnavailable({ error, testId }: { error: unknown; testId: string }) {
  const { t } = useTranslation('visualPortal');
  const status = error instanceof ApiError ? error.code : 0;
  return (
    <Result
      status={status === 403 ? '403' : status === 404 ? '404' : 'error'}
      title={
        status === 403 ? t('view.forbidden') : status === 404 ? t('view.notFound') : t('view.loadFailed')
      }
      data-testid={testId}
    />
  );
}

/** The portal `portalId` as its reader opens it (GET `${view}/{id}`), live; `head` goes above it. */
export function PortalView({ portalId, head }: { portalId: string; head?: ReactNode }) {
  const view = useQuery({
    queryKey: portalViewKeys.view(portalId),
    queryFn: () => portalViewApi.view(portalId),
    enabled: !!portalId,
  });
  return (
    <div className="pw-page" data-testid="pw-view" aria-busy={view.isPending}>
      {head}
      {view.error ? (
        <PortalUnavailable error={view.error} testId="pw-view-unavailable" />
      ) : view.data ? (
        <PortalBody portalId={view.data.id} definition={view.data.definition} watch={view.data.watch} />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}

/**
 * A published portal (menu type 8): the menu item's module is the portal, drawn under the item's
 * title (the page's h1 is the shell's, the same title, for screen readers; this one is as a card's).
 */
export default function PortalPage({ portalId, title }: { portalId: string; title: string }) {
  return (
    <PortalView
      portalId={portalId}
      head={
        <div className="pw-page-head">
          <div className="pw-page-title" data-testid="pw-page-title">
            {title}
          </div>
        </div>
      }
    />
  );
}
