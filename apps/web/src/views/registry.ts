import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Menu page chunks by url address (type 1, docs/rules.md#menus). A menu page without an entry here goes
 * to /404. Each screen is its own chunk: the router fetches it during the navigation.
 */
const pageLoaders: Record<string, PageLoader> = {
  '/system/log': () => import('./system/log'),
  '/system/menu': () => import('./system/menu'),
  '/system/notice': () => import('./system/notice'),
  '/system/area': () => import('./system/area'),
  '/system/language': () => import('./system/language'),
  '/system/sysConfig': () => import('./system/sysConfig'),
  '/system/billRule': () => import('./system/billRule'),
  '/system/sso': () => import('./system/sso'),
  '/systemData/dictionary': () => import('./systemData/dictionary'),
  '/system/task': () => import('./system/task'),
  '/systemData/dataBackup': () => import('./systemData/dataBackup'),
  '/systemData/dataModel': () => import('./systemData/dataModel'),
  '/systemData/dataSource': () => import('./systemData/dataSource'),
  '/systemData/dataInterface': () => import('./systemData/dataInterface'),
  '/systemData/map': () => import('./systemData/map'),
  '/systemData/dataSync': () => import('./systemData/dataSync'),
  '/system/cache': () => import('./system/cache'),
  '/system/monitor': () => import('./system/monitor'),
  '/system/icons': () => import('./system/icons'),
  '/permission/organize': () => import('./permission/organize'),
  '/permission/department': () => import('./permission/department'),
  '/permission/position': () => import('./permission/position'),
  '/permission/user': () => import('./permission/user'),
  '/permission/role': () => import('./permission/role'),
  '/permission/authorize': () => import('./permission/authorize'),
  '/permission/userOnline': () => import('./permission/userOnline'),
  '/workFlow/flowEngine': () => import('./workFlow/flowEngine'),
  '/workFlow/flowLaunch': () => import('./workFlow/flowLaunch'),
  '/workFlow/flowTodo': () => import('./workFlow/flowTodo'),
  '/workFlow/flowDone': () => import('./workFlow/flowDone'),
  '/workFlow/flowCirculate': () => import('./workFlow/flowCirculate'),
  '/workFlow/entrust': () => import('./workFlow/entrust'),
  '/workFlow/flowMonitor': () => import('./workFlow/flowMonitor'),
  '/onlineDev/webDesign': () => import('./onlineDev/webDesign'),
  '/onlineDev/dataSet': () => import('./onlineDev/dataSet'),
  '/onlineDev/dataReport': () => import('./onlineDev/dataReport'),
  '/onlineDev/visualPortal': () => import('./onlineDev/visualPortal'),
  '/onlineDev/dataScreen': () => import('./onlineDev/dataScreen'),
  '/base/vendor/supplier': () => import('./supplier/supplier'),
  '/base/vendorNotice': () => import('./supplier/notice'),
  '/base/vendor/invitation': () => import('./supplier/invitation'),
  '/vendorPortal/inbox': () => import('./supplier/portal/inbox'),
  '/vendorPortal/company': () => import('./supplier/portal/company'),
  '/vendorPortal/users': () => import('./supplier/portal/users'),
  '/vendorPortal/orders': () => import('./procurement/portal'),
  '/procurement/rfq': () => import('./procurement/rfq'),
  '/vendorPortal/rfqs': () => import('./procurement/rfq/portal'),
  '/procurement/order': () => import('./procurement/order'),
  '/procurement/receipt': () => import('./procurement/delivery/receipt'),
  '/vendorPortal/deliveries': () => import('./procurement/delivery/portal'),
  '/procurement/invoice': () => import('./procurement/invoice'),
  '/vendorPortal/invoices': () => import('./procurement/invoice/portal'),
  // A supplier's users launch the flows opened to suppliers from the staff's own launch page.
  '/vendorPortal/flowLaunch': () => import('./workFlow/flowLaunch'),
};

/**
 * The pages of the generated domains (docs/online-development.md, "Code generation"): the folder
 * `generated/<model code>/` is the menu url `/generated/<model code>`, found without a line here.
 */
const generatedPages = import.meta.glob<{ default: ComponentType }>('./generated/*/index.tsx');
for (const [file, load] of Object.entries(generatedPages)) {
  const name = /^\.\/generated\/([a-z][a-z0-9_]*)\/index\.tsx$/.exec(file)?.[1];
  if (name) pageLoaders[`/generated/${name}`] = load;
}

export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(pageLoaders).map(([url, load]) => [url, lazy(load)]),
);

export function pageLoaderFor(urlAddress: string): PageLoader | undefined {
  return Object.hasOwn(pageLoaders, urlAddress) ? pageLoaders[urlAddress] : undefined;
}

export function pageFor(urlAddress: string): LazyExoticComponent<ComponentType> | undefined {
  return Object.hasOwn(pageRegistry, urlAddress) ? pageRegistry[urlAddress] : undefined;
}
