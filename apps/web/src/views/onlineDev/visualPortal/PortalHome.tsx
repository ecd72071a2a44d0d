import type { PortalHome as Home } from '@srm/contracts/core';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../../systemData/dataModel/model-form';
import { HomeChoice } from './HomeChoice';
import { PortalView } from './PortalPage';
import './visualPortal.css';

/** The home page when it is a portal (the user's choice or his role's), with the choice above it. */
export default function PortalHome({ home }: { home: Home }) {
  const language = useAppStore((s) => s.language);
  const portalId = home.portalId ?? '';
  const names = home.choices.find((c) => c.id === portalId)?.names;
  return (
    <div data-testid="home-portal">
      <PortalView
        portalId={portalId}
        head={
          <div className="pw-page-head">
            <div className="pw-page-title" data-testid="home-portal-title">
              {names ? modelName(language, names) : ''}
            </div>
            <HomeChoice home={home} />
          </div>
        }
      />
    </div>
  );
}
