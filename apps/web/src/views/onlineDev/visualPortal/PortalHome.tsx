import type { PortalHome as Home } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../../systemData/dataModel/model-form';
import { portalViewApi, portalViewKeys } from './api';
import { HomeChoice } from './HomeChoice';
import { PortalView } from './PortalPage';
import './visualPortal.css';

/**
 * The home page when it is a portal (the user's choice or his role's): its name, the choice of home
 * page once `home` (GET `${home}`) has come, and the portal.
 */
export default function PortalHome({ portalId, home }: { portalId: string; home: Home | undefined }) {
  const language = useAppStore((s) => s.language);
  // The view PortalView reads (one request): its name until the choices have come.
  const view = useQuery({
    queryKey: portalViewKeys.view(portalId),
    queryFn: () => portalViewApi.view(portalId),
  });
  const names = home?.choices.find((c) => c.id === portalId)?.names ?? view.data?.names;
  return (
    <div data-testid="home-portal">
      <PortalView
        portalId={portalId}
        head={
          <div className="pw-page-head">
            <div className="pw-page-title" data-testid="home-portal-title">
              {names ? modelName(language, names) : ''}
            </div>
            {home && <HomeChoice home={home} />}
          </div>
        }
      />
    </div>
  );
}
