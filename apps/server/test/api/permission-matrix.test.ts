import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../src/setup/seed';
import { seedDemoSuppliers } from '../../src/supplier/seed';
import {
  type ApiRoute,
  createTestApp,
  openApiRoutes,
  supplierIdOf,
  type TestApp,
  userIdOf,
} from '../helpers';

/**
 * The permission matrix of every operation under `/api/` in the OpenAPI document, so a new endpoint
 * is in the matrix the day it is written:
 * - called without a token, each answers 600, unless it is listed below as public;
 * - called by a signed-in user who holds no permission at all, each answers 403 and changes nothing
 *   (unless it is listed below as open to every signed-in user);
 * - called by the administrator with another tenant's ids, each answers 404 and changes nothing —
 *   every id of a path, a body or a query (or, where a missing id is no error, the missing id's answer);
 * - called by a supplier's user with another supplier's ids, each answers 404 and changes nothing;
 * - with bad input, each answers 400 with a message per field in the caller's language.
 */

type Method = ApiRoute['method'];
type Route = ApiRoute;

/**
 * Public calls: they answer without a session (every other call answers 600 without a token).
 * They are checked by their own rules: a password, or WeChat's signature.
 */
const PUBLIC = new Set([
  // Signing in.
  'POST /api/sys/login',
  'POST /api/oauth/Login',
  // The proof of work a sign-in may ask for (rate-limited with the sign-ins).
  'GET /api/sys/login/challenge',
  // Verification codes: a send (with a solved proof of work, the same answer for any mobile), the
  // sign-in and the password reset with a code (auth/sms-code-service.ts, sms-code.test.ts).
  'GET /api/oauth/SmsCode/challenge',
  'POST /api/oauth/SmsCode',
  'POST /api/oauth/Login/SmsCode',
  'POST /api/oauth/Password/Actions/Reset',
  // Single sign-on: the sign-in page's providers, a start (a state bound to the browser) and the
  // spec's callback, checked by the provider's answer (sso/sso-sign-in.ts, sso.test.ts).
  'GET /api/oauth/Sso/Providers',
  'POST /api/oauth/Sso/Actions/Start',
  'POST /api/applets/app/sys/login/SsoLtcuthCallback',
  // The platform operator's sign-in (platform.test.ts: his routes refuse every tenant user).
  'POST /api/platform/login',
  // Browsers report their own errors, signed in or not (rate-limited).
  'POST /api/system/Log/client-error',
  // The supplier self-registration: rate-limited per address, the submit needs a proof of work or a
  // live invitation, the status and correction the application's number with its secret or mobile.
  'GET /api/base/vendor/register/challenge',
  'GET /api/base/vendor/register/options',
  'GET /api/base/vendor/register/invitation/{token}',
  'POST /api/base/vendor/register/upload',
  'POST /api/base/vendor/register',
  'POST /api/base/vendor/register/status',
  'POST /api/base/vendor/register/resubmit',
  // The load balancer's health check.
  'GET /api/health',
  // WeChat's servers call it without a session, signed with the official account's token.
  'GET /api/sys/wxUser/callback',
  'POST /api/sys/wxUser/callback',
  // Areas for address fields, the public supplier registration's included (rate-limited; anonymous
  // callers get the shipped data, signed-in ones their tenant's corrections).
  'GET /api/common/Area/children',
  'GET /api/common/Area/search',
  // The sign-in page's product name, logo and texts (nothing secret: the brand group only).
  'GET /api/oauth/LoginConfig',
  // One-time export links: the unguessable token is the key, so a plain <a href> can download.
  'GET /api/common/temp-download/{token}',
  // The data screen viewer: no session, its own tokens (a view token spent for a viewer token of
  // one screen; unknown or expired 401, another screen's 404: data-screen.test.ts).
  'POST /api/onlineDev/DataScreenView/{id}/Actions/Open',
  'GET /api/onlineDev/DataScreenView/{id}',
  'GET /api/onlineDev/DataScreenView/{id}/Widgets/{widgetId}/Data',
  'GET /api/onlineDev/DataScreenView/{id}/Maps/{mapId}',
]);

/**
 * Calls every signed-in user may make without a permission code: their own session, profile,
 * messages and files, and the reference data every screen needs. Each is scoped to the caller
 * (their user, or their tenant) by the service, not by a grant.
 */
const SIGNED_IN = new Set([
  // Unlocking the caller's own locked session with their password.
  'POST /api/sys/LockScreen',
  'POST /api/oauth/LockScreen',
  'POST /api/sys/logout',
  'GET /api/sys/user/info',
  'GET /api/sys/menu-ent/nav',
  'POST /api/sys/user/login/updatePwd',
  'GET /api/sys/dept/subCompany/{id}',
  'POST /api/sys/dept/switchCompany',
  'GET /api/permission/Users/Current/BaseInfo',
  'PUT /api/permission/Users/Current/BaseInfo',
  'POST /api/permission/Users/Current/Actions/ModifyPassword',
  'PUT /api/permission/Users/Current/SystemTheme',
  'PUT /api/permission/Users/Current/SystemLanguage',
  'PUT /api/permission/Users/Current/Avatar/{name}',
  'GET /api/permission/Users/Current/Subordinate',
  'GET /api/permission/Users/Current/Authorize',
  'GET /api/permission/Users/Current/SystemLog',
  // Reference data the client loads at start-up: enums, dictionaries and configs of the tenant.
  'GET /api/common/enums',
  'GET /api/common/get-conf-dist',
  'GET /api/common/get-sys-dist',
  'GET /api/common/get-base-dist',
  'GET /api/common/get-sys-config',
  'GET /api/common/get-base-config',
  // The caller's own latest one-time export (his user and tenant only).
  'GET /api/common/temp-download',
  // The tenant's own wording of the web's texts, applied at start-up.
  'GET /api/common/TextOverrides',
  // A map's regions, for whoever opens a report that draws it (the tenant's map or the product's).
  'GET /api/systemData/Map/{id}/GeoJson',
  // The caller's own internal messages and their unread counts.
  'GET /api/message',
  'GET /api/message/ReadInfo/{id}',
  'POST /api/message/Actions/Read',
  'POST /api/message/Actions/ReadAll',
  'DELETE /api/message/Record',
  'GET /api/message/UnreadCount',
  // The mail centre over the same rows (the service admits the tenant's staff only).
  'GET /api/base/mail/list',
  'GET /api/base/mail/oneTolist',
  'GET /api/base/mail/queryLastMailList',
  'POST /api/base/mail/batchUpdateReadStatus',
  // Announcements released to the caller, and marking one read.
  'GET /api/message/Notice/Unread',
  'GET /api/message/Notice/Mine',
  'PUT /api/message/Notice/Read/{id}',
  // A supplier's own line of a vendor notice: read, acknowledge, reply (the service finds the line
  // of the caller's supplier; anyone else — staff included — gets 404).
  'GET /api/base/vendorNotice/updateIsRead/{id}',
  'GET /api/base/vendorNotice/acknowledge/{id}',
  'POST /api/base/vendorNotice/reply/{id}',
  // A supplier's own change requests and further categories (the service takes the supplier from
  // the caller's enterprise: anyone who is not a supplier's user gets 403).
  'GET /api/base/vendor/Change',
  'POST /api/base/vendor/Change',
  'GET /api/base/vendor/CategoryApply',
  'POST /api/base/vendor/CategoryApply',
  // The supplier picker of a designed form's supplier field: any staff user (a supplier's user 403).
  'GET /api/base/vendor/Supplier/Selector',
  // Chat: recent conversations, and the contacts (everyone may talk to the staff of the tenant).
  'GET /api/message/imreply',
  'GET /api/permission/Users/ImUser',
  'POST /api/permission/Users/ImUser/Selector/{id}',
  // Uploads (avatars, chat images) and reading them back, in the caller's tenant's folder.
  'POST /api/file/Uploader/{type}',
  'GET /api/file/Image/{type}/{name}',
  // Attachments: each type's owner checks that the caller may see the record (else 404).
  'GET /api/file/Download/{type}/{id}',
  // The WeChat bind QR code names the caller: every user binds their own account…
  'GET /api/sys/wxUser/getWxQrCode',
  // …and sees and removes their own binding.
  'GET /api/sys/wxUser/bindState',
  'DELETE /api/sys/wxUser/bind',
  // Workflow: a person's own part in the flows. The service scopes each call to the caller (the
  // flows he may launch, his to-dos and those delegated to him, his own tasks; another user's item
  // answers 403). The flow, not the menu, names approvers, so these stay open without the workFlow
  // pages (FLOW_TASK_CODES); the pages grant the screens' pickers and the menu entries. His
  // delegations need the entrust page.
  'POST /api/flow/FlowEngine/FlowBefore/List/{type}',
  'GET /api/flow/FlowEngine/FlowBefore/getFlowTreeList',
  'GET /api/flow/FlowEngine/FlowBefore/{id}',
  'GET /api/flow/FlowTask/{flowId}/{taskId}',
  'POST /api/flow/FlowEngine/FlowBefore/Audit/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/Reject/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/Transfer/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/breakOff/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/BatchAudit',
  'POST /api/workflow/Engine/FlowBefore/Recall/{id}',
  'POST /api/workflow/Engine/FlowTask',
  // A task attachment: the uploader's alone until a task he saves names it.
  'POST /api/workflow/Engine/FlowTask/Upload',
  'GET /api/workflow/Engine/FlowTask/{id}',
  'PUT /api/workflow/Engine/FlowTask/{id}',
  'GET /api/workflow/Form/{name}/{id}',
  'POST /api/workflow/Form/{name}',
  'PUT /api/workflow/Form/{name}/{id}',
  // A data interface's answer: its own roles decide who calls it, not a menu code (the service
  // answers 403 to a caller without one, 404 for a disabled one or another tenant's; data-interface.test.ts).
  'GET /api/systemData/DataInterface/{id}/Actions/Response',
  // A portal as its reader opens it, and his own home page: the service finds whether he may open
  // it (a type-8 menu item he holds, his role's home; anyone else gets 404).
  'GET /api/onlineDev/PortalView/{id}',
  'GET /api/onlineDev/PortalView/{id}/Widgets/{widgetId}/Data',
  'GET /api/onlineDev/PortalHome',
  'PUT /api/onlineDev/PortalHome',
  // A data screen's view token: the service finds whether the caller may open it (a type-6 menu
  // item he holds, the designer's code; anyone else gets 404).
  'POST /api/onlineDev/DataScreenView/{id}/Actions/ViewToken',
]);

/**
 * The supplier's own side: only a supplier's users may call these (403 for staff, whatever they
 * hold), so the bad-input and other-tenant checks call them as the tenant's supplier user.
 */
const SUPPLIER_SIDE = new Set([
  'GET /api/procurement/Portal/Rfq/{id}',
  'PUT /api/procurement/Portal/Rfq/{id}/Quote',
  'POST /api/procurement/Portal/Rfq/{id}/Quote/Actions/Withdraw',
  'GET /api/procurement/Portal/Rfq/{id}/Bids',
  'POST /api/procurement/Portal/Rfq/{id}/Bids',
  'GET /api/procurement/Portal/PurchaseOrder/{id}',
  'POST /api/procurement/Portal/PurchaseOrder/{id}/Actions/Answer',
  'POST /api/procurement/Portal/Invoice',
  'GET /api/procurement/Portal/Invoice',
  'GET /api/procurement/Portal/Invoice/Invoiceable',
  'GET /api/procurement/Portal/Invoice/{id}',
  'POST /api/procurement/Portal/Delivery',
  'GET /api/procurement/Portal/Delivery',
  'GET /api/procurement/Portal/Delivery/Shippable',
  'GET /api/procurement/Portal/Delivery/{id}',
  'PUT /api/procurement/Portal/Delivery/{id}',
  'DELETE /api/procurement/Portal/Delivery/{id}',
  'GET /api/procurement/Portal/Delivery/{id}/Labels',
  'POST /api/procurement/Portal/Delivery/{id}/Actions/Send',
  'POST /api/procurement/Portal/Delivery/{id}/Actions/Withdraw',
  'PUT /api/base/vendor/Supplier/Mine',
  'POST /api/base/vendor/Supplier/Mine/Users',
  'PUT /api/base/vendor/Supplier/Mine/Users/{id}/Actions/State',
  'PUT /api/base/vendor/Supplier/Mine/Users/{id}/Actions/ResetPassword',
]);

/**
 * The platform operator's routes answer an operator's session only: without a token 600 and for
 * any tenant user 403, as the first two checks here expect; platform.test.ts tries them with another
 * tenant's ids and bad input as the operator, whom this matrix does not sign in.
 */
const isPlatform = (key: string) => key.includes(' /api/platform/');

/** The body properties and query parameters that name a row by its id (a flow's node is no row). */
const ID_NAME = /^ids?$|[a-z]Ids?$/;
// `clientId`: an identity provider's name for the product, not a row here.
const NOT_A_ROW = new Set(['nodeId', 'clientId']);

/**
 * Calls where another tenant's id answers as a missing id does, which is no 404 there: a list's
 * filter (an empty list), the caller's own items to mark read or approve in a batch (nothing
 * done, or each one failed with 404), a new order of a parent's children (409, not its children).
 */
const AS_MISSING = new Set([
  'GET /api/procurement/PurchaseOrder',
  'GET /api/procurement/Delivery',
  'GET /api/procurement/Invoice',
  'GET /api/procurement/Portal/Invoice',
  'GET /api/procurement/Portal/Invoice/Invoiceable',
  'GET /api/procurement/Portal/Delivery',
  'GET /api/procurement/Portal/Delivery/Shippable',
  'PUT /api/system/DictionaryData/Actions/Sort',
  'POST /api/permission/Users/Actions/Locks',
  'GET /api/system/DictionaryType',
  'GET /api/system/TaskRun',
  'GET /api/base/vendor/Supplier/Selector',
  'POST /api/message/Actions/Read',
  'POST /api/base/mail/batchUpdateReadStatus',
  'GET /api/base/mail/oneTolist',
  'POST /api/flow/FlowEngine/FlowBefore/List/{type}',
  'GET /api/flow/FlowEngine/FlowBefore/getMonitorList',
  'POST /api/flow/FlowEngine/FlowBefore/BatchAudit',
  // A model page's list under another tenant's row (none: an empty list), and the labels of its rows.
  'POST /api/onlineDev/ModelPage/{menuId}/List',
  'GET /api/onlineDev/ModelPage/{menuId}/Options/{field}',
]);

/**
 * Id-naming calls a supplier's user reaches whose ids are not a supplier's: a company of the
 * purchasing side, and the workflow's (the flow names its parties: another user's item answers 403).
 */
const NOT_SUPPLIERS = new Set([
  'GET /api/sys/dept/subCompany/{id}',
  'GET /api/flow/FlowEngine/FlowBefore/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/Audit/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/Reject/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/Transfer/{id}',
  'POST /api/workflow/Engine/FlowBefore/Recall/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/breakOff/{id}',
  'GET /api/workflow/Engine/FlowTask/{id}',
  'PUT /api/workflow/Engine/FlowTask/{id}',
  'GET /api/workflow/Form/{name}/{id}',
  'PUT /api/workflow/Form/{name}/{id}',
  // A data interface is the tenant's, not a supplier's: its roles decide, for his user as for any.
  'GET /api/systemData/DataInterface/{id}/Actions/Response',
  // A portal is the tenant's, not a supplier's: his user opens one as any user does.
  'GET /api/onlineDev/PortalView/{id}',
  'GET /api/onlineDev/PortalView/{id}/Widgets/{widgetId}/Data',
  // A data screen likewise.
  'POST /api/onlineDev/DataScreenView/{id}/Actions/ViewToken',
  // A map is the tenant's: whoever opens a report drawing it reads its regions.
  'GET /api/systemData/Map/{id}/GeoJson',
]);

/** Calls that need no permission code: public, or open to every signed-in user. */
const OPEN_TO_EVERY_USER = new Set([...PUBLIC, ...SIGNED_IN]);

