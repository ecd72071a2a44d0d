import { FLOW_TASK_FORM_URL } from '@srm/contracts/core';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a bill view gets from /pageLink: the bill's id. */
export interface BillViewProps {
  id: string;
}

/**
 * Bill views by form address (the `url` of a message whose billId is not "0"), opened by /pageLink.
 * Each business module that sends messages about its bills (workflow forms, vendor notices) adds its
 * view here; a form address without a view gets a clear "cannot be opened" page.
 */
export const billRegistry: Record<string, LazyExoticComponent<ComponentType<BillViewProps>>> = {
  [FLOW_TASK_FORM_URL]: lazy(() => import('./workFlow/flowBefore/BillView')),
};

export function billViewFor(formUrl: string): LazyExoticComponent<ComponentType<BillViewProps>> | undefined {
  const key = formUrl.split('?')[0] ?? '';
  return Object.hasOwn(billRegistry, key) ? billRegistry[key] : undefined;
}
