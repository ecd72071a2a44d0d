import { creditCodeCheckChar } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

/**
 * Ten identical creates at once, for every create operation of the OpenAPI document (walked from
 * /api/docs/json, so a new create is in the list the day it is written): where the operation has an
 * "already exists" rule, exactly one is created and the nine others answer the rule's own
 * translated 400 at its field — the unique index behind the rule decides, and its violation answers
 * as the check does (core/unique-violation.ts); where it has none, all ten are created. Never a 5xx.
 */

type Method = 'post';
interface Create {
  /** The caller (a token of beforeAll). */
  as: 'admin' | 'vendor';
  /** A valid body; called once per operation, so each operation's ten creates are identical. */
  body: () => unknown;
  /**
   * `unique`: one created, nine refused with the rule's own answer — a 400 at this field, or the
   * operation's documented 409 (`conflict`); `many`: all ten created; `upsert`: an import that
   * creates or updates by code — one row in the end, each answer a success or the rule's 400.
   */
  expect: { unique: string } | { conflict: true } | 'many' | 'upsert';
}

let t: TestApp;
const tokens = { admin: '', vendor: '' };
const ids: Record<string, string> = {};
let serial = 0;
/** A code no other operation of this file uses. */
const fresh = (prefix: string) => `${prefix}${++serial}x${Date.now().toString(36)}`;
const credit = (first17: string) => first17 + creditCodeCheckChar(first17);

/** A minimal flow: start → the department manager → end. */
const flowTree = {
  id: 'start',
  type: 'start',
  name: '发起人',
  next: {
    id: 'mgr',
    type: 'approver',
    name: '部门经理',
    assignee: { kind: 'deptManager' },
    signMode: 'or',
    next: { id: 'end', type: 'end', name: '结束' },
  },
};
const flowBody = () => ({
  enCode: fresh('flow.'),
  fullName: '并发流程',
  category: 'purchase',
  formName: 'PurchaseRequisition',
  flowTemplateJson: flowTree,
});