/** Tables whose rows the matrix must leave as they were (logs and session clocks change by design). */
const WATCHED = [
  'po_rfq',
  'po_rfq_line',
  'po_rfq_supplier',
  'po_quote',
  'po_quote_line',
  'po_quote_file',
  'po_order',
  'po_order_line',
  'po_order_event',
  'po_asn',
  'po_asn_line',
  'po_receipt',
  'po_receipt_line',
  'po_invoice',
  'po_invoice_line',
  'sys_dept',
  'sys_user',
  'sys_position',
  'sys_role',
  'user_role',
  'user_position',
  'sys_grant',
  'sys_menu',
  'sys_menu_button',
  'sys_menu_column',
  'sys_menu_data_rule',
  'sys_notice',
  'sys_notice_ent',
  'sys_notice_read',
  'sys_wx_user',
  'sys_config',
  'sys_bill_rule',
  'dm_model',
  'dm_model_version',
  'dm_design',
  'dm_design_version',
  'dm_data_interface',
  'dm_data_sync',
  'dm_data_sync_run',
  'dm_data_screen',
  'dm_data_screen_token',
  'sys_bill_counter',
  'sys_bill_no',
  'sys_password_history',
  'sys_message',
  'im_message',
  'im_conversation',
  'flow_definition',
  'flow_version',
  'flow_task',
  'flow_operator',
  'flow_history',
  'flow_delegation',
  'flow_outbox',
  'sys_area_tenant',
  'sys_text_override',
  'sys_dict_category',
  'sys_dict_type',
  'sys_dict_item',
  'sys_task',
  'vendor_supplier',
  'vendor_notice',
  'vendor_notice_item',
  'vendor_file',
  'vendor_notice_file',
  'vendor_notice_item_file',
  'vendor_change',
  'vendor_supplier_contact',
  'vendor_supplier_category',
  'vendor_supplier_history',
];

/** A design of the other tenant's one-field model `zz_model` (its field `v`, an integer). */
const datasetBody = {
  code: 'zz_dataset',
  names: { 'zh-CN': 'zz' },
  definition: { kind: 'sql', sql: 'select id from srm_user', params: [] },
};
/** A CAS provider: saving one reaches no host. */
const ssoBody = { name: 'zz_sso', kind: 'cas', issuer: 'https://cas.example.com/cas' };
const mapBody = {
  code: 'zz_map',
  names: { 'zh-CN': 'zz' },
  nameProperty: 'name',
  geoJson: JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'zz' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      },
    ],
  }),
};
const sourceBody = {
  code: 'zz_source',
  name: 'zz',
  kind: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  database: 'zz',
  username: 'zz',
};
/** A static data interface (a dataset one with `datasetId`, the roles `roleIds`). */
const interfaceBody = (extra: Record<string, unknown> = {}) => ({
  code: 'zz_interface',
  names: { 'zh-CN': 'zz' },
  kind: 'static',
  staticJson: '{}',
  ...extra,
});
const reportBody = (datasetId: string) => ({
  code: 'zz_report',
  names: { 'zh-CN': 'zz' },
  definition: {
    datasetId,
    table: {
      columns: [{ field: 'id', names: { 'zh-CN': 'id' }, format: 'text' }],
      groupBy: [],
      subtotals: false,
    },
    pivot: null,
    charts: [],
  },
});
/** A dataset, a report over it and its menu item of type 5 (code `zzreport`) in the token's tenant. */
async function report(token: string): Promise<{ dataset: string; report: string; page: string }> {
  const dataset = await t.post<{ id: string }>(
    '/api/onlineDev/DataSet',
    { ...datasetBody, code: 'zz_report_rows' },
    token,
  );
  const created = await t.post<{ id: string }>(
    '/api/onlineDev/DataReport',
    reportBody(dataset.body.data.id),
    token,
  );
  const page = await t.post<{ id: string }>(
    '/api/system/Menu',
    {
      menuName: 'zzreport',
      menuPerms: 'zzreport',
      menuType: 5,
      propertyJson: JSON.stringify({ moduleId: created.body.data.id }),
    },
    token,
  );
  expect(page.body.code).toBe(0);
  return { dataset: dataset.body.data.id, report: created.body.data.id, page: page.body.data.id };
}
const portalBody = (datasetId: string, menuIds: string[] = []) => ({
  code: 'zz_portal',
  names: { 'zh-CN': 'zz' },
  definition: {
    widgets: [
      {
        id: 'n',
        type: 'number',
        names: { 'zh-CN': '' },
        x: 0,
        y: 0,
        w: 3,
        h: 3,
        datasetId,
        params: {},
        field: 'id',
        aggregate: 'count',
        format: 'number',
      },
      { id: 's', type: 'shortcuts', names: { 'zh-CN': '' }, x: 3, y: 0, w: 3, h: 3, menuIds },
    ],
  },
});
const screenBody = (datasetId: string) => ({
  code: 'zz_screen',
  names: { 'zh-CN': 'zz' },
  definition: {
    background: '#000000',
    widgets: [
      {
        id: 'n',
        type: 'number',
        names: { 'zh-CN': '' },
        x: 0,
        y: 0,
        w: 300,
        h: 200,
        datasetId,
        params: {},
        field: 'id',
        aggregate: 'count',
        format: 'number',
      },
    ],
  },
});
/** A data screen over the token's tenant's report dataset. */
async function screen(token: string, datasetId: string): Promise<string> {
  const created = await t.post<{ id: string }>('/api/onlineDev/DataScreen', screenBody(datasetId), token);
  expect(created.body.code).toBe(0);
  return created.body.data.id;
}
/** A portal over the token's tenant's report dataset. */
async function portal(token: string, datasetId: string): Promise<string> {
  const created = await t.post<{ id: string }>('/api/onlineDev/Portal', portalBody(datasetId), token);
  expect(created.body.code).toBe(0);
  return created.body.data.id;
}
const designBody = (modelId: string) => ({
  names: { 'zh-CN': 'zz' },
  category: 'purchase',
  modelId,
  draft: {
    form: { name: 'Zz', title: 'zz', fields: [{ name: 'v', type: 'number', label: 'v' }] },
    list: { columns: [{ field: 'v' }], query: [], pageSize: 20, buttons: [] },
  },
});

