import { registerHomePortal } from '../core/home-page';
import { registerMenuModule } from '../core/menu-modules';
import { registerFormSource } from '../workflow/forms';
import { dataScreenExists } from './data-screen-service';
import { designFormName, publishedDesignExists } from './design-service';
import { designFlowForm } from './flow-form';
import { modelPageItems, modelPageRuleFields } from './model-page';
import { portalExists } from './portal-service';
import { homePortalId } from './portal-view';
import { reportExists, reportMenuItems } from './report-service';

/**
 * What the other domains know of online development through core's and the workflow's registries:
 * a model page (menu type 3) opens a published design of the tenant, with its buttons and columns
 * as menu items; a data report (type 5) a report of the tenant; a portal (type 8) a portal, which
 * may also be the current user's home; a flow's form may be a published design (`Design<id>`). Registered by the domain,
 * and by the demo's seed, which can run before the domains are (the first start's seed). Idempotent.
 */
export function registerOnlineDevHooks(): void {
  registerMenuModule(3, {
    exists: publishedDesignExists,
    items: modelPageItems,
    ruleFields: modelPageRuleFields,
  });
  // A data report (menu type 5) opens a report of the tenant; its export is a button to grant.
  registerMenuModule(5, { exists: reportExists, items: reportMenuItems });
  // A portal (menu type 8) opens a portal of the tenant; the current user's home may show one.
  registerMenuModule(8, { exists: portalExists });
  // A data screen view (menu type 6) opens a data screen of the tenant in the product's own viewer.
  registerMenuModule(6, { exists: dataScreenExists });
  registerHomePortal(homePortalId);
  registerFormSource(designFormName(''), designFlowForm);
}