/** `POST path` → how to create through it. */
const CREATES: Record<string, Create> = {
  '/api/permission/Users': {
    as: 'admin',
    body: () => ({ realName: '并发', mobile: '13955550001', account: fresh('user'), password: 'abc12345' }),
    expect: { unique: 'account' },
  },
  '/api/sys/role/save': {
    as: 'admin',
    body: () => ({ roleName: '并发角色', enCode: fresh('role') }),
    expect: { unique: 'enCode' },
  },
  '/api/permission/Organize': {
    as: 'admin',
    body: () => ({ parentId: '0', deptName: '并发公司', enCode: fresh('co') }),
    expect: { unique: 'enCode' },
  },
  '/api/permission/Department': {
    as: 'admin',
    body: () => ({ parentId: ids.company, deptName: '并发部门', enCode: fresh('dept') }),
    expect: { unique: 'enCode' },
  },
  '/api/permission/Position': {
    as: 'admin',
    body: () => ({ deptId: ids.company, positionName: '并发岗位', enCode: fresh('pos') }),
    expect: { unique: 'enCode' },
  },
  '/api/system/Menu': {
    as: 'admin',
    body: () => ({ menuName: '并发菜单', menuPerms: fresh('menu.'), menuType: 1, menuUrl: '/x/y' }),
    expect: { unique: 'menuPerms' },
  },
  '/api/system/ModuleButton': {
    as: 'admin',
    body: () => ({ menuId: ids.menu, enCode: fresh('btn.'), fullName: '并发按钮' }),
    expect: { unique: 'enCode' },
  },
  '/api/system/ModuleColumn': {
    as: 'admin',
    body: () => ({ menuId: ids.menu, enCode: fresh('col.'), fullName: '并发列' }),
    expect: { unique: 'enCode' },
  },
  '/api/system/ModuleDataAuthorize': {
    as: 'admin',
    body: () => ({ menuId: ids.userPage, enCode: fresh('rule.'), fullName: '并发规则', ruleType: 'own' }),
    expect: { unique: 'enCode' },
  },
  '/api/system/DictionaryCategory': {
    as: 'admin',
    body: () => ({ enCode: fresh('cat'), fullName: '并发分类' }),
    expect: { unique: 'enCode' },
  },
  '/api/system/DictionaryType': {
    as: 'admin',
    body: () => ({ categoryId: ids.dictCategory, enCode: fresh('type'), fullName: '并发类型' }),
    expect: { unique: 'enCode' },
  },
  '/api/system/DictionaryType/Actions/Import': {
    as: 'admin',
    body: () => ({
      categoryId: ids.dictCategory,
      type: { enCode: fresh('imp'), fullName: '并发导入' },
      items: [{ enCode: 'a', fullName: '甲' }],
    }),
    expect: 'upsert',
  },
  '/api/system/DictionaryData': {
    as: 'admin',
    body: () => ({ typeId: ids.dictType, enCode: fresh('item'), fullName: '并发项' }),
    expect: { unique: 'enCode' },
  },
  '/api/system/Area': {
    as: 'admin',
    body: () => ({ name: '并发区', parentCode: '110100', code: String(110190 + serial++) }),
    // The area screen's own rule: a code taken is a 409 naming the code (area.test.ts).
    expect: { conflict: true },
  },
  '/api/system/BillRule': {
    as: 'admin',
    body: () => ({
      fullName: '并发单号',
      enCode: fresh('bill'),
      dateFormat: 'none',
      digits: 4,
      startNumber: 1,
      step: 1,
      resetCycle: 'never',
    }),
    expect: { unique: 'enCode' },
  },
  '/api/systemData/DataModel': {
    as: 'admin',
    body: () => ({
      code: fresh('dm'),
      names: { 'zh-CN': '并发模型' },
      fields: [{ code: 'v', names: { 'zh-CN': 'v' }, kind: 'integer' }],
    }),
    expect: { unique: 'code' },
  },
  '/api/onlineDev/WebDesign': {
    as: 'admin',
    body: () => ({
      names: { 'zh-CN': fresh('并发设计') },
      category: 'purchase',
      modelId: ids.designModel,
      draft: {
        form: { name: 'X', title: 'x', fields: [{ name: 'v', type: 'number', label: 'v' }] },
        list: { columns: [{ field: 'v' }], query: [], pageSize: 20, buttons: [] },
      },
    }),
    expect: { unique: 'names.zh-CN' },
  },
  '/api/onlineDev/DataSet': {
    as: 'admin',
    body: () => ({
      code: fresh('ds'),
      names: { 'zh-CN': '并发数据集' },
      definition: { kind: 'sql', sql: 'select id from srm_user', params: [] },
    }),
    expect: { unique: 'code' },
  },
  '/api/onlineDev/DataReport': {
    as: 'admin',
    body: () => ({
      code: fresh('rp'),
      names: { 'zh-CN': '并发报表' },
      definition: {
        datasetId: ids.reportDataset,
        table: {
          columns: [{ field: 'id', names: { 'zh-CN': 'id' }, format: 'text' }],
          groupBy: [],
          subtotals: false,
        },
        pivot: null,
        charts: [],
      },
    }),
    expect: { unique: 'code' },
  },
  '/api/onlineDev/Portal': {
    as: 'admin',
    body: () => ({
      code: fresh('pt'),
      names: { 'zh-CN': '并发门户' },
      definition: {
        widgets: [{ id: 't', type: 'todo', names: { 'zh-CN': '' }, x: 0, y: 0, w: 4, h: 4, rows: 5 }],
      },
    }),
    expect: { unique: 'code' },
  },
  '/api/onlineDev/DataScreen': {
    as: 'admin',
    body: () => ({
      code: fresh('scr'),
      names: { 'zh-CN': '并发大屏' },
      definition: {
        background: '#000000',
        widgets: [
          {
            id: 't',
            type: 'clock',
            names: { 'zh-CN': '' },
            x: 0,
            y: 0,
            w: 300,
            h: 80,
            format: 'time',
            fontSize: 24,
          },
        ],
      },
    }),
    expect: { unique: 'code' },
  },
  '/api/system/SsoProvider': {
    as: 'admin',
    body: () => ({ name: fresh('sso'), kind: 'cas', issuer: 'https://cas.example.com/cas' }),
    expect: { unique: 'name' },
  },
  '/api/systemData/DataSource': {
    as: 'admin',
    body: () => ({
      code: fresh('src'),
      name: '并发数据连接',
      kind: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      database: 'srm',
      username: 'reader',
    }),
    expect: { unique: 'code' },
  },
  '/api/systemData/DataSync': {
    as: 'admin',
    body: () => ({
      code: fresh('sync'),
      names: { 'zh-CN': '并发数据同步' },
      sourceKind: 'dataset',
      sourceId: ids.reportDataset,
      modelId: ids.designModel,
      mapping: [{ column: 'id', field: 'v' }],
      keyColumns: ['id'],
      mode: 'full',
    }),
    expect: { unique: 'code' },
  },
  '/api/systemData/Map': {
    as: 'admin',
    body: () => ({
      code: fresh('map'),
      names: { 'zh-CN': '并发地图' },
      nameProperty: 'name',
      geoJson: JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: 'A' },
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
    }),
    expect: { unique: 'code' },
  },
  '/api/systemData/DataInterface': {
    as: 'admin',
    body: () => ({
      code: fresh('di'),
      names: { 'zh-CN': '并发数据接口' },
      kind: 'static',
      staticJson: '{"a":1}',
    }),
    expect: { unique: 'code' },
  },
  '/api/system/Task': {
    as: 'admin',
    body: () => ({
      name: fresh('task'),
      jobCode: 'log.purge',
      params: { days: 30 },
      cron: '0 3 * * *',
      timeZone: 'Asia/Shanghai',
    }),
    expect: 'many',
  },
  '/api/system/Notice': {
    as: 'admin',
    body: () => ({
      noticeTitle: '并发公告',
      noticeBody: '<p>x</p>',
      audience: 'staff',
      noticeType: 'general',
    }),
    expect: 'many',
  },
  '/api/flow/FlowEngine/save': { as: 'admin', body: flowBody, expect: { unique: 'enCode' } },
  '/api/flow/FlowEngine/import': { as: 'admin', body: flowBody, expect: { unique: 'enCode' } },
  '/api/base/vendor/Supplier': {
    as: 'admin',
    body: () => ({
      supplierName: '并发供应商有限公司',
      creditCode: credit(`91110000MA1C${String(10_000 + serial++).slice(1)}X`),
      legalPerson: '李四',
      registeredCapital: 1000,
      foundDate: '2020-01-02',
      companyType: 'private',
      areaCode: '110101',
      contacts: [{ contactName: '李四', mobile: '13912340001', email: 'li@example.com' }],
      banks: [{ bankName: '工商银行', branch: '北京分行', accountNo: '6222000011112222' }],
      categories: ['raw.steel'],
      qualifications: [],
    }),
    expect: { unique: 'creditCode' },
  },
  '/api/base/vendor/Supplier/Mine/Users': {
    as: 'vendor',
    body: () => ({
      realName: '并发子账号',
      mobile: `1391111${String(1000 + serial++)}`,
      password: 'sub12345',
    }),
    expect: { unique: 'mobile' },
  },
  // Orders have no natural key: ten creates are ten drafts, each with its own number.
  '/api/procurement/PurchaseOrder': {
    as: 'admin',
    body: () => ({
      supplierId: ids.supplier,
      deliveryAddress: '并发仓',
      lines: [
        { materialName: '钢板', unit: '吨', quantity: '1', unitPrice: '10', deliveryDate: '2027-01-01' },
      ],
    }),
    expect: 'many',
  },
  // Requests for quotation, likewise: ten drafts, each with its own number.
  '/api/procurement/Rfq': {
    as: 'admin',
    body: () => ({
      title: '并发询价',
      deadline: Date.now() + 3_600_000,
      deliveryAddress: '并发仓',
      supplierIds: [ids.supplier],
      lines: [{ materialName: '钢板', unit: '吨', quantity: '1', deliveryDate: '2027-01-01' }],
    }),
    expect: 'many',
  },
  '/api/base/vendorNotice/save': {
    as: 'admin',
    body: () => ({
      title: '并发通知',
      noticeType: 'general',
      bodyHtml: '<p>x</p>',
      supplierIds: [ids.supplier],
    }),
    expect: 'many',
  },
  '/api/base/vendor/Invitation': {
    as: 'admin',
    body: () => ({ companyName: '并发邀请', contactName: '王五', mobile: '13912345678', days: 7 }),
    expect: 'many',
  },
};