let t: TestApp;
let admin: string;
let vendor: string;
let nobody: string;
/** The caller of a route in the admin's checks: the supplier user on the supplier's side. */
const callerOf = (key: string) => (SUPPLIER_SIDE.has(key) ? vendor : admin);
let routes: Route[];
/** A data sync row as the service writes it (its source cannot be reached from this app). */
async function syncRow(tenant: string, source: string, model: string): Promise<string> {
  return idOf(
    t.db
      .insertInto('dm_data_sync')
      .values({
        tenant_id: tenant,
        code: 'zz_sync',
        full_name: 'zz',
        source_kind: 'table',
        source_id: source,
        source_table: 'zz',
        model_id: model,
        mapping: JSON.stringify([{ column: 'v', field: 'v' }]),
        key_columns: JSON.stringify(['v']),
        mode: 'full',
        owner_id: 0,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirst(),
  );
}

const syncBody = (source: string, model: string) => ({
  code: 'zz_sync2',
  names: { 'zh-CN': 'zz' },
  sourceKind: 'table',
  sourceId: source,
  sourceTable: 'zz',
  modelId: model,
  mapping: [{ column: 'v', field: 'v' }],
  keyColumns: ['v'],
  mode: 'full',
});

let ours: {
  tenantId: string;
  head: string;
  purchase: string;
  menu: string;
  role: string;
  buyer: string;
  button: string;
  column: string;
  dataRule: string;
  dictType: string;
  dictItem: string;
  /** A dictionary page (menu type 4) on the tree type. */
  dictPage: string;
  /** A model page (menu type 3) on a published design, and its one row. */
  modelPage: string;
  modelRow: string;
  /** A report over their dataset, and the menu item (type 5) that opens it. */
  report: string;
  reportPage: string;
  /** A portal over our report's dataset. */
  portal: string;
  /** A data screen over it. */
  screen: string;
  dataset: string;
  delegation: string;
  dataInterface: string;
  /** A data sync of ours, with the source and the model it names. */
  dataSync: string;
  dataSource: string;
  dataModel: string;
  ssoProvider: string;
  /** A draft purchase order of ours (to our supplier). */
  order: string;
  /** An open request for quotation of ours, inviting our supplier. */
  rfq: string;
};
let theirs: {
  tenantId: string;
  head: string;
  east: string;
  purchase: string;
  buyer: string;
  role: string;
  position: string;
  menu: string;
  button: string;
  column: string;
  dataRule: string;
  session: string;
  notice: string;
  message: string;
  flow: string;
  flowTask: string;
  flowOperator: string;
  flowDelegation: string;
  billRule: string;
  dataModel: string;
  design: string;
  dataset: string;
  dictCategory: string;
  dictType: string;
  dictItem: string;
  /** A dictionary page (menu type 4) on their `currency` type. */
  dictPage: string;
  /** A model page (menu type 3) on their design, and a row of its table. */
  modelPage: string;
  /** A report over their dataset, and the menu item (type 5) that opens it. */
  report: string;
  reportPage: string;
  portal: string;
  screen: string;
  /** A data source of theirs, its password kept. */
  dataSource: string;
  dataInterface: string;
  /** A map they uploaded. */
  map: string;
  /** An identity provider of theirs. */
  ssoProvider: string;
  /** A data sync of theirs, from their source into their model. */
  dataSync: string;
  modelRow: string;
  task: string;
  /** An avatar one of their users shows. */
  avatar: string;
  /** Their supplier's enterprise, and an upload of it. */
  vendorEnt: string;
  vendorFile: string;
  /** A purchase order of theirs, and one of its lines. */
  order: string;
  orderLine: string;
  /** A sent notice of theirs against that order, its line, and a draft receipt of it. */
  asn: string;
  asnLine: string;
  receipt: string;
  /** An invoice of theirs against that order. */
  invoice: string;
  /** An open request for quotation of theirs to their supplier, and its line. */
  rfq: string;
  rfqLine: string;
};
/** An internal message of another user of our tenant (the buyer's). */
let buyersMessage: string;

const en = { 'accept-language': 'en-US' };

/** A dictionary category, type and item of a tenant (the seeded `currency` type). */
async function dictIds(tenantId: string) {
  const type = await t.db
    .selectFrom('sys_dict_type')
    .select(['id', 'category_id'])
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', 'currency')
    .executeTakeFirstOrThrow();
  const item = await t.db
    .selectFrom('sys_dict_item')
    .select('id')
    .where('type_id', '=', type.id)
    .executeTakeFirstOrThrow();
  return { dictCategory: String(type.category_id), dictType: String(type.id), dictItem: String(item.id) };
}

/** A tenant's supplier, vendor notice and one of its item lines (the seeded ones). */
async function vendorIds(tenantId: string) {
  const item = await t.db
    .selectFrom('vendor_notice_item')
    .select(['id', 'notice_id', 'supplier_id'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const user = await t.db
    .selectFrom('sys_user as u')
    .innerJoin('vendor_supplier as s', 's.ent_id', 'u.ent_id')
    .select('u.id')
    .where('s.id', '=', item.supplier_id)
    .executeTakeFirstOrThrow();
  return {
    notice: String(item.notice_id),
    supplier: String(item.supplier_id),
    item: String(item.id),
    supplierUser: String(user.id),
  };
}

/** A draft purchase order of the caller's tenant to `supplierId`, and its first line. */
const PO = '/api/procurement/PurchaseOrder';
const poBody = (supplierId: string) => ({
  supplierId,
  deliveryAddress: '矩阵仓',
  lines: [{ materialName: '钢板', unit: '吨', quantity: '1', unitPrice: '10', deliveryDate: '2027-01-01' }],
});
async function orderOf(token: string, supplierId: string): Promise<{ id: string; line: string }> {
  const made = await t.post<{ id: string; lines: { id: string }[] }>(PO, poBody(supplierId), token);
  expect(made.body.code).toBe(0);
  return { id: made.body.data.id, line: made.body.data.lines[0]?.id ?? '' };
}

/**
 * A sent notice against `order` (one line), written straight into the tables: the matrix needs
 * only rows that exist (delivery.test.ts runs the real cycle), and a draft receipt of it.
 */
async function asnRows(
  tenantId: string,
  order: { id: string; line: string },
  supplierId: string,
  userId: string,
): Promise<{ asn: string; asnLine: string; receipt: string }> {
  const asn = await t.db
    .insertInto('po_asn')
    .values({
      tenant_id: tenantId,
      bill_no: `ASNM${order.id}`,
      order_id: order.id,
      supplier_id: supplierId,
      state: 'sent',
      ship_date: '2027-01-01',
      expected_date: '2027-01-02',
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const line = await t.db
    .insertInto('po_asn_line')
    .values({
      tenant_id: tenantId,
      asn_id: asn.id,
      line_no: 1,
      order_line_id: order.line,
      quantity: '1',
      packages: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receipt = await t.db
    .insertInto('po_receipt')
    .values({
      tenant_id: tenantId,
      bill_no: `GRM${order.id}`,
      asn_id: asn.id,
      state: 'draft',
      received_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { asn: String(asn.id), asnLine: String(line.id), receipt: String(receipt.id) };
}

/**
 * An open request for quotation of a tenant inviting `supplierId`, with one line, written straight
 * into the tables (rfq.test.ts runs the real cycle).
 */
async function rfqRows(
  tenantId: string,
  supplierId: string,
  userId: string,
): Promise<{ rfq: string; rfqLine: string }> {
  const rfq = await t.db
    .insertInto('po_rfq')
    .values({
      tenant_id: tenantId,
      bill_no: `RFQM${tenantId}${supplierId}`,
      title: '矩阵询价',
      state: 'open',
      deadline: new Date(Date.now() + 86_400_000),
      buyer_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const line = await t.db
    .insertInto('po_rfq_line')
    .values({
      tenant_id: tenantId,
      rfq_id: rfq.id,
      line_no: 1,
      material_name: '钢板',
      unit: '吨',
      quantity: '1',
      delivery_date: '2027-01-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('po_rfq_supplier')
    .values({ tenant_id: tenantId, rfq_id: rfq.id, supplier_id: supplierId })
    .execute();
  return { rfq: String(rfq.id), rfqLine: String(line.id) };
}
const RFQ = '/api/procurement/Rfq';
const rfqBody = (supplierId: string, extra: Record<string, unknown> = {}) => ({
  title: '矩阵询价',
  deadline: Date.now() + 86_400_000,
  deliveryAddress: '矩阵仓',
  supplierIds: [supplierId],
  lines: [{ materialName: '钢板', unit: '吨', quantity: '1', deliveryDate: '2027-01-01' }],
  ...extra,
});
const quoteBody = (rfqLineId: string) => ({
  version: null,
  submit: false,
  validUntil: '2099-01-01',
  lines: [{ rfqLineId, unitPrice: '1' }],
});

/** An invoice against `orderId`, written straight into the table (delivery.test.ts submits real ones). */
async function invoiceRow(
  tenantId: string,
  orderId: string,
  supplierId: string,
  userId: string,
): Promise<string> {
  const row = await t.db
    .insertInto('po_invoice')
    .values({
      tenant_id: tenantId,
      bill_no: `INVM${orderId}`,
      invoice_no: `M-${orderId}`,
      invoice_date: '2027-01-01',
      order_id: orderId,
      supplier_id: supplierId,
      state: 'mismatch',
      currency: 'CNY',
      total_amount: '1',
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
const invoiceBody = (orderId: string, orderLineId: string) => ({
  orderId,
  invoiceNo: 'M-1',
  invoiceDate: '2027-01-01',
  lines: [{ orderLineId, quantity: '1', unitPrice: '1' }],
});

const asnBody = (orderId: string, orderLineId: string) => ({
  orderId,
  shipDate: '2027-01-01',
  expectedDate: '2027-01-02',
  lines: [{ orderLineId, quantity: '1', packages: 1 }],
});
const receiptLines = (asnLineId: string) => [{ asnLineId, acceptedQuantity: '1', rejectedQuantity: '0' }];

/** An internal message to a user. */
const message = (tenantId: string, userId: string) =>
  t.db
    .insertInto('sys_message')
    .values({
      tenant_id: tenantId,
      user_id: userId,
      type: 1,
      menu_title: 'matrix',
      body_text: 'matrix',
      url: '',
      bill_id: '',
      creator_name: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** An upload of a supplier's enterprise (its record alone: the calls here never read the bytes). */
const vendorFile = (tenantId: string, entId: string, userId: string) =>
  idOf(
    t.db
      .insertInto('vendor_file')
      .values({
        tenant_id: tenantId,
        ent_id: entId,
        uploaded_by: userId,
        storage_key: `${tenantId}/vendor/matrix-${entId}.pdf`,
        file_name: 'matrix.pdf',
        content_type: 'application/pdf',
        size: 1,
      })
      .returning('id')
      .executeTakeFirst(),
  );

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WATCHED) {
    const row = await sql<{ n: string; h: string | null }>`
      select count(*) as n, md5(string_agg(x::text, '|' order by x::text)) as h from ${sql.table(table)} x`.execute(
      t.db,
    );
    out[table] = `${row.rows[0]?.n}:${row.rows[0]?.h}`;
  }
  // Sessions: which are live (last-seen clocks move with every request).
  const live = await sql<{ ids: string | null }>`
    select string_agg(id::text, ',' order by id) as ids from sys_session where ended_at is null`.execute(
    t.db,
  );
  out.sys_session = live.rows[0]?.ids ?? '';
  return out;
}

function call(
  method: Method,
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const payload = method === 'GET' ? undefined : (body ?? {});
  return t.request<{ fields?: Record<string, string> }>({
    method,
    url,
    headers: { token, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A route's path with our own tenant's ids in its parameters. */
const fillPath = (path: string) =>
  path
    .replace('{tenantId}', ours.tenantId)
    .replace('{objectType}', 'role')
    .replace('{objectId}', ours.role)
    .replace('{type}', 'avatar')
    .replace('{name}', 'x.png')
    .replace('{code}', '110101')
    .replace('{version}', '1')
    // A dictionary page's calls name a menu item of type 4 (the model pages' one of type 3 is theirs).
    .replace(/^(\/api\/systemData\/DictionaryPage\/)\{menuId\}/, `$1${ours.dictPage}`)
    .replace(/^(\/api\/onlineDev\/ModelPage\/)\{menuId\}/, `$1${ours.modelPage}`)
    .replace(/^(\/api\/onlineDev\/ReportView\/)\{menuId\}/, `$1${ours.reportPage}`)
    .replace('{field}', 'v')
    .replace('{widgetId}', 'n')
    .replace('{flowId}', ours.buyer)
    .replace('{taskId}', ours.buyer)
    .replace('{id}', ours.buyer);

const idOf = async (query: Promise<{ id: string } | undefined>) => String((await query)?.id);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await t.login('admin', 'admin123');
  vendor = await t.login('vendor', 'vendor123');
  routes = openApiRoutes(t.app, '/api/');

  const tenantId = String(
    (
      await t.db
        .selectFrom('sys_user')
        .select('tenant_id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).tenant_id,
  );
  const dept = (tid: string, code: string) =>
    idOf(
      t.db
        .selectFrom('sys_dept')
        .select('id')
        .where('tenant_id', '=', tid)
        .where('en_code', '=', code)
        .executeTakeFirst(),
    );
  const menuOf = (tid: string) =>
    idOf(
      t.db
        .selectFrom('sys_menu')
        .select('id')
        .where('tenant_id', '=', tid)
        .where('menu_perms', '=', 'permission.user')
        .executeTakeFirst(),
    );
  const roleOf = (tid: string) =>
    idOf(
      t.db
        .selectFrom('sys_role')
        .select('id')
        .where('tenant_id', '=', tid)
        .where('en_code', '=', 'buyer')
        .executeTakeFirst(),
    );
  ours = {
    tenantId,
    head: await dept(tenantId, 'head'),
    purchase: await dept(tenantId, 'purchase'),
    menu: await menuOf(tenantId),
    role: await roleOf(tenantId),
    buyer: await idOf(
      t.db.selectFrom('sys_user').select('id').where('account', '=', 'buyer').executeTakeFirst(),
    ),
    button: '',
    column: '',
    dataRule: '',
    dictType: '',
    dictItem: '',
    dictPage: '',
    modelPage: '',
    modelRow: '',
    report: '',
    reportPage: '',
    portal: '',
    screen: '',
    dataset: '',
    delegation: '',
    dataInterface: '',
    dataSync: '',
    dataSource: '',
    dataModel: '',
    ssoProvider: '',
    order: '',
    rfq: '',
  };
  const childOf = (menu: string, table: 'sys_menu_button' | 'sys_menu_column' | 'sys_menu_data_rule') =>
    idOf(t.db.selectFrom(table).select('id').where('menu_id', '=', menu).executeTakeFirst());
  ours.button = await childOf(ours.menu, 'sys_menu_button');
  ours.dataRule = await childOf(ours.menu, 'sys_menu_data_rule');
  ours.column = await idOf(
    t.db
      .insertInto('sys_menu_column')
      .values({ tenant_id: tenantId, menu_id: ours.menu, en_code: 'permission.user.zy', full_name: 'zy' })
      .returning('id')
      .executeTakeFirst(),
  );
  // A tree type of ours with one item: only a tree's item may name a parent.
  const ourDict = await dictIds(tenantId);
  const tree = await t.post<{ id: string }>(
    '/api/system/DictionaryType',
    { categoryId: ourDict.dictCategory, enCode: 'zztree', fullName: 'zz', isTree: true },
    admin,
  );
  ours.dictType = tree.body.data.id;
  const treeItem = await t.post<{ id: string }>(
    '/api/system/DictionaryData',
    { typeId: ours.dictType, enCode: 'zz1', fullName: 'zz' },
    admin,
  );
  ours.dictItem = treeItem.body.data.id;
  const dictPageMenu = (dictType: string, code: string) => ({
    menuName: code,
    menuPerms: code,
    menuType: 4,
    propertyJson: JSON.stringify({ moduleId: dictType, isTree: 0 }),
  });
  const ourPage = await t.post<{ id: string }>(
    '/api/system/Menu',
    dictPageMenu(ours.dictType, 'zzpage'),
    admin,
  );
  ours.dictPage = ourPage.body.data.id;
  // A model page of ours: a model, a published design with every button, its type-3 menu item.
  const ourModel = await t.post<{ id: string }>(
    '/api/systemData/DataModel',
    {
      code: 'zz_page',
      names: { 'zh-CN': 'zz' },
      fields: [{ code: 'v', names: { 'zh-CN': 'v' }, kind: 'integer' }],
    },
    admin,
  );
  const ourDesign = await t.post<{ id: string }>(
    '/api/onlineDev/WebDesign',
    {
      ...designBody(ourModel.body.data.id),
      names: { 'zh-CN': 'zz page' },
      draft: {
        ...designBody(ourModel.body.data.id).draft,
        list: {
          columns: [{ field: 'v' }],
          query: [{ field: 'v', op: 'eq' }],
          pageSize: 20,
          buttons: ['add', 'edit', 'detail', 'delete', 'batchDelete', 'import', 'export', 'launchFlow'],
        },
      },
    },
    admin,
  );
  await t.post(`/api/onlineDev/WebDesign/${ourDesign.body.data.id}/Actions/Publish`, {}, admin);
  const ourModelPage = await t.post<{ id: string }>(
    '/api/system/Menu',
    {
      menuName: 'zzmodel',
      menuPerms: 'zzmodel',
      menuType: 3,
      propertyJson: JSON.stringify({ moduleId: ourDesign.body.data.id, isTree: 0 }),
    },
    admin,
  );
  ours.modelPage = ourModelPage.body.data.id;
  const ourRow = await t.post<{ id: string }>(
    `/api/onlineDev/ModelPage/${ours.modelPage}/Rows`,
    { data: { v: 1 } },
    admin,
  );
  ours.modelRow = ourRow.body.data.id;
  const ourReport = await report(admin);
  ours.report = ourReport.report;
  ours.reportPage = ourReport.page;
  ours.dataInterface = await idOf(
    t.post<{ id: string }>('/api/systemData/DataInterface', interfaceBody(), admin).then((r) => r.body.data),
  );
  ours.dataset = ourReport.dataset;
  // Written as the service writes them: this app's allow-list is empty, so the API saves no source.
  ours.dataModel = ourModel.body.data.id;
  ours.dataSource = await idOf(
    t.db
      .insertInto('dm_data_source')
      .values({
        tenant_id: tenantId,
        code: 'zy_source',
        full_name: 'zy',
        kind: 'mysql',
        host: '127.0.0.1',
        port: 3306,
        database_name: 'zy',
        username: 'zy',
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirst(),
  );
  ours.dataSync = await syncRow(tenantId, ours.dataSource, ours.dataModel);
  ours.ssoProvider = await idOf(
    t.post<{ id: string }>('/api/system/SsoProvider', ssoBody, admin).then((r) => r.body.data),
  );
  ours.portal = await portal(admin, ourReport.dataset);
  ours.screen = await screen(admin, ourReport.dataset);
  ours.order = (await orderOf(admin, (await vendorIds(tenantId)).supplier)).id;
  ours.rfq = (
    await rfqRows(tenantId, (await vendorIds(tenantId)).supplier, await userIdOf(t.db, 'admin'))
  ).rfq;

  // A staff user of the tenant who holds nothing.
  const created = await t.post(
    '/api/permission/Users',
    {
      account: 'nobody',
      realName: '无权限',
      mobile: '13912345601',
      password: 'nobody123',
      deptId: ours.purchase,
    },
    admin,
  );
  expect(created.body.code).toBe(0);
  nobody = await t.login('nobody', 'nobody123');

  const other = await t.seedOtherTenant('t2');
  const t2admin = await t.login('t2admin', 'admin123');
  const t2menu = await menuOf(other.tenantId);
  const child = (table: 'sys_menu_button' | 'sys_menu_column' | 'sys_menu_data_rule') =>
    childOf(t2menu, table);
  const column = await t.db
    .insertInto('sys_menu_column')
    .values({
      tenant_id: other.tenantId,
      menu_id: t2menu,
      en_code: 'permission.user.zz',
      full_name: 'zz',
      order_num: 9,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataModel = await t.post<{ id: string }>(
    '/api/systemData/DataModel',
    {
      code: 'zz_model',
      names: { 'zh-CN': 'zz' },
      fields: [{ code: 'v', names: { 'zh-CN': 'v' }, kind: 'integer' }],
    },
    t2admin,
  );
  const design = await t.post<{ id: string }>(
    '/api/onlineDev/WebDesign',
    designBody(dataModel.body.data.id),
    t2admin,
  );
  await t.post(`/api/onlineDev/WebDesign/${design.body.data.id}/Actions/Publish`, {}, t2admin);
  const dataset = await t.post<{ id: string }>('/api/onlineDev/DataSet', datasetBody, t2admin);
  expect(dataset.body.code).toBe(0);
  const notice = await t.post<{ id: string }>(
    '/api/system/Notice',
    { noticeTitle: 't2', noticeBody: '<p>x</p>', audience: 'staff' },
    t2admin,
  );
  const theirModelPage = await t.post<{ id: string }>(
    '/api/system/Menu',
    {
      menuName: 'zzmodel',
      menuPerms: 'zzmodel',
      menuType: 3,
      propertyJson: JSON.stringify({ moduleId: design.body.data.id, isTree: 0 }),
    },
    t2admin,
  );
  // A row of their page's table (numbered past any of ours: each model table counts its own ids).
  const theirRow = await sql<{
    id: string;
  }>`insert into ${sql.table(`dm_${other.tenantId}_zz_model`)} (id, tenant_id, v) overriding system value values (900001, ${other.tenantId}, 1) returning id::text as id`.execute(
    t.db,
  );
  const theirDict = await dictIds(other.tenantId);
  const theirPage = await t.post<{ id: string }>(
    '/api/system/Menu',
    dictPageMenu(theirDict.dictType, 'zzpage'),
    t2admin,
  );
  theirs = {
    tenantId: other.tenantId,
    head: other.depts.head ?? '',
    east: other.depts.east ?? '',
    purchase: other.depts.purchase ?? '',
    buyer: other.users.buyer,
    role: await roleOf(other.tenantId),
    position: await idOf(
      t.db.selectFrom('sys_position').select('id').where('tenant_id', '=', other.tenantId).executeTakeFirst(),
    ),
    menu: t2menu,
    button: await child('sys_menu_button'),
    column: String(column.id),
    dataRule: await child('sys_menu_data_rule'),
    session: await idOf(
      t.db
        .selectFrom('sys_session')
        .select('id')
        .where('tenant_id', '=', other.tenantId)
        .where('ended_at', 'is', null)
        .executeTakeFirst(),
    ),
    notice: notice.body.data.id,
    message: '',
    flow: String(
      (
        await t.db
          .insertInto('flow_definition')
          .values({
            tenant_id: other.tenantId,
            en_code: 'zzflow',
            full_name: 'zz',
            category: 'zz',
            form_name: 'Zz',
            flow_template_json: JSON.stringify({ id: 'start', type: 'start', name: 's' }),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    ),
    flowTask: '',
    flowOperator: '',
    flowDelegation: '',
    billRule: await idOf(
      t.db
        .selectFrom('sys_bill_rule')
        .select('id')
        .where('tenant_id', '=', other.tenantId)
        .executeTakeFirst(),
    ),
    ...theirDict,
    dictPage: theirPage.body.data.id,
    modelPage: theirModelPage.body.data.id,
    modelRow: theirRow.rows[0]?.id ?? '',
    task: await idOf(
      t.db.selectFrom('sys_task').select('id').where('tenant_id', '=', other.tenantId).executeTakeFirst(),
    ),
    avatar: `${'b'.repeat(32)}.png`,
    dataModel: dataModel.body.data.id,
    design: design.body.data.id,
    dataset: dataset.body.data.id,
    ...(await report(t2admin).then(async (r) => ({
      report: r.report,
      reportPage: r.page,
      portal: await portal(t2admin, r.dataset),
      screen: await screen(t2admin, r.dataset),
    }))),
    // Written as the service writes it: this app's allow-list is empty, so the API saves none.
    dataSource: await idOf(
      t.db
        .insertInto('dm_data_source')
        .values({
          tenant_id: other.tenantId,
          code: 'zz_source',
          full_name: 'zz',
          kind: 'mysql',
          host: '127.0.0.1',
          port: 3306,
          database_name: 'zz',
          username: 'zz',
          password_sealed: 'v1.a.b.c',
        })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirst(),
    ),
    dataInterface: await idOf(
      t
        .post<{ id: string }>('/api/systemData/DataInterface', interfaceBody(), t2admin)
        .then((r) => r.body.data),
    ),
    map: await idOf(t.post<{ id: string }>('/api/systemData/Map', mapBody, t2admin).then((r) => r.body.data)),
    ssoProvider: await idOf(
      t.post<{ id: string }>('/api/system/SsoProvider', ssoBody, t2admin).then((r) => r.body.data),
    ),
    dataSync: '',
    vendorEnt: other.vendorEntId,
    vendorFile: await vendorFile(other.tenantId, other.vendorEntId, other.users.vendor),
    order: '',
    orderLine: '',
    asn: '',
    asnLine: '',
    receipt: '',
    invoice: '',
    rfq: '',
    rfqLine: '',
  };
  const theirSupplier = (await vendorIds(other.tenantId)).supplier;
  const theirOrder = await orderOf(t2admin, theirSupplier);
  theirs.order = theirOrder.id;
  theirs.orderLine = theirOrder.line;
  Object.assign(theirs, await asnRows(other.tenantId, theirOrder, theirSupplier, other.users.admin));
  theirs.invoice = await invoiceRow(other.tenantId, theirOrder.id, theirSupplier, other.users.admin);
  Object.assign(theirs, await rfqRows(other.tenantId, theirSupplier, other.users.admin));
  await t.db
    .updateTable('sys_user')
    .set({ head_icon: `/api/file/Image/userAvatar/${theirs.avatar}` })
    .where('id', '=', theirs.buyer)
    .execute();
  theirs.message = (await message(theirs.tenantId, theirs.buyer)).id;
  theirs.dataSync = await syncRow(theirs.tenantId, theirs.dataSource, theirs.dataModel);
  // A task of theirs with a pending to-do, and a delegation.
  const task = await t.db
    .insertInto('flow_task')
    .values({
      tenant_id: theirs.tenantId,
      definition_id: theirs.flow,
      launcher_id: theirs.buyer,
      form_name: 'PurchaseRequisition',
      status: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  theirs.flowTask = String(task.id);
  theirs.flowOperator = String(
    (
      await t.db
        .insertInto('flow_operator')
        .values({
          tenant_id: theirs.tenantId,
          task_id: theirs.flowTask,
          item_key: 'i1',
          act_key: 'a1',
          node_id: 'n1',
          user_id: theirs.buyer,
          state: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const t2adminRow = await t.db
    .selectFrom('sys_user')
    .select('id')
    .where('account', '=', 't2admin')
    .executeTakeFirstOrThrow();
  theirs.flowDelegation = String(
    (
      await t.db
        .insertInto('flow_delegation')
        .values({
          tenant_id: theirs.tenantId,
          from_user_id: theirs.buyer,
          to_user_id: String(t2adminRow.id),
          start_at: new Date(),
          end_at: new Date(Date.now() + 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  buyersMessage = (await message(ours.tenantId, ours.buyer)).id;
  ours.delegation = await idOf(
    t.db
      .insertInto('flow_delegation')
      .values({
        tenant_id: ours.tenantId,
        from_user_id: ours.buyer,
        to_user_id: await idOf(
          t.db.selectFrom('sys_user').select('id').where('account', '=', 'admin').executeTakeFirst(),
        ),
        start_at: new Date(),
        end_at: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirst(),
  );
  // An area another tenant added: its code is not ours.
  await t.db
    .insertInto('sys_area_tenant')
    .values({
      tenant_id: theirs.tenantId,
      code: '110198',
      parent_code: '110100',
      name: 'zz',
      level: 3,
      added: true,
    })
    .execute();
  // WeChat bindings on both sides, so a call that wrongly drops one shows in the snapshot.
  await t.db
    .insertInto('sys_wx_user')
    .values([
      { user_id: ours.buyer, tenant_id: ours.tenantId, openid: 'o-matrix-ours' },
      { user_id: theirs.buyer, tenant_id: theirs.tenantId, openid: 'o-matrix-theirs' },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('permission matrix', () => {
  it('finds every endpoint under /api/ in the OpenAPI document, the allowed ones among them', () => {
    expect(routes.length).toBeGreaterThan(120);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const open of OPEN_TO_EVERY_USER) expect(keys).toContain(open);
    for (const group of ['permission', 'sys', 'system', 'message', 'base', 'common', 'file', 'oauth'])
      expect(keys.some((key) => key.includes(`/api/${group}/`))).toBe(true);
  });

  it('without a token every endpoint but the public ones answers 600 and changes nothing', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const res = await t.request({
        method: route.method,
        url: fillPath(route.path),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      if (PUBLIC.has(key) ? res.body.code === 600 : res.body.code !== 600)
        wrong.push(`${key} → ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('every endpoint refuses a user without its code with 403 (暂无权限) and changes nothing', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (OPEN_TO_EVERY_USER.has(key)) continue;
      const res = await call(route.method, fillPath(route.path), nobody, {});
      if (res.body.code !== 403 || res.body.msg !== '暂无权限')
        wrong.push(`${key} → ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("every endpoint given another tenant's ids answers 404 and changes nothing", async () => {
    const T = theirs;
    const V = await vendorIds(T.tenantId);
    const { supplier: ourSupplier } = await vendorIds(ours.tenantId);
    const draft = await t.post<{ id: string }>(
      '/api/base/vendorNotice/save',
      { title: 'draft', supplierIds: [ourSupplier] },
      admin,
    );
    const ourDraft = draft.body.data.id;
    const dirBody = { menuName: 'X', menuPerms: 'zz.dir', menuType: 0 };
    const user = { realName: '某人', mobile: '13912345602' };
    const grants = { menu: [], button: [], column: [], data: [], app: [] };
    const item = (menuId: string) => ({ menuId, enCode: 'permission.user.zz2', fullName: 'zz' });
    const rule = (menuId: string) => ({
      menuId,
      enCode: 'permission.user.data.zz2',
      fullName: 'zz',
      ruleType: 'all',
    });
    /**
     * [route template, url, body]: the template ties the case to its endpoint. The file routes and
     * the avatar name no id: they look in the session's tenant's folder (current-user.test.ts shows
     * another tenant's image answering 404).
     */
    const cases: [string, string, unknown?][] = [
      ['GET /api/permission/Organize/{id}', `/api/permission/Organize/${T.head}`],
      [
        'PUT /api/permission/Organize/{id}',
        `/api/permission/Organize/${T.east}`,
        { deptName: 'X', enCode: 'zzorg' },
      ],
      ['DELETE /api/permission/Organize/{id}', `/api/permission/Organize/${T.east}`],
      [
        'PUT /api/permission/Organize/{id}/Actions/Move',
        `/api/permission/Organize/${T.east}/Actions/Move`,
        { parentId: ours.head },
      ],
      [
        'POST /api/permission/Organize',
        '/api/permission/Organize',
        { parentId: T.head, deptName: 'X', enCode: 'zzorg' },
      ],
      ['GET /api/permission/Department/{id}', `/api/permission/Department/${T.purchase}`],
      [
        'PUT /api/permission/Department/{id}',
        `/api/permission/Department/${T.purchase}`,
        { parentId: ours.head, deptName: 'X', enCode: 'zzdep' },
      ],
      ['DELETE /api/permission/Department/{id}', `/api/permission/Department/${T.purchase}`],
      [
        'POST /api/permission/Department',
        '/api/permission/Department',
        { parentId: T.head, deptName: 'X', enCode: 'zzdep' },
      ],
      ['GET /api/permission/Position/{id}', `/api/permission/Position/${T.position}`],
      [
        'PUT /api/permission/Position/{id}',
        `/api/permission/Position/${T.position}`,
        { deptId: ours.purchase, positionName: 'X', enCode: 'zzpos' },
      ],
      ['DELETE /api/permission/Position/{id}', `/api/permission/Position/${T.position}`],
      [
        'PUT /api/permission/Position/{id}/Actions/State',
        `/api/permission/Position/${T.position}/Actions/State`,
        { enabled: false },
      ],
      [
        'POST /api/permission/Position',
        '/api/permission/Position',
        { deptId: T.purchase, positionName: 'X', enCode: 'zzpos' },
      ],
      ['GET /api/permission/Users/{id}', `/api/permission/Users/${T.buyer}`],
      ['PUT /api/permission/Users/{id}', `/api/permission/Users/${T.buyer}`, user],
      ['DELETE /api/permission/Users/{id}', `/api/permission/Users/${T.buyer}`],
      ['PUT /api/permission/Users/{id}/Actions/Unlock', `/api/permission/Users/${T.buyer}/Actions/Unlock`],
      [
        'POST /api/permission/Users/{id}/Actions/ResetPassword',
        `/api/permission/Users/${T.buyer}/Actions/ResetPassword`,
        { password: 'abc12345' },
      ],
      [
        'PUT /api/permission/Users/{id}/Actions/State',
        `/api/permission/Users/${T.buyer}/Actions/State`,
        { enabled: false },
      ],
      [
        'POST /api/permission/Users',
        '/api/permission/Users',
        { ...user, account: 'zzu1', password: 'abc12345', deptId: T.purchase },
      ],
      [
        'POST /api/permission/Users',
        '/api/permission/Users',
        { ...user, account: 'zzu2', password: 'abc12345', roleIds: [T.role] },
      ],
      ['GET /api/permission/Users', `/api/permission/Users?deptId=${T.head}`],
      ['GET /api/sys/user/info/{id}', `/api/sys/user/info/${T.buyer}`],
      ['POST /api/sys/user/update', '/api/sys/user/update', { ...user, id: T.buyer }],
      ['GET /api/sys/user/list', `/api/sys/user/list?deptId=${T.head}`],
      ['GET /api/sys/role/info/{id}', `/api/sys/role/info/${T.role}`],
      ['POST /api/sys/role/update', '/api/sys/role/update', { id: T.role, roleName: 'X', enCode: 'zzrole' }],
      ['POST /api/sys/role/delete', '/api/sys/role/delete', { id: T.role }],
      [
        'PUT /api/permission/Role/{id}/Actions/State',
        `/api/permission/Role/${T.role}/Actions/State`,
        { enabled: false },
      ],
      ['POST /api/sys/role/addUsers', '/api/sys/role/addUsers', { roleId: T.role, userIds: [ours.buyer] }],
      ['POST /api/sys/role/addUsers', '/api/sys/role/addUsers', { roleId: ours.role, userIds: [T.buyer] }],
      ['POST /api/sys/role/removeUsers', '/api/sys/role/removeUsers', { roleId: T.role, userIds: [T.buyer] }],
      ['GET /api/sys/role/userList', `/api/sys/role/userList?roleId=${T.role}`],
      ['GET /api/sys/role/select/{tenantId}', `/api/sys/role/select/${T.tenantId}`],
      [
        'GET /api/permission/Authority/Data/{objectType}/{objectId}',
        `/api/permission/Authority/Data/role/${T.role}`,
      ],
      [
        'PUT /api/permission/Authority/Data/{objectType}/{objectId}',
        `/api/permission/Authority/Data/role/${T.role}`,
        grants,
      ],
      [
        'PUT /api/permission/Authority/Data/{objectType}/{objectId}',
        `/api/permission/Authority/Data/role/${ours.role}`,
        { ...grants, menu: [T.menu] },
      ],
      ['GET /api/system/Menu/{id}', `/api/system/Menu/${T.menu}`],
      ['PUT /api/system/Menu/{id}', `/api/system/Menu/${T.menu}`, dirBody],
      ['DELETE /api/system/Menu/{id}', `/api/system/Menu/${T.menu}`],
      [
        'PUT /api/system/Menu/{id}/Actions/State',
        `/api/system/Menu/${T.menu}/Actions/State`,
        { enabled: false },
      ],
      ['PUT /api/system/Menu/{id}/Actions/Sort', `/api/system/Menu/${T.menu}/Actions/Sort`, { orderNum: 3 }],
      ['GET /api/system/ModuleButton', `/api/system/ModuleButton?menuId=${T.menu}`],
      ['POST /api/system/ModuleButton', '/api/system/ModuleButton', item(T.menu)],
      ['PUT /api/system/ModuleButton/{id}', `/api/system/ModuleButton/${T.button}`, item(ours.menu)],
      ['DELETE /api/system/ModuleButton/{id}', `/api/system/ModuleButton/${T.button}`],
      ['GET /api/system/ModuleColumn', `/api/system/ModuleColumn?menuId=${T.menu}`],
      ['POST /api/system/ModuleColumn', '/api/system/ModuleColumn', item(T.menu)],
      ['PUT /api/system/ModuleColumn/{id}', `/api/system/ModuleColumn/${T.column}`, item(ours.menu)],
      ['DELETE /api/system/ModuleColumn/{id}', `/api/system/ModuleColumn/${T.column}`],
      ['GET /api/system/ModuleDataAuthorize', `/api/system/ModuleDataAuthorize?menuId=${T.menu}`],
      ['POST /api/system/ModuleDataAuthorize', '/api/system/ModuleDataAuthorize', rule(T.menu)],
      [
        'PUT /api/system/ModuleDataAuthorize/{id}',
        `/api/system/ModuleDataAuthorize/${T.dataRule}`,
        rule(ours.menu),
      ],
      ['DELETE /api/system/ModuleDataAuthorize/{id}', `/api/system/ModuleDataAuthorize/${T.dataRule}`],
      ['DELETE /api/permission/OnlineUser/{id}', `/api/permission/OnlineUser/${T.session}`],
      [
        'POST /api/permission/OnlineUser/Actions/ForceOffline',
        '/api/permission/OnlineUser/Actions/ForceOffline',
        { ids: [T.session] },
      ],
      ['PUT /api/system/Area/{code}', '/api/system/Area/110198', { name: 'X' }],
      ['POST /api/system/Area', '/api/system/Area', { parentCode: '110198', code: '110198001', name: 'X' }],
      ['GET /api/system/Notice/{id}', `/api/system/Notice/${T.notice}`],
      ['GET /api/system/BillRule/{id}', `/api/system/BillRule/${T.billRule}`],
      [
        'PUT /api/system/BillRule/{id}',
        `/api/system/BillRule/${T.billRule}`,
        {
          fullName: 'x',
          enCode: 'x',
          prefix: '',
          dateFormat: 'none',
          digits: 4,
          startNumber: 1,
          step: 1,
          resetCycle: 'never',
        },
      ],
      ['DELETE /api/system/BillRule/{id}', `/api/system/BillRule/${T.billRule}`],
      ['GET /api/systemData/DataModel/{id}', `/api/systemData/DataModel/${T.dataModel}`],
      ['GET /api/systemData/DataModel/{id}/Versions', `/api/systemData/DataModel/${T.dataModel}/Versions`],
      [
        'PUT /api/systemData/DataModel/{id}',
        `/api/systemData/DataModel/${T.dataModel}`,
        {
          definition: {
            code: 'zz_model',
            names: { 'zh-CN': 'zz' },
            fields: [{ code: 'w', names: { 'zh-CN': 'w' }, kind: 'integer' }],
          },
          confirm: true,
        },
      ],
      ['DELETE /api/systemData/DataModel/{id}', `/api/systemData/DataModel/${T.dataModel}`],
      ['GET /api/onlineDev/WebDesign/{id}', `/api/onlineDev/WebDesign/${T.design}`],
      ['GET /api/onlineDev/WebDesign/{id}/Versions', `/api/onlineDev/WebDesign/${T.design}/Versions`],
      [
        'GET /api/onlineDev/WebDesign/{id}/Versions/{version}',
        `/api/onlineDev/WebDesign/${T.design}/Versions/1`,
      ],
      ['PUT /api/onlineDev/WebDesign/{id}', `/api/onlineDev/WebDesign/${T.design}`, designBody(T.dataModel)],
      [
        'POST /api/onlineDev/WebDesign/{id}/Actions/Publish',
        `/api/onlineDev/WebDesign/${T.design}/Actions/Publish`,
      ],
      ['DELETE /api/onlineDev/WebDesign/{id}', `/api/onlineDev/WebDesign/${T.design}`],
      [
        'GET /api/onlineDev/WebDesign/{id}/Actions/CodeGen',
        `/api/onlineDev/WebDesign/${T.design}/Actions/CodeGen`,
      ],
      ['GET /api/onlineDev/DataSet/{id}', `/api/onlineDev/DataSet/${T.dataset}`],
      ['PUT /api/onlineDev/DataSet/{id}', `/api/onlineDev/DataSet/${T.dataset}`, datasetBody],
      ['DELETE /api/onlineDev/DataSet/{id}', `/api/onlineDev/DataSet/${T.dataset}`],
      ['POST /api/onlineDev/DataSet/{id}/Actions/Run', `/api/onlineDev/DataSet/${T.dataset}/Actions/Run`, {}],
      // Their data source, as the one a dataset of ours would read.
      ['GET /api/onlineDev/DataSet/Tables', `/api/onlineDev/DataSet/Tables?sourceId=${T.dataSource}`],
      [
        'POST /api/onlineDev/DataSet',
        '/api/onlineDev/DataSet',
        {
          ...datasetBody,
          definition: {
            kind: 'visual',
            sourceId: T.dataSource,
            visual: {
              table: 'x',
              joins: [],
              columns: [{ column: 'id', alias: 'id' }],
              filters: [],
              sort: [],
            },
            params: [],
          },
        },
      ],
      ['GET /api/systemData/DataSource/{id}', `/api/systemData/DataSource/${T.dataSource}`],
      ['GET /api/systemData/DataSource/{id}/Tables', `/api/systemData/DataSource/${T.dataSource}/Tables`],
      ['PUT /api/systemData/DataSource/{id}', `/api/systemData/DataSource/${T.dataSource}`, sourceBody],
      ['DELETE /api/systemData/DataSource/{id}', `/api/systemData/DataSource/${T.dataSource}`],
      // Their source lending its kept password to a test of ours.
      [
        'POST /api/systemData/DataSource/Actions/Test',
        '/api/systemData/DataSource/Actions/Test',
        { ...sourceBody, id: T.dataSource },
      ],
      ['GET /api/systemData/DataSync/{id}', `/api/systemData/DataSync/${T.dataSync}`],
      ['GET /api/systemData/DataSync/{id}/Runs', `/api/systemData/DataSync/${T.dataSync}/Runs`],
      [
        'PUT /api/systemData/DataSync/{id}',
        `/api/systemData/DataSync/${T.dataSync}`,
        syncBody(ours.dataSource, ours.dataModel),
      ],
      ['DELETE /api/systemData/DataSync/{id}', `/api/systemData/DataSync/${T.dataSync}`],
      [
        'POST /api/systemData/DataSync/{id}/Actions/Execute',
        `/api/systemData/DataSync/${T.dataSync}/Actions/Execute`,
        {},
      ],
      [
        'POST /api/systemData/DataSync/{id}/Actions/DryRun',
        `/api/systemData/DataSync/${T.dataSync}/Actions/DryRun`,
        {},
      ],
      // Their source or model in the body of our sync, new or saved, and their table to take in.
      ['POST /api/systemData/DataSync', '/api/systemData/DataSync', syncBody(T.dataSource, ours.dataModel)],
      ['POST /api/systemData/DataSync', '/api/systemData/DataSync', syncBody(ours.dataSource, T.dataModel)],
      [
        'PUT /api/systemData/DataSync/{id}',
        `/api/systemData/DataSync/${ours.dataSync}`,
        syncBody(T.dataSource, ours.dataModel),
      ],
      [
        'PUT /api/systemData/DataSync/{id}',
        `/api/systemData/DataSync/${ours.dataSync}`,
        syncBody(ours.dataSource, T.dataModel),
      ],
      [
        'POST /api/systemData/DataSync/Actions/ProposeModel',
        '/api/systemData/DataSync/Actions/ProposeModel',
        { sourceId: T.dataSource, table: 'zz' },
      ],
      ['GET /api/systemData/DataInterface/{id}', `/api/systemData/DataInterface/${T.dataInterface}`],
      ['GET /api/systemData/Map/{id}', `/api/systemData/Map/${T.map}`],
      ['GET /api/procurement/Rfq/{id}', `${RFQ}/${T.rfq}`],
      ['PUT /api/procurement/Rfq/{id}', `${RFQ}/${T.rfq}`, { ...rfqBody(ourSupplier), version: 0 }],
      // Their supplier invited to ours, new or saved; their requisition as ours' source.
      ['POST /api/procurement/Rfq', RFQ, rfqBody(V.supplier)],
      ['POST /api/procurement/Rfq', RFQ, rfqBody(ourSupplier, { requisitionTaskId: T.flowTask })],
      ['PUT /api/procurement/Rfq/{id}', `${RFQ}/${ours.rfq}`, { ...rfqBody(V.supplier), version: 0 }],
      [
        'PUT /api/procurement/Rfq/{id}',
        `${RFQ}/${ours.rfq}`,
        { ...rfqBody(ourSupplier, { requisitionTaskId: T.flowTask }), version: 0 },
      ],
      ['DELETE /api/procurement/Rfq/{id}', `${RFQ}/${T.rfq}`],
      ['GET /api/procurement/Rfq/{id}/Quotes', `${RFQ}/${T.rfq}/Quotes`],
      ['POST /api/procurement/Rfq/{id}/Actions/Publish', `${RFQ}/${T.rfq}/Actions/Publish`, { version: 0 }],
      ['POST /api/procurement/Rfq/{id}/Actions/Close', `${RFQ}/${T.rfq}/Actions/Close`, { version: 0 }],
      [
        'POST /api/procurement/Rfq/{id}/Actions/NewRound',
        `${RFQ}/${T.rfq}/Actions/NewRound`,
        { version: 0, deadline: Date.now() + 86_400_000 },
      ],
      [
        'POST /api/procurement/Rfq/{id}/Actions/Cancel',
        `${RFQ}/${T.rfq}/Actions/Cancel`,
        { version: 0, reason: 'x' },
      ],
      [
        'POST /api/procurement/Rfq/{id}/Actions/Award',
        `${RFQ}/${T.rfq}/Actions/Award`,
        { version: 0, lines: [{ lineId: T.rfqLine, supplierId: V.supplier }] },
      ],
      // Their request's line in an award of ours.
      [
        'POST /api/procurement/Rfq/{id}/Actions/Award',
        `${RFQ}/${ours.rfq}/Actions/Award`,
        { version: 0, lines: [{ lineId: T.rfqLine, supplierId: ourSupplier }] },
      ],
      ['GET /api/procurement/Portal/Rfq/{id}', `/api/procurement/Portal/Rfq/${T.rfq}`],
      [
        'PUT /api/procurement/Portal/Rfq/{id}/Quote',
        `/api/procurement/Portal/Rfq/${T.rfq}/Quote`,
        quoteBody(T.rfqLine),
      ],
      // Their request's line, or their supplier's upload, in our supplier's quote of ours.
      [
        'PUT /api/procurement/Portal/Rfq/{id}/Quote',
        `/api/procurement/Portal/Rfq/${ours.rfq}/Quote`,
        quoteBody(T.rfqLine),
      ],
      [
        'PUT /api/procurement/Portal/Rfq/{id}/Quote',
        `/api/procurement/Portal/Rfq/${ours.rfq}/Quote`,
        { ...quoteBody(T.rfqLine), fileIds: [T.vendorFile] },
      ],
      [
        'POST /api/procurement/Portal/Rfq/{id}/Quote/Actions/Withdraw',
        `/api/procurement/Portal/Rfq/${T.rfq}/Quote/Actions/Withdraw`,
        { version: 0 },
      ],
      ['GET /api/procurement/Rfq/{id}/Bids', `${RFQ}/${T.rfq}/Bids`],
      [
        'POST /api/procurement/Rfq/{id}/Actions/SuspendBid',
        `${RFQ}/${T.rfq}/Actions/SuspendBid`,
        { version: 0 },
      ],
      [
        'POST /api/procurement/Rfq/{id}/Actions/ResumeBid',
        `${RFQ}/${T.rfq}/Actions/ResumeBid`,
        { version: 0 },
      ],
      ['GET /api/procurement/Portal/Rfq/{id}/Bids', `/api/procurement/Portal/Rfq/${T.rfq}/Bids`],
      [
        'POST /api/procurement/Portal/Rfq/{id}/Bids',
        `/api/procurement/Portal/Rfq/${T.rfq}/Bids`,
        { lines: [{ rfqLineId: T.rfqLine, unitPrice: '1' }] },
      ],
      // Their request's line in a bid on ours.
      [
        'POST /api/procurement/Portal/Rfq/{id}/Bids',
        `/api/procurement/Portal/Rfq/${ours.rfq}/Bids`,
        { lines: [{ rfqLineId: T.rfqLine, unitPrice: '1' }] },
      ],
      ['GET /api/procurement/PurchaseOrder/{id}', `${PO}/${T.order}`],
      ['PUT /api/procurement/PurchaseOrder/{id}', `${PO}/${T.order}`, { ...poBody(ourSupplier), version: 0 }],
      // Their supplier in our order, new or saved; their order's line in a decision on ours.
      ['POST /api/procurement/PurchaseOrder', PO, poBody(V.supplier)],
      [
        'PUT /api/procurement/PurchaseOrder/{id}',
        `${PO}/${ours.order}`,
        { ...poBody(V.supplier), version: 0 },
      ],
      ['GET /api/procurement/PurchaseOrder', `${PO}?supplierId=${V.supplier}`],
      ['DELETE /api/procurement/PurchaseOrder/{id}', `${PO}/${T.order}`],
      [
        'POST /api/procurement/PurchaseOrder/{id}/Actions/Submit',
        `${PO}/${T.order}/Actions/Submit`,
        { version: 0 },
      ],
      [
        'POST /api/procurement/PurchaseOrder/{id}/Actions/Close',
        `${PO}/${T.order}/Actions/Close`,
        { version: 0 },
      ],
      [
        'POST /api/procurement/PurchaseOrder/{id}/Actions/Cancel',
        `${PO}/${T.order}/Actions/Cancel`,
        { version: 0, reason: 'x' },
      ],
      [
        'POST /api/procurement/PurchaseOrder/{id}/Actions/Decide',
        `${PO}/${T.order}/Actions/Decide`,
        { version: 0, lineId: T.orderLine, accept: true },
      ],
      [
        'POST /api/procurement/PurchaseOrder/{id}/Actions/Decide',
        `${PO}/${ours.order}/Actions/Decide`,
        { version: 0, lineId: T.orderLine, accept: true },
      ],
      ['GET /api/procurement/Portal/PurchaseOrder/{id}', `/api/procurement/Portal/PurchaseOrder/${T.order}`],
      [
        'POST /api/procurement/Portal/PurchaseOrder/{id}/Actions/Answer',
        `/api/procurement/Portal/PurchaseOrder/${T.order}/Actions/Answer`,
        { version: 0, lines: [{ lineId: T.orderLine, answer: 'accept' }] },
      ],
      [
        'GET /api/procurement/Delivery',
        `/api/procurement/Delivery?orderId=${T.order}&supplierId=${V.supplier}`,
      ],
      ['GET /api/procurement/Delivery/{id}', `/api/procurement/Delivery/${T.asn}`],
      ['GET /api/procurement/Performance/{id}', `/api/procurement/Performance/${V.supplier}`],
      [
        'GET /api/procurement/Invoice',
        `/api/procurement/Invoice?orderId=${T.order}&supplierId=${V.supplier}`,
      ],
      ['GET /api/procurement/Invoice/{id}', `/api/procurement/Invoice/${T.invoice}`],
      [
        'POST /api/procurement/Invoice/{id}/Actions/Approve',
        `/api/procurement/Invoice/${T.invoice}/Actions/Approve`,
        { version: 0 },
      ],
      [
        'POST /api/procurement/Invoice/{id}/Actions/Reject',
        `/api/procurement/Invoice/${T.invoice}/Actions/Reject`,
        { version: 0, reason: 'x' },
      ],
      ['GET /api/procurement/Portal/Invoice', `/api/procurement/Portal/Invoice?orderId=${T.order}`],
      [
        'GET /api/procurement/Portal/Invoice/Invoiceable',
        `/api/procurement/Portal/Invoice/Invoiceable?orderId=${T.order}`,
      ],
      ['GET /api/procurement/Portal/Invoice/{id}', `/api/procurement/Portal/Invoice/${T.invoice}`],
      [
        'POST /api/procurement/Portal/Invoice',
        '/api/procurement/Portal/Invoice',
        invoiceBody(T.order, T.orderLine),
      ],
      ['GET /api/procurement/Delivery/{id}/Labels', `/api/procurement/Delivery/${T.asn}/Labels`],
      [
        'POST /api/procurement/Receipt',
        '/api/procurement/Receipt',
        { asnId: T.asn, lines: receiptLines(T.asnLine) },
      ],
      [
        'PUT /api/procurement/Receipt/{id}',
        `/api/procurement/Receipt/${T.receipt}`,
        { version: 0, lines: receiptLines(T.asnLine) },
      ],
      [
        'POST /api/procurement/Receipt/{id}/Actions/Confirm',
        `/api/procurement/Receipt/${T.receipt}/Actions/Confirm`,
        { version: 0 },
      ],
      [
        'POST /api/procurement/Receipt/{id}/Actions/Reverse',
        `/api/procurement/Receipt/${T.receipt}/Actions/Reverse`,
        { version: 0, reason: 'x' },
      ],
      ['GET /api/procurement/Portal/Delivery', `/api/procurement/Portal/Delivery?orderId=${T.order}`],
      [
        'GET /api/procurement/Portal/Delivery/Shippable',
        `/api/procurement/Portal/Delivery/Shippable?orderId=${T.order}`,
      ],
      [
        'POST /api/procurement/Portal/Delivery',
        '/api/procurement/Portal/Delivery',
        asnBody(T.order, T.orderLine),
      ],
      ['GET /api/procurement/Portal/Delivery/{id}', `/api/procurement/Portal/Delivery/${T.asn}`],
      [
        'PUT /api/procurement/Portal/Delivery/{id}',
        `/api/procurement/Portal/Delivery/${T.asn}`,
        { ...asnBody(T.order, T.orderLine), version: 0 },
      ],
      ['DELETE /api/procurement/Portal/Delivery/{id}', `/api/procurement/Portal/Delivery/${T.asn}?version=0`],
      [
        'GET /api/procurement/Portal/Delivery/{id}/Labels',
        `/api/procurement/Portal/Delivery/${T.asn}/Labels`,
      ],
      [
        'POST /api/procurement/Portal/Delivery/{id}/Actions/Send',
        `/api/procurement/Portal/Delivery/${T.asn}/Actions/Send`,
        { version: 0 },
      ],
      [
        'POST /api/procurement/Portal/Delivery/{id}/Actions/Withdraw',
        `/api/procurement/Portal/Delivery/${T.asn}/Actions/Withdraw`,
        { version: 0 },
      ],
      ['GET /api/system/SsoProvider/{id}', `/api/system/SsoProvider/${T.ssoProvider}`],
      ['PUT /api/system/SsoProvider/{id}', `/api/system/SsoProvider/${T.ssoProvider}`, ssoBody],
      ['DELETE /api/system/SsoProvider/{id}', `/api/system/SsoProvider/${T.ssoProvider}`],
      // Their department and role as those of users made at a first sign-in.
      [
        'POST /api/system/SsoProvider',
        '/api/system/SsoProvider',
        { ...ssoBody, name: 'zz_sso2', createUsers: true, createDeptId: T.purchase, createRoleIds: [] },
      ],
      [
        'POST /api/system/SsoProvider',
        '/api/system/SsoProvider',
        { ...ssoBody, name: 'zz_sso3', createRoleIds: [T.role] },
      ],
      [
        'PUT /api/system/SsoProvider/{id}',
        `/api/system/SsoProvider/${ours.ssoProvider}`,
        { ...ssoBody, createUsers: true, createDeptId: T.purchase },
      ],
      [
        'PUT /api/system/SsoProvider/{id}',
        `/api/system/SsoProvider/${ours.ssoProvider}`,
        { ...ssoBody, createRoleIds: [T.role] },
      ],
      [
        'POST /api/system/SsoProvider/Actions/Test',
        '/api/system/SsoProvider/Actions/Test',
        { ...ssoBody, id: T.ssoProvider },
      ],
      ['GET /api/systemData/Map/{id}/GeoJson', `/api/systemData/Map/${T.map}/GeoJson`],
      ['PUT /api/systemData/Map/{id}', `/api/systemData/Map/${T.map}`, mapBody],
      ['DELETE /api/systemData/Map/{id}', `/api/systemData/Map/${T.map}`],
      [
        'PUT /api/systemData/DataInterface/{id}',
        `/api/systemData/DataInterface/${T.dataInterface}`,
        interfaceBody(),
      ],
      ['DELETE /api/systemData/DataInterface/{id}', `/api/systemData/DataInterface/${T.dataInterface}`],
      [
        'POST /api/systemData/DataInterface/{id}/Actions/Test',
        `/api/systemData/DataInterface/${T.dataInterface}/Actions/Test`,
        {},
      ],
      [
        'GET /api/systemData/DataInterface/{id}/Actions/Response',
        `/api/systemData/DataInterface/${T.dataInterface}/Actions/Response`,
      ],
      // Their dataset and their role in the body of our interface, new or saved.
      [
        'POST /api/systemData/DataInterface',
        '/api/systemData/DataInterface',
        interfaceBody({ code: 'zz_other', kind: 'dataset', datasetId: T.dataset }),
      ],
      [
        'POST /api/systemData/DataInterface',
        '/api/systemData/DataInterface',
        interfaceBody({ roleIds: [T.role] }),
      ],
      [
        'PUT /api/systemData/DataInterface/{id}',
        `/api/systemData/DataInterface/${ours.dataInterface}`,
        interfaceBody({ kind: 'dataset', datasetId: T.dataset }),
      ],
      [
        'PUT /api/systemData/DataInterface/{id}',
        `/api/systemData/DataInterface/${ours.dataInterface}`,
        interfaceBody({ roleIds: [T.role] }),
      ],
      ['GET /api/onlineDev/DataReport/{id}', `/api/onlineDev/DataReport/${T.report}`],
      ['PUT /api/onlineDev/DataReport/{id}', `/api/onlineDev/DataReport/${T.report}`, reportBody(T.dataset)],
      ['DELETE /api/onlineDev/DataReport/{id}', `/api/onlineDev/DataReport/${T.report}`],
      // Their dataset named in the body of our report, and their directory as our report's parent.
      [
        'POST /api/onlineDev/DataReport',
        '/api/onlineDev/DataReport',
        { ...reportBody(T.dataset), code: 'zz_other' },
      ],
      [
        'POST /api/onlineDev/DataReport/Actions/Preview',
        '/api/onlineDev/DataReport/Actions/Preview',
        { datasetId: T.dataset },
      ],
      [
        'POST /api/onlineDev/DataReport/{id}/Actions/Publish',
        `/api/onlineDev/DataReport/${ours.report}/Actions/Publish`,
        { parentId: T.menu, enCode: 'zz.publish' },
      ],
      [
        'POST /api/onlineDev/DataReport/{id}/Actions/Publish',
        `/api/onlineDev/DataReport/${T.report}/Actions/Publish`,
        { parentId: ours.menu, enCode: 'zz.publish' },
      ],
      ['GET /api/onlineDev/ReportView/{menuId}/Config', `/api/onlineDev/ReportView/${T.reportPage}/Config`],
      [
        'POST /api/onlineDev/ReportView/{menuId}/Actions/Run',
        `/api/onlineDev/ReportView/${T.reportPage}/Actions/Run`,
        {},
      ],
      [
        'GET /api/onlineDev/ReportView/{menuId}/Actions/Export',
        `/api/onlineDev/ReportView/${T.reportPage}/Actions/Export`,
      ],
      // Portals: theirs on every call; their dataset, menu item and role inside our bodies.
      ['GET /api/onlineDev/Portal/{id}', `/api/onlineDev/Portal/${T.portal}`],
      ['PUT /api/onlineDev/Portal/{id}', `/api/onlineDev/Portal/${T.portal}`, portalBody(T.dataset)],
      ['DELETE /api/onlineDev/Portal/{id}', `/api/onlineDev/Portal/${T.portal}`],
      ['POST /api/onlineDev/Portal', '/api/onlineDev/Portal', { ...portalBody(T.dataset), code: 'zz_other' }],
      [
        'PUT /api/onlineDev/Portal/{id}',
        `/api/onlineDev/Portal/${ours.portal}`,
        portalBody(ours.dataset, [T.menu]),
      ],
      [
        'POST /api/onlineDev/Portal/{id}/Actions/Publish',
        `/api/onlineDev/Portal/${ours.portal}/Actions/Publish`,
        { parentId: T.menu, enCode: 'zz.publish' },
      ],
      [
        'POST /api/onlineDev/Portal/{id}/Actions/Publish',
        `/api/onlineDev/Portal/${T.portal}/Actions/Publish`,
        { parentId: ours.menu, enCode: 'zz.publish' },
      ],
      ['GET /api/onlineDev/Portal/{id}/Homes', `/api/onlineDev/Portal/${T.portal}/Homes`],
      ['PUT /api/onlineDev/Portal/{id}/Homes', `/api/onlineDev/Portal/${T.portal}/Homes`, { roleIds: [] }],
      [
        'PUT /api/onlineDev/Portal/{id}/Homes',
        `/api/onlineDev/Portal/${ours.portal}/Homes`,
        { roleIds: [T.role] },
      ],
      ['GET /api/onlineDev/PortalView/{id}', `/api/onlineDev/PortalView/${T.portal}`],
      [
        'GET /api/onlineDev/PortalView/{id}/Widgets/{widgetId}/Data',
        `/api/onlineDev/PortalView/${T.portal}/Widgets/n/Data`,
      ],
      ['PUT /api/onlineDev/PortalHome', '/api/onlineDev/PortalHome', { portalId: T.portal }],
      // Data screens: theirs on every call; their dataset and directory inside our bodies.
      ['GET /api/onlineDev/DataScreen/{id}', `/api/onlineDev/DataScreen/${T.screen}`],
      ['PUT /api/onlineDev/DataScreen/{id}', `/api/onlineDev/DataScreen/${T.screen}`, screenBody(T.dataset)],
      ['DELETE /api/onlineDev/DataScreen/{id}', `/api/onlineDev/DataScreen/${T.screen}`],
      [
        'POST /api/onlineDev/DataScreen',
        '/api/onlineDev/DataScreen',
        { ...screenBody(T.dataset), code: 'zz_other' },
      ],
      [
        'PUT /api/onlineDev/DataScreen/{id}',
        `/api/onlineDev/DataScreen/${ours.screen}`,
        screenBody(T.dataset),
      ],
      [
        'POST /api/onlineDev/DataScreen/{id}/Actions/Publish',
        `/api/onlineDev/DataScreen/${ours.screen}/Actions/Publish`,
        { parentId: T.menu, enCode: 'zz.publish' },
      ],
      [
        'POST /api/onlineDev/DataScreen/{id}/Actions/Publish',
        `/api/onlineDev/DataScreen/${T.screen}/Actions/Publish`,
        { parentId: ours.menu, enCode: 'zz.publish' },
      ],
      [
        'POST /api/onlineDev/DataScreenView/{id}/Actions/ViewToken',
        `/api/onlineDev/DataScreenView/${T.screen}/Actions/ViewToken`,
      ],
      // Their model named in the body of our new design.
      ['POST /api/onlineDev/WebDesign', '/api/onlineDev/WebDesign', designBody(T.dataModel)],
      [
        'PUT /api/system/Notice/{id}',
        `/api/system/Notice/${T.notice}`,
        { noticeTitle: 'X', noticeBody: '', audience: 'staff' },
      ],
      ['DELETE /api/system/Notice/{id}', `/api/system/Notice/${T.notice}`],
      ['PUT /api/system/Notice/{id}/Actions/Release', `/api/system/Notice/${T.notice}/Actions/Release`],
      ['PUT /api/system/Notice/{id}/Actions/Withdraw', `/api/system/Notice/${T.notice}/Actions/Withdraw`],
      ['GET /api/message/ReadInfo/{id}', `/api/message/ReadInfo/${T.message}`],
      // Another user's message of the same tenant is not the caller's either.
      ['GET /api/message/ReadInfo/{id}', `/api/message/ReadInfo/${buyersMessage}`],
      ['PUT /api/message/Notice/Read/{id}', `/api/message/Notice/Read/${T.notice}`],
      [
        'PUT /api/system/DictionaryCategory/{id}',
        `/api/system/DictionaryCategory/${T.dictCategory}`,
        { enCode: 'zz', fullName: 'zz' },
      ],
      ['DELETE /api/system/DictionaryCategory/{id}', `/api/system/DictionaryCategory/${T.dictCategory}`],
      ['GET /api/system/DictionaryType/{id}', `/api/system/DictionaryType/${T.dictType}`],
      [
        'PUT /api/system/DictionaryType/{id}',
        `/api/system/DictionaryType/${T.dictType}`,
        { categoryId: T.dictCategory, enCode: 'zz', fullName: 'zz' },
      ],
      ['DELETE /api/system/DictionaryType/{id}', `/api/system/DictionaryType/${T.dictType}`],
      [
        'PUT /api/system/DictionaryType/{id}/Actions/State',
        `/api/system/DictionaryType/${T.dictType}/Actions/State`,
        { enabled: false },
      ],
      [
        'GET /api/system/DictionaryType/{id}/Actions/Export',
        `/api/system/DictionaryType/${T.dictType}/Actions/Export`,
      ],
      ['GET /api/system/DictionaryData', `/api/system/DictionaryData?typeId=${T.dictType}`],
      [
        'PUT /api/system/DictionaryData/{id}',
        `/api/system/DictionaryData/${T.dictItem}`,
        { typeId: T.dictType, enCode: 'zz', fullName: 'zz' },
      ],
      ['DELETE /api/system/DictionaryData/{id}', `/api/system/DictionaryData/${T.dictItem}`],
      [
        'PUT /api/system/DictionaryData/{id}/Actions/State',
        `/api/system/DictionaryData/${T.dictItem}/Actions/State`,
        { enabled: false },
      ],
      [
        'PUT /api/system/DictionaryData/Actions/Sort',
        '/api/system/DictionaryData/Actions/Sort',
        { typeId: T.dictType, parentId: '0', ids: [T.dictItem] },
      ],
      // A dictionary page: their menu, their item on our page, their item as a parent on our page.
      ['GET /api/systemData/DictionaryPage/{menuId}', `/api/systemData/DictionaryPage/${T.dictPage}`],
      [
        'GET /api/systemData/DictionaryPage/{menuId}/Items',
        `/api/systemData/DictionaryPage/${T.dictPage}/Items`,
      ],
      [
        'POST /api/systemData/DictionaryPage/{menuId}/Items',
        `/api/systemData/DictionaryPage/${T.dictPage}/Items`,
        { enCode: 'zz', fullName: 'zz' },
      ],
      [
        'POST /api/systemData/DictionaryPage/{menuId}/Items',
        `/api/systemData/DictionaryPage/${ours.dictPage}/Items`,
        { parentId: T.dictItem, enCode: 'zz', fullName: 'zz' },
      ],
      [
        'PUT /api/systemData/DictionaryPage/{menuId}/Items/{id}',
        `/api/systemData/DictionaryPage/${ours.dictPage}/Items/${T.dictItem}`,
        { enCode: 'zz', fullName: 'zz' },
      ],
      [
        'PUT /api/systemData/DictionaryPage/{menuId}/Items/{id}',
        `/api/systemData/DictionaryPage/${ours.dictPage}/Items/${ours.dictItem}`,
        { parentId: T.dictItem, enCode: 'zz1', fullName: 'zz' },
      ],
      [
        'PUT /api/systemData/DictionaryPage/{menuId}/Items/{id}/Actions/State',
        `/api/systemData/DictionaryPage/${ours.dictPage}/Items/${T.dictItem}/Actions/State`,
        { enabled: false },
      ],
      [
        'DELETE /api/systemData/DictionaryPage/{menuId}/Items/{id}',
        `/api/systemData/DictionaryPage/${ours.dictPage}/Items/${T.dictItem}`,
      ],
      // A model page: their menu item on every call, their row on ours.
      ...(
        [
          ['GET', 'Config'],
          ['POST', 'List', { currentPage: 1, pageSize: 20 }],
          ['POST', 'Rows', { data: { v: 1 } }],
          ['POST', 'Actions/BatchDelete', { ids: ['1'] }],
          ['GET', 'Options/{field}'],
          ['GET', 'Actions/Export'],
          ['GET', 'Actions/ImportTemplate'],
          ['POST', 'Actions/Import'],
        ] as const
      ).map(([method, tail, body]): [string, string, unknown?] => [
        `${method} /api/onlineDev/ModelPage/{menuId}/${tail}`,
        `/api/onlineDev/ModelPage/${T.modelPage}/${tail.replace('{field}', 'v')}`,
        body,
      ]),
      ...(['GET', 'PUT', 'DELETE'] as const).map((method): [string, string, unknown?] => [
        `${method} /api/onlineDev/ModelPage/{menuId}/Rows/{id}`,
        `/api/onlineDev/ModelPage/${ours.modelPage}/Rows/${T.modelRow}`,
        method === 'PUT' ? { data: { v: 2 } } : undefined,
      ]),
      [
        'POST /api/onlineDev/ModelPage/{menuId}/Actions/BatchDelete',
        `/api/onlineDev/ModelPage/${ours.modelPage}/Actions/BatchDelete`,
        { ids: [T.modelRow] },
      ],
      [
        'POST /api/onlineDev/ModelPage/{menuId}/Rows/{id}/Actions/LaunchFlow',
        `/api/onlineDev/ModelPage/${ours.modelPage}/Rows/${T.modelRow}/Actions/LaunchFlow`,
      ],
      // Their row as a parent on our page (it has none: 404), and in a lookup (of a field that is no
      // reference here, so as missing; model-page.test.ts looks up a reference's rows).
      [
        'POST /api/onlineDev/ModelPage/{menuId}/List',
        `/api/onlineDev/ModelPage/${ours.modelPage}/List`,
        { currentPage: 1, pageSize: 20, parentId: T.modelRow },
      ],
      [
        'POST /api/onlineDev/ModelPage/{menuId}/Rows',
        `/api/onlineDev/ModelPage/${ours.modelPage}/Rows`,
        { data: { v: 3 }, parentId: T.modelRow },
      ],
      [
        'PUT /api/onlineDev/ModelPage/{menuId}/Rows/{id}',
        `/api/onlineDev/ModelPage/${ours.modelPage}/Rows/${ours.modelRow}`,
        { data: { v: 3 }, parentId: T.modelRow },
      ],
      [
        'GET /api/onlineDev/ModelPage/{menuId}/Options/{field}',
        `/api/onlineDev/ModelPage/${ours.modelPage}/Options/v?ids=${T.modelRow}`,
      ],
      ['GET /api/sys/dept/subCompany/{id}', `/api/sys/dept/subCompany/${T.head}`],
      ['GET /api/file/Download/{type}/{id}', `/api/file/Download/userAvatar/${T.avatar}`],
      ['POST /api/permission/Users/ImUser/Selector/{id}', `/api/permission/Users/ImUser/Selector/${T.buyer}`],
      ['GET /api/sys/dept/getDeptSubAll', `/api/sys/dept/getDeptSubAll?deptId=${T.head}`],
      ['GET /api/sys/post/queryDeptPostTree', `/api/sys/post/queryDeptPostTree?tenantId=${T.tenantId}`],
      ['POST /api/sys/postStaff/userList', '/api/sys/postStaff/userList', { deptId: T.purchase }],
      ['POST /api/sys/postStaff/userList', '/api/sys/postStaff/userList', { positionId: T.position }],
      ['GET /api/flow/FlowEngine/info/{id}', `/api/flow/FlowEngine/info/${T.flow}`],
      ['GET /api/flow/FlowEngine/{id}/FormDataFields', `/api/flow/FlowEngine/${T.flow}/FormDataFields`],
      ['GET /api/flow/FlowEngine/{id}/FieldDataSelect', `/api/flow/FlowEngine/${T.flow}/FieldDataSelect`],
      ['GET /api/flow/FlowEngine/delete/{id}', `/api/flow/FlowEngine/delete/${T.flow}`],
      ['POST /api/flow/FlowEngine/{id}/Actions/Copy', `/api/flow/FlowEngine/${T.flow}/Actions/Copy`],
      [
        'GET /api/flow/FlowEngine/{id}/Actions/ExportData',
        `/api/flow/FlowEngine/${T.flow}/Actions/ExportData`,
      ],
      ['GET /api/flow/FlowEngine/Bpmn/{id}/{version}', `/api/flow/FlowEngine/Bpmn/${T.flow}/1`],
      ['GET /api/flow/FlowEngine/FlowBefore/{id}', `/api/flow/FlowEngine/FlowBefore/${T.flowTask}`],
      ['GET /api/flow/FlowTask/{flowId}/{taskId}', `/api/flow/FlowTask/${T.flow}/${T.flowTask}`],
      [
        'POST /api/flow/FlowEngine/FlowBefore/Audit/{id}',
        `/api/flow/FlowEngine/FlowBefore/Audit/${T.flowOperator}`,
        {},
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/Reject/{id}',
        `/api/flow/FlowEngine/FlowBefore/Reject/${T.flowOperator}`,
        { handleOpinion: '原因' },
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/Transfer/{id}',
        `/api/flow/FlowEngine/FlowBefore/Transfer/${T.flowOperator}`,
        { toUserId: ours.buyer },
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/Transfer/{id}',
        `/api/flow/FlowEngine/FlowBefore/Transfer/${T.flowOperator}`,
        { toUserId: T.buyer },
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/breakOff/{id}',
        `/api/flow/FlowEngine/FlowBefore/breakOff/${T.flowTask}`,
        {},
      ],
      [
        'POST /api/workflow/Engine/FlowBefore/Recall/{id}',
        `/api/workflow/Engine/FlowBefore/Recall/${T.flowOperator}`,
        {},
      ],
      [
        'POST /api/workflow/Engine/FlowBefore/Cancel/{id}',
        `/api/workflow/Engine/FlowBefore/Cancel/${T.flowTask}`,
        { handleOpinion: '原因' },
      ],
      [
        'POST /api/workflow/Engine/FlowBefore/Assign/{id}',
        `/api/workflow/Engine/FlowBefore/Assign/${T.flowTask}`,
        { nodeId: 'n1', userIds: [ours.buyer] },
      ],
      ['GET /api/workflow/Engine/FlowTask/{id}', `/api/workflow/Engine/FlowTask/${T.flowTask}`],
      [
        'PUT /api/workflow/Engine/FlowTask/{id}',
        `/api/workflow/Engine/FlowTask/${T.flowTask}`,
        { formData: {} },
      ],
      [
        'POST /api/workflow/Engine/FlowTask',
        '/api/workflow/Engine/FlowTask',
        { flowId: T.flow, formData: {} },
      ],
      ['GET /api/workflow/Form/{name}/{id}', `/api/workflow/Form/PurchaseRequisition/${T.flowTask}`],
      [
        'PUT /api/workflow/Form/{name}/{id}',
        `/api/workflow/Form/PurchaseRequisition/${T.flowTask}`,
        { formData: {} },
      ],
      [
        'DELETE /api/workflow/Engine/FlowDelegate/{id}',
        `/api/workflow/Engine/FlowDelegate/${T.flowDelegation}`,
      ],
      [
        'PUT /api/workflow/Engine/FlowDelegate/{id}',
        `/api/workflow/Engine/FlowDelegate/${T.flowDelegation}`,
        { toUserId: ours.buyer, startTime: 1, endTime: 2 },
      ],
      [
        'POST /api/workflow/Engine/FlowDelegate',
        '/api/workflow/Engine/FlowDelegate',
        { toUserId: T.buyer, startTime: 1, endTime: 2 },
      ],
      ['POST /api/flow/FlowEngine/release/{id}', `/api/flow/FlowEngine/release/${T.flow}`],
      ['POST /api/flow/FlowEngine/stop/{id}', `/api/flow/FlowEngine/stop/${T.flow}`],
      ['GET /api/flow/FlowEngine/infoByCode/{code}', '/api/flow/FlowEngine/infoByCode/zzflow'],
      ['GET /api/system/Task/{id}', `/api/system/Task/${T.task}`],
      [
        'PUT /api/system/Task/{id}',
        `/api/system/Task/${T.task}`,
        { name: 'x', jobCode: 'log.purge', params: { days: 1 }, cron: '0 1 * * *', timeZone: 'UTC' },
      ],
      ['DELETE /api/system/Task/{id}', `/api/system/Task/${T.task}`],
      [
        'PUT /api/system/Task/{id}/Actions/State',
        `/api/system/Task/${T.task}/Actions/State`,
        { enabled: false },
      ],
      ['POST /api/system/Task/{id}/Actions/Run', `/api/system/Task/${T.task}/Actions/Run`],
      ['GET /api/base/vendor/Supplier/{id}', `/api/base/vendor/Supplier/${V.supplier}`],
      ['GET /api/base/vendor/Supplier/{id}/History', `/api/base/vendor/Supplier/${V.supplier}/History`],
      ['GET /api/base/vendor/Supplier/{id}/Notices', `/api/base/vendor/Supplier/${V.supplier}/Notices`],
      [
        'GET /api/onlineDev/SupplierEvaluation/{supplierId}',
        `/api/onlineDev/SupplierEvaluation/${V.supplier}`,
      ],
      [
        'PUT /api/base/vendor/Supplier/Mine/Users/{id}/Actions/State',
        `/api/base/vendor/Supplier/Mine/Users/${V.supplierUser}/Actions/State`,
        { enabled: false },
      ],
      [
        'PUT /api/base/vendor/Supplier/Mine/Users/{id}/Actions/ResetPassword',
        `/api/base/vendor/Supplier/Mine/Users/${V.supplierUser}/Actions/ResetPassword`,
        { password: 'abc12345' },
      ],
      [
        'PUT /api/base/vendor/Supplier/{id}/Actions/State',
        `/api/base/vendor/Supplier/${V.supplier}/Actions/State`,
        { action: 'freeze' },
      ],
      [
        'PUT /api/base/vendor/Supplier/{id}/Actions/Blacklist',
        `/api/base/vendor/Supplier/${V.supplier}/Actions/Blacklist`,
        { blacklisted: true, reason: 'x' },
      ],
      ['GET /api/base/vendorNotice/info/{id}', `/api/base/vendorNotice/info/${V.notice}`],
      ['GET /api/base/vendorNotice/deleteInfoById/{id}', `/api/base/vendorNotice/deleteInfoById/${V.item}`],
      ['GET /api/base/vendorNotice/check/{id}', `/api/base/vendorNotice/check/${V.notice}`],
      ['GET /api/base/vendorNotice/reverse/{id}', `/api/base/vendorNotice/reverse/${V.notice}`],
      ['GET /api/base/vendorNotice/updateIsRead/{id}', `/api/base/vendorNotice/updateIsRead/${V.notice}`],
      ['GET /api/base/vendorNotice/acknowledge/{id}', `/api/base/vendorNotice/acknowledge/${V.notice}`],
      ['POST /api/base/vendorNotice/reply/{id}', `/api/base/vendorNotice/reply/${V.notice}`, { send: false }],
      ['POST /api/base/vendorNotice/remind/{id}', `/api/base/vendorNotice/remind/${V.notice}`],
      ['GET /api/base/vendorNotice/export/{id}', `/api/base/vendorNotice/export/${V.notice}`],
      ['GET /api/base/vendorNotice/itemList', `/api/base/vendorNotice/itemList?noticeId=${V.notice}`],
      [
        'POST /api/base/vendorNotice/update',
        '/api/base/vendorNotice/update',
        { id: V.notice, title: 'x', supplierIds: [V.supplier] },
      ],
      ['POST /api/base/vendorNotice/delete', '/api/base/vendorNotice/delete', { ids: [V.notice] }],
      // Ids inside a list's filters and a write's body.
      ['GET /api/permission/Users', `/api/permission/Users?roleId=${T.role}`],
      ['GET /api/permission/Users', `/api/permission/Users?positionId=${T.position}`],
      ['GET /api/sys/user/list', `/api/sys/user/list?roleId=${T.role}`],
      ['GET /api/sys/user/list', `/api/sys/user/list?positionId=${T.position}`],
      ['GET /api/permission/Users/Actions/Export', `/api/permission/Users/Actions/Export?deptId=${T.head}`],
      ['GET /api/permission/Users/Actions/Export', `/api/permission/Users/Actions/Export?roleId=${T.role}`],
      [
        'GET /api/permission/Users/Actions/Export',
        `/api/permission/Users/Actions/Export?positionId=${T.position}`,
      ],
      [
        'POST /api/permission/Users',
        '/api/permission/Users',
        { ...user, account: 'zzu3', password: 'abc12345', positionIds: [T.position] },
      ],
      [
        'PUT /api/permission/Users/{id}',
        `/api/permission/Users/${ours.buyer}`,
        { ...user, deptId: T.purchase },
      ],
      [
        'PUT /api/permission/Users/{id}',
        `/api/permission/Users/${ours.buyer}`,
        { ...user, roleIds: [T.role] },
      ],
      [
        'PUT /api/permission/Users/{id}',
        `/api/permission/Users/${ours.buyer}`,
        { ...user, positionIds: [T.position] },
      ],
      ['POST /api/sys/user/update', '/api/sys/user/update', { ...user, id: ours.buyer, deptId: T.purchase }],
      ['POST /api/sys/user/update', '/api/sys/user/update', { ...user, id: ours.buyer, roleIds: [T.role] }],
      [
        'POST /api/sys/user/update',
        '/api/sys/user/update',
        { ...user, id: ours.buyer, positionIds: [T.position] },
      ],
      ['POST /api/permission/Users/Actions/Locks', '/api/permission/Users/Actions/Locks', { ids: [T.buyer] }],
      ['POST /api/sys/dept/switchCompany', '/api/sys/dept/switchCompany', { companyId: T.head }],
      ['GET /api/permission/Department/tree', `/api/permission/Department/tree?companyId=${T.head}`],
      ['GET /api/permission/Department', `/api/permission/Department?companyId=${T.head}`],
      ['GET /api/sys/dept/list-all', `/api/sys/dept/list-all?companyId=${T.head}`],
      ['GET /api/sys/dept/listDept', `/api/sys/dept/listDept?companyId=${T.head}`],
      [
        'POST /api/permission/Department',
        '/api/permission/Department',
        { parentId: ours.head, deptName: 'X', enCode: 'zzdep2', managerId: T.buyer },
      ],
      [
        'PUT /api/permission/Department/{id}',
        `/api/permission/Department/${ours.purchase}`,
        { parentId: ours.head, deptName: 'X', enCode: 'zzdep3', managerId: T.buyer },
      ],
      ['GET /api/permission/Position', `/api/permission/Position?companyId=${T.head}`],
      ['GET /api/permission/Position', `/api/permission/Position?deptId=${T.purchase}`],
      ['POST /api/system/Menu', '/api/system/Menu', { ...dirBody, parentId: T.menu }],
      ['PUT /api/system/Menu/{id}', `/api/system/Menu/${ours.menu}`, { ...dirBody, parentId: T.menu }],
      ['PUT /api/system/ModuleButton/{id}', `/api/system/ModuleButton/${ours.button}`, item(T.menu)],
      ['PUT /api/system/ModuleColumn/{id}', `/api/system/ModuleColumn/${ours.column}`, item(T.menu)],
      [
        'PUT /api/system/ModuleDataAuthorize/{id}',
        `/api/system/ModuleDataAuthorize/${ours.dataRule}`,
        rule(T.menu),
      ],
      ['GET /api/system/DictionaryType', `/api/system/DictionaryType?categoryId=${T.dictCategory}`],
      [
        'POST /api/system/DictionaryType',
        '/api/system/DictionaryType',
        { categoryId: T.dictCategory, enCode: 'zz', fullName: 'zz' },
      ],
      [
        'POST /api/system/DictionaryType/Actions/Import',
        '/api/system/DictionaryType/Actions/Import',
        { categoryId: T.dictCategory, type: { enCode: 'zz', fullName: 'zz' }, items: [] },
      ],
      [
        'POST /api/system/DictionaryData',
        '/api/system/DictionaryData',
        { typeId: T.dictType, enCode: 'zz', fullName: 'zz' },
      ],
      [
        'POST /api/system/DictionaryData',
        '/api/system/DictionaryData',
        { typeId: ours.dictType, parentId: T.dictItem, enCode: 'zz', fullName: 'zz' },
      ],
      [
        'PUT /api/system/DictionaryData/{id}',
        `/api/system/DictionaryData/${ours.dictItem}`,
        { typeId: ours.dictType, parentId: T.dictItem, enCode: 'zz', fullName: 'zz' },
      ],
      [
        'PUT /api/system/DictionaryData/Actions/Sort',
        '/api/system/DictionaryData/Actions/Sort',
        { typeId: ours.dictType, parentId: T.dictItem, ids: [ours.dictItem] },
      ],
      ['GET /api/system/TaskRun', `/api/system/TaskRun?taskId=${T.task}`],
      ['GET /api/base/vendor/Supplier/Selector', `/api/base/vendor/Supplier/Selector?ids=${V.supplier}`],
      ['POST /api/message/Actions/Read', '/api/message/Actions/Read', { ids: [T.message] }],
      ['DELETE /api/message/Record', '/api/message/Record', { ids: [T.message] }],
      [
        'POST /api/base/mail/batchUpdateReadStatus',
        '/api/base/mail/batchUpdateReadStatus',
        { ids: [T.message] },
      ],
      ['GET /api/base/mail/oneTolist', `/api/base/mail/oneTolist?senderId=${T.buyer}`],
      [
        'POST /api/system/Notice',
        '/api/system/Notice',
        { noticeTitle: 'X', noticeBody: '', audience: 'ents', entIds: [T.vendorEnt] },
      ],
      [
        'PUT /api/system/Notice/{id}',
        `/api/system/Notice/${T.notice}`,
        { noticeTitle: 'X', noticeBody: '', audience: 'ents', entIds: [T.vendorEnt] },
      ],
      [
        'POST /api/flow/FlowEngine/update',
        '/api/flow/FlowEngine/update',
        {
          id: T.flow,
          enCode: 'zzflow',
          fullName: 'zz',
          category: 'zz',
          formName: 'Zz',
          flowTemplateJson: { id: 'start', type: 'start', name: 's' },
        },
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/List/{type}',
        '/api/flow/FlowEngine/FlowBefore/List/1',
        { flowId: T.flow },
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/List/{type}',
        '/api/flow/FlowEngine/FlowBefore/List/4',
        { launcherId: T.buyer },
      ],
      [
        'GET /api/flow/FlowEngine/FlowBefore/getMonitorList',
        `/api/flow/FlowEngine/FlowBefore/getMonitorList?flowId=${T.flow}`,
      ],
      [
        'GET /api/flow/FlowEngine/FlowBefore/getMonitorList',
        `/api/flow/FlowEngine/FlowBefore/getMonitorList?launcherId=${T.buyer}`,
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/Audit/{id}',
        `/api/flow/FlowEngine/FlowBefore/Audit/${T.flowOperator}`,
        { copyIds: [T.buyer] },
      ],
      [
        'POST /api/workflow/Engine/FlowBefore/Recall/{id}',
        `/api/workflow/Engine/FlowBefore/Recall/${T.flowOperator}`,
        { copyIds: [T.buyer] },
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/breakOff/{id}',
        `/api/flow/FlowEngine/FlowBefore/breakOff/${T.flowTask}`,
        { copyIds: [T.buyer] },
      ],
      [
        'POST /api/flow/FlowEngine/FlowBefore/BatchAudit',
        '/api/flow/FlowEngine/FlowBefore/BatchAudit',
        { ids: [T.flowOperator] },
      ],
      [
        'POST /api/workflow/Engine/FlowBefore/Assign/{id}',
        `/api/workflow/Engine/FlowBefore/Assign/${T.flowTask}`,
        { nodeId: 'n1', userIds: [T.buyer] },
      ],
      [
        'GET /api/workflow/Form/{name}/{id}',
        `/api/workflow/Form/PurchaseRequisition/${T.flowTask}?flowId=${T.flow}`,
      ],
      [
        'POST /api/workflow/Form/{name}',
        '/api/workflow/Form/PurchaseRequisition',
        { flowId: T.flow, formData: {} },
      ],
      [
        'POST /api/workflow/Engine/FlowDelegate',
        '/api/workflow/Engine/FlowDelegate',
        { toUserId: ours.buyer, flowIds: [T.flow], startTime: 1, endTime: 2 },
      ],
      [
        'PUT /api/workflow/Engine/FlowDelegate/{id}',
        `/api/workflow/Engine/FlowDelegate/${ours.delegation}`,
        { toUserId: T.buyer, startTime: 1, endTime: 2 },
      ],
      [
        'PUT /api/workflow/Engine/FlowDelegate/{id}',
        `/api/workflow/Engine/FlowDelegate/${ours.delegation}`,
        { toUserId: ours.buyer, flowIds: [T.flow], startTime: 1, endTime: 2 },
      ],
      [
        'GET /api/base/vendorNotice/queryMsgByNotice',
        `/api/base/vendorNotice/queryMsgByNotice?noticeId=${V.notice}`,
      ],
      [
        'POST /api/base/vendorNotice/save',
        '/api/base/vendorNotice/save',
        { title: 'x', supplierIds: [V.supplier] },
      ],
      [
        'POST /api/base/vendorNotice/save',
        '/api/base/vendorNotice/save',
        { title: 'x', supplierIds: [ourSupplier], fileIds: [T.vendorFile] },
      ],
      [
        'POST /api/base/vendorNotice/update',
        '/api/base/vendorNotice/update',
        { id: ourDraft, title: 'x', supplierIds: [ourSupplier], fileIds: [T.vendorFile] },
      ],
      [
        'POST /api/base/vendorNotice/reply/{id}',
        `/api/base/vendorNotice/reply/${V.notice}`,
        { send: false, fileIds: [T.vendorFile] },
      ],
    ];
    // Every endpoint with an id in its path has a case here, but a generated domain's
    // (`/api/generated/…`): its own generated test (test/api/gen-*.test.ts) gives each of its calls
    // another tenant's row and expects 404, so a generated patch needs no line in this file.
    const covered = new Set(cases.map(([key]) => key));
    const uncovered = routes
      .map((r) => `${r.method} ${r.path}`)
      .filter(
        (key) =>
          /\{(id|objectId|tenantId)\}/.test(key) &&
          !PUBLIC.has(key) &&
          !covered.has(key) &&
          !isPlatform(key) &&
          !key.includes(' /api/generated/'),
      );
    expect(uncovered).toEqual([]);
    // …and every id a body or a query names has a case that gives it one of theirs.
    const foreign = new Set([...Object.values(T), ...Object.values(V)]);
    const isForeign = (value: unknown) =>
      (Array.isArray(value) ? value : [value]).some((v) => foreign.has(String(v)));
    const given = new Set(
      cases.flatMap(([key, url, body]) => [
        ...Object.entries((body ?? {}) as Record<string, unknown>)
          .filter(([, value]) => isForeign(value))
          .map(([name]) => `${key} body ${name}`),
        ...[...new URL(url, 'http://x').searchParams]
          .filter(([, value]) => isForeign(value))
          .map(([name]) => `${key} query ${name}`),
      ]),
    );
    const ungiven = routes
      .filter((r) => !PUBLIC.has(`${r.method} ${r.path}`) && !isPlatform(`${r.method} ${r.path}`))
      .flatMap((r) => [
        ...Object.keys(r.props).map((name) => `${r.method} ${r.path} body ${name}`),
        ...r.query.map((name) => `${r.method} ${r.path} query ${name}`),
      ])
      .filter((entry) => {
        const name = entry.split(' ').at(-1) ?? '';
        return ID_NAME.test(name) && !NOT_A_ROW.has(name) && !given.has(entry);
      });
    expect(ungiven).toEqual([]);

    /**
     * The call with a missing id wherever it gives one of theirs (ids count per table, so one of
     * theirs may equal one of ours of another table: that one stays).
     */
    const mine = new Set<string>([...Object.values(ours), ourSupplier, ourDraft]);
    const theirsOnly = (v: string) => foreign.has(v) && !mine.has(v);
    const MISSING = '987654321';
    const withMissing = (url: string, body: unknown) => ({
      url: url
        .split(/([?&=])/)
        .map((part) => (theirsOnly(part) ? MISSING : part))
        .join(''),
      body: JSON.parse(
        JSON.stringify(body ?? null, (_, v) => (typeof v === 'string' && theirsOnly(v) ? MISSING : v)),
      ) as unknown,
    });
    /**
     * 404; or, for an id inside a body, 400 naming that field (as for an id that does not exist);
     * or, where a missing id is no error (a list's filter, the caller's own items to mark), the very
     * answer of a missing id: their ids are told from unknown ones neither way.
     */
    const answersNotFound = async (
      key: string,
      url: string,
      body: unknown,
      res: { code: number; data: unknown },
    ) => {
      if (res.code === 404) return true;
      const data = res.data as { fields?: Record<string, string> } | null;
      if (res.code === 400)
        return Object.keys(data?.fields ?? {}).some((f) =>
          isForeign((body as Record<string, unknown> | undefined)?.[f]),
        );
      if (!AS_MISSING.has(key)) return false;
      const missing = withMissing(url, body);
      const ref = await call(
        key.split(' ')[0] as Method,
        missing.url,
        callerOf(key),
        missing.body ?? undefined,
      );
      // A batch's answer names each id it was given.
      const answer = (v: unknown) => JSON.stringify(v, (k, x) => (k === 'id' ? undefined : x));
      return ref.body.code === res.code && answer(ref.body.data) === answer(res.data);
    };
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [key, url, body] of cases) {
      const res = await call(key.split(' ')[0] as Method, url, callerOf(key), body);
      if (!(await answersNotFound(key, url, body, res.body)))
        wrong.push(`${key} (${url}) → ${res.body.code} ${res.body.msg} ${JSON.stringify(res.body.data)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('every write answers bad input with 400 and a message per field, in the caller’s language', async () => {
    const wrongValue: Record<string, unknown> = {
      string: { not: 'a string' },
      integer: 'not a number',
      number: 'not a number',
      boolean: 'not a boolean',
      array: 'not a list',
      object: 'not an object',
    };
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (isPlatform(key)) continue;
      const url = fillPath(route.path);
      const typed = Object.entries(route.props).filter(([, type]) => type in wrongValue);
      if (typed.length > 0 && route.method !== 'GET') {
        const body = Object.fromEntries(typed.map(([name, type]) => [name, wrongValue[type]]));
        const res = await call(route.method, url, callerOf(key), body, en);
        const fields = Object.keys(res.body.data?.fields ?? {});
        const messages = Object.values(res.body.data?.fields ?? {});
        if (
          res.body.code !== 400 ||
          fields.length === 0 ||
          !fields.every((f) => (f.split('.')[0] ?? '') in route.props) ||
          messages.some((m) => !m || /[\u4e00-\u9fff]/.test(m))
        )
          wrong.push(`${key} body → ${res.body.code} ${JSON.stringify(res.body.data)}`);
      }
      if (route.path.includes('{id}') && !OPEN_TO_EVERY_USER.has(key)) {
        const body = route.method === 'GET' ? undefined : {};
        const res = await call(route.method, route.path.replace('{id}', 'not-an-id'), callerOf(key), body);
        if (res.body.code !== 400 || !res.body.data?.fields?.id) wrong.push(`${key} id → ${res.body.code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

/**
 * Two suppliers of one tenant: the `vendor` user's (A) and `vendor2`'s (华东钢材, B). Every call a
 * supplier's user can make that names an id is tried as A's administrator with B's ids: 404 and
 * nothing changed; and no list A reads shows B.
 */
describe('another supplier of the same tenant', () => {
  let B: {
    order: string;
    orderLine: string;
    asn: string;
    invoice: string;
    /** An open request for quotation of ours inviting B alone, and its line. */
    rfq: string;
    rfqLine: string;
    supplier: string;
    ent: string;
    user: string;
    notice: string;
    file: string;
    message: string;
    announcement: string;
  };
  /** The routes naming an id in their path that a supplier's user may call. */
  let probes: Route[];
  const MISSING = '987654321';
  const probePath = (path: string) => path.replace(/\{(id|objectId|flowId|taskId)\}/g, MISSING);

  beforeAll(async () => {
    await seedDemoSuppliers(t.db, ours.tenantId, DEMO_TENANT);
    const supplier = await supplierIdOf(t.db, ours.tenantId, '华东钢材有限公司');
    const row = await t.db
      .selectFrom('vendor_supplier')
      .select('ent_id')
      .where('id', '=', supplier)
      .executeTakeFirstOrThrow();
    const ent = String(row.ent_id);
    const user = await userIdOf(t.db, 'vendor2');
    // A notice delivered to B alone, and an upload of B's.
    const draft = await t.post<{ id: string }>(
      '/api/base/vendorNotice/save',
      { title: '只发华东钢材的通知', supplierIds: [supplier], replyRequired: true },
      admin,
    );
    expect(draft.body.code).toBe(0);
    expect((await t.get(`/api/base/vendorNotice/check/${draft.body.data.id}`, admin)).body.code).toBe(0);
    const file = await vendorFile(ours.tenantId, ent, user);
    // An internal message to B's user, and an announcement to B's enterprise alone.
    const { id: messageId } = await message(ours.tenantId, user);
    const announcement = await t.post<{ id: string }>(
      '/api/system/Notice',
      { noticeTitle: '只给华东钢材的公告', noticeBody: '<p>x</p>', audience: 'ents', entIds: [ent] },
      admin,
    );
    expect(announcement.body.code).toBe(0);
    const released = await t.put(
      `/api/system/Notice/${announcement.body.data.id}/Actions/Release`,
      {},
      admin,
    );
    expect(released.body.code).toBe(0);
    // An order released to B alone (no approval flow in this tenant: released on submit).
    const bOrder = await orderOf(admin, supplier);
    expect((await t.post(`${PO}/${bOrder.id}/Actions/Submit`, { version: 0 }, admin)).body.code).toBe(0);
    const bAsn = await asnRows(ours.tenantId, bOrder, supplier, user);
    B = {
      order: bOrder.id,
      orderLine: bOrder.line,
      asn: bAsn.asn,
      invoice: await invoiceRow(ours.tenantId, bOrder.id, supplier, user),
      ...(await rfqRows(ours.tenantId, supplier, await userIdOf(t.db, 'admin'))),
      supplier,
      ent,
      user,
      notice: draft.body.data.id,
      file,
      message: String(messageId),
      announcement: announcement.body.data.id,
    };
    // The id-naming calls a supplier's user may make at all (with a missing id: nothing is touched).
    probes = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (PUBLIC.has(key) || isPlatform(key) || !route.path.includes('{id}')) continue;
      const res = await call(route.method, probePath(fillPath(route.path)), vendor, {});
      if (res.body.code !== 403) probes.push(route);
    }
  });

  it("every call of a supplier's user given another supplier's ids answers 404 and changes nothing", async () => {
    const { notice: shared } = await vendorIds(ours.tenantId);
    const cases: [string, string, unknown?][] = [
      [
        'PUT /api/base/vendor/Supplier/Mine/Users/{id}/Actions/State',
        `/api/base/vendor/Supplier/Mine/Users/${B.user}/Actions/State`,
        { enabled: false },
      ],
      [
        'PUT /api/base/vendor/Supplier/Mine/Users/{id}/Actions/ResetPassword',
        `/api/base/vendor/Supplier/Mine/Users/${B.user}/Actions/ResetPassword`,
        { password: 'abc12345' },
      ],
      ['GET /api/procurement/Portal/PurchaseOrder/{id}', `/api/procurement/Portal/PurchaseOrder/${B.order}`],
      [
        'POST /api/procurement/Portal/PurchaseOrder/{id}/Actions/Answer',
        `/api/procurement/Portal/PurchaseOrder/${B.order}/Actions/Answer`,
        { version: 1, lines: [{ lineId: B.orderLine, answer: 'accept' }] },
      ],
      [
        'POST /api/procurement/Portal/Delivery',
        '/api/procurement/Portal/Delivery',
        asnBody(B.order, B.orderLine),
      ],
      ['GET /api/procurement/Portal/Delivery/{id}', `/api/procurement/Portal/Delivery/${B.asn}`],
      ['GET /api/procurement/Portal/Invoice/{id}', `/api/procurement/Portal/Invoice/${B.invoice}`],
      ['GET /api/procurement/Portal/Rfq/{id}', `/api/procurement/Portal/Rfq/${B.rfq}`],
      ['GET /api/procurement/Portal/Rfq/{id}/Bids', `/api/procurement/Portal/Rfq/${B.rfq}/Bids`],
      [
        'POST /api/procurement/Portal/Rfq/{id}/Bids',
        `/api/procurement/Portal/Rfq/${B.rfq}/Bids`,
        { lines: [{ rfqLineId: B.rfqLine, unitPrice: '1' }] },
      ],
      [
        'PUT /api/procurement/Portal/Rfq/{id}/Quote',
        `/api/procurement/Portal/Rfq/${B.rfq}/Quote`,
        quoteBody(B.rfqLine),
      ],
      [
        'POST /api/procurement/Portal/Rfq/{id}/Quote/Actions/Withdraw',
        `/api/procurement/Portal/Rfq/${B.rfq}/Quote/Actions/Withdraw`,
        { version: 0 },
      ],
      [
        'POST /api/procurement/Portal/Invoice',
        '/api/procurement/Portal/Invoice',
        invoiceBody(B.order, B.orderLine),
      ],
      [
        'PUT /api/procurement/Portal/Delivery/{id}',
        `/api/procurement/Portal/Delivery/${B.asn}`,
        { ...asnBody(B.order, B.orderLine), version: 0 },
      ],
      ['DELETE /api/procurement/Portal/Delivery/{id}', `/api/procurement/Portal/Delivery/${B.asn}?version=0`],
      [
        'GET /api/procurement/Portal/Delivery/{id}/Labels',
        `/api/procurement/Portal/Delivery/${B.asn}/Labels`,
      ],
      [
        'POST /api/procurement/Portal/Delivery/{id}/Actions/Send',
        `/api/procurement/Portal/Delivery/${B.asn}/Actions/Send`,
        { version: 0 },
      ],
      [
        'POST /api/procurement/Portal/Delivery/{id}/Actions/Withdraw',
        `/api/procurement/Portal/Delivery/${B.asn}/Actions/Withdraw`,
        { version: 0 },
      ],
      ['GET /api/base/vendorNotice/info/{id}', `/api/base/vendorNotice/info/${B.notice}`],
      ['GET /api/base/vendorNotice/updateIsRead/{id}', `/api/base/vendorNotice/updateIsRead/${B.notice}`],
      ['GET /api/base/vendorNotice/acknowledge/{id}', `/api/base/vendorNotice/acknowledge/${B.notice}`],
      ['POST /api/base/vendorNotice/reply/{id}', `/api/base/vendorNotice/reply/${B.notice}`, { send: false }],
      // B's upload inside a reply of A's to a notice both received.
      [
        'POST /api/base/vendorNotice/reply/{id}',
        `/api/base/vendorNotice/reply/${shared}`,
        { replyText: 'x', send: false, fileIds: [B.file] },
      ],
      ['GET /api/file/Download/{type}/{id}', `/api/file/Download/vendorFile/${B.file}`],
      ['GET /api/message/ReadInfo/{id}', `/api/message/ReadInfo/${B.message}`],
      ['PUT /api/message/Notice/Read/{id}', `/api/message/Notice/Read/${B.announcement}`],
      ['POST /api/permission/Users/ImUser/Selector/{id}', `/api/permission/Users/ImUser/Selector/${B.user}`],
    ];
    // Every id-naming route a supplier's user reaches has a case (the workflow's own are the
    // flow's parties', flow-targets.test.ts; a message or chat names the caller's own items).
    const covered = new Set(cases.map(([key]) => key));
    const uncovered = probes
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !covered.has(key) && !NOT_SUPPLIERS.has(key));
    expect(uncovered).toEqual([]);

    const before = await snapshot();
    const wrong: string[] = [];
    for (const [key, url, body] of cases) {
      const res = await call(key.split(' ')[0] as Method, url, vendor, body);
      if (res.body.code !== 404) wrong.push(`${key} (${url}) → ${res.body.code} ${res.body.msg}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("no list a supplier's user reads shows another supplier", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (route.method !== 'GET' || route.path.includes('{') || PUBLIC.has(key) || isPlatform(key)) continue;
      const res = await call('GET', route.path, vendor);
      if (res.body.code !== 0) continue;
      for (const mark of ['华东钢材', '只发华东钢材', 'vendor2', '13800000005'])
        if (res.raw.includes(mark)) wrong.push(`${route.path} shows ${mark}`);
    }
    expect(wrong).toEqual([]);
  });
});