/**
 * POSTs of the document that create nothing by themselves (sign-in, lists queried with a body,
 * actions on existing records, uploads), or that a test of their own races: each with the reason.
 */
const NOT_CREATES = new Set([
  // A request's actions move one request at its version (the second of two at once answers 409);
  // a quote is one per supplier and round, and two first saves at once give one quote and one 409
  // (rfq.test.ts); an upload stores the file it is given.
  'POST /api/procurement/Rfq/{id}/Actions/Publish',
  'POST /api/procurement/Rfq/{id}/Actions/Close',
  'POST /api/procurement/Rfq/{id}/Actions/NewRound',
  'POST /api/procurement/Rfq/{id}/Actions/Cancel',
  'POST /api/procurement/Rfq/{id}/Actions/Award',
  'POST /api/procurement/Portal/Rfq/{id}/Quote/Actions/Withdraw',
  'POST /api/procurement/Portal/Rfq/Upload',
  // Suspending and resuming a round move the request at its version; of two identical bids at
  // once the second is not below the first and answers 409 (bidding.test.ts).
  'POST /api/procurement/Rfq/{id}/Actions/SuspendBid',
  'POST /api/procurement/Rfq/{id}/Actions/ResumeBid',
  'POST /api/procurement/Portal/Rfq/{id}/Bids',
  // An order's actions move one order at its version: the second of two at once answers 409 (purchase-order.test.ts).
  'POST /api/procurement/PurchaseOrder/{id}/Actions/Submit',
  'POST /api/procurement/PurchaseOrder/{id}/Actions/Close',
  'POST /api/procurement/PurchaseOrder/{id}/Actions/Cancel',
  'POST /api/procurement/PurchaseOrder/{id}/Actions/Decide',
  'POST /api/procurement/Portal/PurchaseOrder/{id}/Actions/Answer',
  // A notice is made against an acknowledged order (a supplier's user, not set up here); its
  // actions and receipts move one notice at its version, and a notice has one receipt in force:
  // the second of two at once answers 409 (delivery.test.ts).
  'POST /api/procurement/Portal/Delivery',
  'POST /api/procurement/Portal/Delivery/{id}/Actions/Send',
  'POST /api/procurement/Portal/Delivery/{id}/Actions/Withdraw',
  'POST /api/procurement/Receipt',
  'POST /api/procurement/Receipt/{id}/Actions/Confirm',
  'POST /api/procurement/Receipt/{id}/Actions/Reverse',
  // An invoice needs received lines (a cycle this file does not run) and carries the supplier's own
  // number, unique per supplier: two at once give one invoice and one 409 (delivery.test.ts); a
  // decision moves one invoice at its version.
  'POST /api/procurement/Portal/Invoice',
  'POST /api/procurement/Invoice/{id}/Actions/Approve',
  'POST /api/procurement/Invoice/{id}/Actions/Reject',
  // A dataset's preview and run only read (dataset.test.ts).
  'POST /api/onlineDev/DataSet/Actions/Preview',
  'POST /api/onlineDev/DataSet/{id}/Actions/Run',
  // A report's preview and run only read; ten publishes of one code at once make one menu item (report.test.ts).
  // Testing a connection writes nothing (data-source.test.ts).
  'POST /api/systemData/DataSource/Actions/Test',
  // A dry run and a take-in proposal only read; two identical "run now" at once make one run
  // (data-sync.test.ts).
  'POST /api/systemData/DataSync/{id}/Actions/DryRun',
  'POST /api/systemData/DataSync/Actions/ProposeModel',
  'POST /api/systemData/DataSync/{id}/Actions/Execute',
  // Two identical code sends at once make one code, the other waits out the cool-down; a sign-in
  // or a reset spends its code once (sms-code.test.ts).
  'POST /api/oauth/SmsCode',
  'POST /api/oauth/Login/SmsCode',
  'POST /api/oauth/Password/Actions/Reset',
  // Testing a provider writes nothing; each start is a sign-in of its own (a state of its own);
  // two identical callbacks at once make one session, the state being taken once (sso.test.ts).
  'POST /api/system/SsoProvider/Actions/Test',
  'POST /api/oauth/Sso/Actions/Start',
  'POST /api/applets/app/sys/login/SsoLtcuthCallback',
  // A map's check reads the file and keeps nothing (map.test.ts).
  'POST /api/systemData/Map/Actions/Check',
  // The test console runs an interface and writes nothing (data-interface.test.ts).
  'POST /api/systemData/DataInterface/{id}/Actions/Test',
  'POST /api/onlineDev/DataReport/Actions/Preview',
  'POST /api/onlineDev/DataReport/{id}/Actions/Publish',
  'POST /api/onlineDev/ReportView/{menuId}/Actions/Run',
  // Ten publishes of a portal go through the same menu write as a report's.
  'POST /api/onlineDev/Portal/{id}/Actions/Publish',
  // A data screen's publish likewise; its view tokens are random and many by design, one spent
  // once (data-screen.test.ts).
  'POST /api/onlineDev/DataScreen/{id}/Actions/Publish',
  'POST /api/onlineDev/DataScreenView/{id}/Actions/ViewToken',
  'POST /api/onlineDev/DataScreenView/{id}/Actions/Open',
  // Ten publishes of one draft at once make one version (online-design.test.ts).
  'POST /api/onlineDev/WebDesign/{id}/Actions/Publish',
  // Ten identical item creates on one dictionary page make one item (dictionary-page.test.ts).
  'POST /api/systemData/DictionaryPage/{menuId}/Items',
  // Two identical rows at once on a model page: one row and a 400 at its unique field (model-page.test.ts).
  'POST /api/onlineDev/ModelPage/{menuId}/Rows',
  // A model page's list is queried with a body; a batch delete and an import act on rows (model-page.test.ts).
  'POST /api/onlineDev/ModelPage/{menuId}/List',
  'POST /api/onlineDev/ModelPage/{menuId}/Actions/BatchDelete',
  'POST /api/onlineDev/ModelPage/{menuId}/Actions/Import',
  // Three launches of one row's flow at once: one flow, the others 409 (model-page-flow.test.ts).
  'POST /api/onlineDev/ModelPage/{menuId}/Rows/{id}/Actions/LaunchFlow',
  'POST /api/sys/login',
  'POST /api/oauth/Login',
  'POST /api/sys/LockScreen',
  'POST /api/oauth/LockScreen',
  'POST /api/sys/logout',
  'POST /api/permission/Users/Current/Actions/ModifyPassword',
  'POST /api/permission/Users/ImUser/Selector/{id}',
  'POST /api/sys/postStaff/userList',
  // Multipart uploads; the rows they write are checked per row (user-excel.test.ts).
  'POST /api/permission/Users/Actions/Import',
  'POST /api/file/Uploader/{type}',
  'POST /api/workflow/Engine/FlowTask/Upload',
  'POST /api/base/vendorNotice/upload',
  'POST /api/base/vendor/register/upload',
  'POST /api/sys/user/update',
  'POST /api/sys/user/login/updatePwd',
  'POST /api/permission/Users/{id}/Actions/ResetPassword',
  'POST /api/permission/Users/Actions/Locks',
  'POST /api/sys/role/update',
  'POST /api/sys/role/delete',
  'POST /api/sys/role/addUsers',
  'POST /api/sys/role/removeUsers',
  'POST /api/permission/OnlineUser/Actions/ForceOffline',
  'POST /api/sys/dept/switchCompany',
  'POST /api/system/Log/client-error',
  'POST /api/sys/wxUser/callback',
  'POST /api/system/Language/Override/Actions/Reset',
  'POST /api/system/Task/{id}/Actions/Run',
  'POST /api/systemData/DataBackup',
  'POST /api/systemData/DataBackup/{name}/Actions/Restore',
  'POST /api/system/CacheManage/Actions/ClearAll',
  'POST /api/message/Actions/Read',
  'POST /api/message/Actions/ReadAll',
  'POST /api/base/mail/batchUpdateReadStatus',
  'POST /api/flow/FlowEngine/update',
  'POST /api/flow/FlowEngine/{id}/Actions/Copy',
  'POST /api/flow/FlowEngine/release/{id}',
  'POST /api/flow/FlowEngine/stop/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/List/{type}',
  // Actions on a to-do: 50 concurrent approvals give exactly one (flow-task tests).
  'POST /api/flow/FlowEngine/FlowBefore/Audit/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/Reject/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/Transfer/{id}',
  'POST /api/workflow/Engine/FlowBefore/Recall/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/breakOff/{id}',
  'POST /api/flow/FlowEngine/FlowBefore/BatchAudit',
  'POST /api/workflow/Engine/FlowBefore/Cancel/{id}',
  'POST /api/workflow/Engine/FlowBefore/Assign/{id}',
  // Launches need a released flow and a form; every launch is a new task by design.
  'POST /api/workflow/Engine/FlowTask',
  'POST /api/workflow/Form/{name}',
  'POST /api/workflow/Engine/FlowDelegate',
  'POST /api/base/vendorNotice/update',
  'POST /api/base/vendorNotice/delete',
  'POST /api/base/vendorNotice/reply/{id}',
  'POST /api/base/vendorNotice/remind/{id}',
  // Each goes through the released admission or change flow (vendor-register.test.ts).
  'POST /api/base/vendor/Change',
  'POST /api/base/vendor/CategoryApply',
  // Public, each submission with its own proof of work: one per solution (vendor-register.test.ts).
  'POST /api/base/vendor/register',
  'POST /api/base/vendor/register/status',
  'POST /api/base/vendor/register/resubmit',
]);

let posts: string[] = [];

beforeAll(async () => {
  // A data source is saved only for a host of the platform's allow-list.
  t = await createTestApp({ dataSourceHosts: ['127.0.0.1:3306'] });
  tokens.admin = await t.login('admin', 'admin123');
  tokens.vendor = await t.login('vendor', 'vendor123');
  const tenantId = await tenantIdOf(t.db, 'admin');
  const company = await t.db
    .selectFrom('sys_dept')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('dept_type', '=', 'company')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.company = String(company.id);
  const menu = await t.db
    .selectFrom('sys_menu')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('menu_type', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.menu = String(menu.id);
  const userPage = await t.db
    .selectFrom('sys_menu')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('menu_perms', '=', 'permission.user')
    .executeTakeFirstOrThrow();
  ids.userPage = String(userPage.id);
  const type = await t.db
    .selectFrom('sys_dict_type')
    .select(['id', 'category_id'])
    .where('tenant_id', '=', tenantId)
    .where('is_tree', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.dictType = String(type.id);
  ids.dictCategory = String(type.category_id);
  const supplier = await t.db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.supplier = String(supplier.id);
  const model = await t.post<{ id: string }>(
    '/api/systemData/DataModel',
    {
      code: 'design_base',
      names: { 'zh-CN': '设计底模' },
      fields: [{ code: 'v', names: { 'zh-CN': 'v' }, kind: 'integer' }],
    },
    tokens.admin,
  );
  ids.designModel = model.body.data.id;
  const dataset = await t.post<{ id: string }>(
    '/api/onlineDev/DataSet',
    {
      code: 'report_base',
      names: { 'zh-CN': '报表底数' },
      definition: { kind: 'sql', sql: 'select id from srm_user', params: [] },
    },
    tokens.admin,
  );
  ids.reportDataset = dataset.body.data.id;
  const doc = await t.get<never>('/api/docs/json');
  const spec = JSON.parse(doc.raw) as { paths: Record<string, Record<Method, unknown>> };
  // The platform operator's routes answer no tenant user; platform.test.ts covers them.
  posts = Object.entries(spec.paths).flatMap(([path, ops]) =>
    'post' in ops && !path.startsWith('/api/platform/') ? [path] : [],
  );
});

afterAll(async () => {
  await t?.close();
});

describe('ten identical creates at once', () => {
  it('covers every POST of the OpenAPI document: a create here, or named as no create', () => {
    expect(posts.length).toBeGreaterThan(50);
    const unclassified = posts.filter((p) => !CREATES[p] && !NOT_CREATES.has(`POST ${p}`));
    expect(unclassified).toEqual([]);
  });

  it('create once where a rule says "already exists", else ten times; never a 5xx', async () => {
    const failures: string[] = [];
    for (const [path, create] of Object.entries(CREATES)) {
      const body = create.body();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.post<{ fields?: Record<string, string> }>(path, body, tokens[create.as], {
            'accept-language': 'en-US',
          }),
        ),
      );
      const codes = answers.map((a) => (a.status >= 500 ? a.status : a.body.code));
      const created = codes.filter((c) => c === 0).length;
      const refusals = answers.filter((a) => a.body.code !== 0);
      const report = () =>
        failures.push(`${path}: ${codes.join(',')} ${refusals[0]?.raw.slice(0, 300) ?? ''}`);
      if (create.expect === 'many') {
        if (created !== 10) report();
        continue;
      }
      if (create.expect === 'upsert') {
        if (created === 0 || refusals.some((a) => a.body.code !== 400)) report();
        continue;
      }
      const expected = create.expect;
      const isRule = (a: (typeof answers)[number]) =>
        'conflict' in expected
          ? a.body.code === 409
          : a.body.code === 400 && !!a.body.data?.fields?.[expected.unique];
      if (created !== 1 || refusals.length !== 9 || !refusals.every(isRule)) report();
      // The refusal is the check's own message, the same for all nine.
      else if (new Set(refusals.map((a) => a.raw)).size !== 1) failures.push(`${path}: answers differ`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
