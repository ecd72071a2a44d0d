import {
  DATA_SCREEN_WIDTH,
  type DataScreenDefinition,
  dataScreenDefinitionSchema,
  datasetDefinitionSchema,
  MAP_CHINA_PROVINCES,
  MenuType,
  menuBodySchema,
  reportDefinitionSchema,
  VENDOR_CODES,
} from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { createMenu } from '../system/menu-write-service';
import { registerOnlineDevHooks } from './hooks';
import { adminContext, grantPage } from './seed';

/**
 * The demo's procurement data screen (issue 39 §6): three datasets over the product's own tables
 * (suppliers by state and by province, flow tasks by month, the latest tasks), a dark 1920×1080
 * screen of a title, a clock, two numbers, a pie, a bar chart, the provinces of China coloured by
 * suppliers (the product's map) and a table over them, and its type-6 menu item in the
 * supplier group for the administrators and the buyers. The datasets and the screen are checked by
 * the same schemas their designers' saves are; the menu item is made through the menu service.
 */

const names = (zh: string, en: string, tw: string) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });

const DATASETS = {
  suppliers: {
    code: 'screen_supplier_states',
    names: names('供应商状态分布', 'Suppliers by state', '供應商狀態分布'),
    sql: 'select s.state, count(*) as suppliers from srm_supplier s group by s.state order by s.state',
  },
  tasksByMonth: {
    code: 'screen_tasks_by_month',
    names: names('每月流程任务', 'Flow tasks by month', '每月流程任務'),
    sql: "select to_char(t.created_at, 'YYYY-MM') as month, count(*) as tasks from srm_flow_task t group by 1 order by 1",
  },
  provinces: {
    code: 'screen_supplier_provinces',
    names: names('各省供应商', 'Suppliers by province', '各省供應商'),
    // The province of an area code is its first two digits (the areas data: 310101 → 310000).
    sql: "select left(s.area_code, 2) || '0000' as province, count(*) as suppliers from srm_supplier s where s.area_code <> '' group by 1 order by 1",
  },
  latestTasks: {
    code: 'screen_latest_tasks',
    names: names('最新流程任务', 'Latest flow tasks', '最新流程任務'),
    sql: 'select t.title, t.status, t.created_at from srm_flow_task t order by t.created_at desc limit 20',
  },
} as const;
type DatasetKey = keyof typeof DATASETS;

const place = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });

function screenOf(ids: Record<DatasetKey, string>): DataScreenDefinition {
  const over = (key: DatasetKey) => ({ datasetId: ids[key], params: {} });
  return dataScreenDefinitionSchema.parse({
    theme: 'dark',
    background: '#06122b',
    refreshSeconds: 60,
    widgets: [
      {
        id: 'title',
        type: 'title',
        names: { 'zh-CN': '' },
        ...place(0, 20, DATA_SCREEN_WIDTH, 90),
        text: names('采购运营大屏', 'Procurement operations', '採購營運大螢幕'),
        fontSize: 52,
        align: 'center',
      },
      {
        id: 'clock',
        type: 'clock',
        names: { 'zh-CN': '' },
        ...place(1560, 40, 320, 60),
        format: 'datetime',
        fontSize: 26,
      },
      {
        id: 'suppliers',
        type: 'number',
        names: names('供应商总数', 'Suppliers', '供應商總數'),
        ...place(40, 140, 420, 200),
        ...over('suppliers'),
        field: 'suppliers',
        aggregate: 'sum',
        format: 'number',
      },
      {
        id: 'tasks',
        type: 'number',
        names: names('流程任务总数', 'Flow tasks', '流程任務總數'),
        ...place(40, 370, 420, 200),
        ...over('tasksByMonth'),
        field: 'tasks',
        aggregate: 'sum',
        format: 'number',
      },
      {
        id: 'states',
        type: 'chart',
        names: names('供应商状态', 'Suppliers by state', '供應商狀態'),
        ...place(40, 600, 420, 440),
        ...over('suppliers'),
        chart: { type: 'pie', x: 'state', y: ['suppliers'] },
      },
      {
        id: 'months',
        type: 'chart',
        names: names('每月流程任务', 'Flow tasks by month', '每月流程任務'),
        ...place(500, 140, 860, 430),
        ...over('tasksByMonth'),
        chart: { type: 'bar', x: 'month', y: ['tasks'] },
      },
      {
        id: 'provinces',
        type: 'chart',
        names: names('供应商地区分布', 'Suppliers by province', '供應商地區分布'),
        ...place(1400, 140, 480, 900),
        ...over('provinces'),
        chart: { type: 'map', x: 'province', y: ['suppliers'], mapId: MAP_CHINA_PROVINCES },
      },
      {
        id: 'latest',
        type: 'table',
        names: names('最新流程任务', 'Latest flow tasks', '最新流程任務'),
        ...place(500, 600, 860, 440),
        ...over('latestTasks'),
        columns: [
          { field: 'title', names: names('标题', 'Title', '標題'), format: 'text' },
          { field: 'status', names: names('状态', 'Status', '狀態'), format: 'number' },
          { field: 'created_at', names: names('发起时间', 'Started', '發起時間'), format: 'date' },
        ],
        rows: 8,
      },
    ],
  });
}

/**
 * Adds the procurement screen to one tenant unless it has a screen of its code: `admin` makes it.
 * Outside a transaction (the menu item is its own). Whether it added it.
 */
export async function seedDataScreenDemo(db: Kysely<Database>, tenantId: string, admin: string) {
  const taken = await db
    .selectFrom('dm_data_screen')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', 'procurement')
    .executeTakeFirst();
  const group = await db
    .selectFrom('sys_menu')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('menu_perms', '=', VENDOR_CODES.base)
    .executeTakeFirst();
  if (taken || !group) return false;
  // A type-6 item names a screen of the tenant: known once the domain's hooks are (see seed.ts).
  registerOnlineDevHooks();
  const ids = {} as Record<DatasetKey, string>;
  for (const [key, d] of Object.entries(DATASETS) as [DatasetKey, (typeof DATASETS)[DatasetKey]][]) {
    const existing = await db
      .selectFrom('dm_dataset')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('code', '=', d.code)
      .executeTakeFirst();
    const row =
      existing ??
      (await db
        .insertInto('dm_dataset')
        .values({
          tenant_id: tenantId,
          code: d.code,
          full_name: d.names['zh-CN'],
          full_name_en: d.names['en-US'],
          full_name_tw: d.names['zh-TW'],
          kind: 'sql',
          definition: JSON.stringify(datasetDefinitionSchema.parse({ kind: 'sql', sql: d.sql, params: [] })),
          created_by: admin,
          updated_by: admin,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    ids[key] = String(row.id);
  }
  const screen = await db
    .insertInto('dm_data_screen')
    .values({
      tenant_id: tenantId,
      code: 'procurement',
      full_name: '采购运营大屏',
      full_name_en: 'Procurement operations',
      full_name_tw: '採購營運大螢幕',
      definition: JSON.stringify(screenOf(ids)),
      created_by: admin,
      updated_by: admin,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menu = await createMenu(
    adminContext(db, tenantId, admin),
    menuBodySchema.parse({
      parentId: String(group.id),
      menuName: '采购运营大屏',
      menuNameEn: 'Procurement Screen',
      menuNameTw: '採購營運大螢幕',
      menuPerms: 'base.procurementScreen',
      menuIcon: 'DashboardOutlined',
      menuType: MenuType.visualisation,
      propertyJson: JSON.stringify({ moduleId: String(screen.id) }),
      orderNum: 90,
      category: 'web',
    }),
  );
  await grantPage(db, tenantId, menu.id, ['admin', 'buyer']);
  await seedSupplierRegions(db, tenantId, admin, ids.provinces, String(group.id));
  return true;
}

/** The report of suppliers by province: a map of the provinces, a bar chart and the table. */
const REGIONS_REPORT = reportDefinitionSchema.parse({
  datasetId: '0',
  table: {
    columns: [
      { field: 'province', names: names('省份编码', 'Province code', '省份編碼'), format: 'text' },
      { field: 'suppliers', names: names('供应商数', 'Suppliers', '供應商數'), format: 'number' },
    ],
    groupBy: [],
    subtotals: true,
  },
  pivot: null,
  charts: [
    {
      type: 'map',
      names: names('供应商地区分布', 'Suppliers by province', '供應商地區分布'),
      x: 'province',
      y: ['suppliers'],
      mapId: MAP_CHINA_PROVINCES,
    },
  ],
});

/**
 * The demo's report of suppliers by province over the screen's dataset, its type-5 menu item beside
 * the screen's for the administrators and the buyers (issue 39 §5: the provinces as a choropleth).
 */
async function seedSupplierRegions(
  db: Kysely<Database>,
  tenantId: string,
  admin: string,
  datasetId: string,
  groupId: string,
) {
  const { datasetId: _none, ...layout } = REGIONS_REPORT;
  const report = await db
    .insertInto('dm_report')
    .values({
      tenant_id: tenantId,
      code: 'supplier_regions',
      full_name: '供应商地区分布',
      full_name_en: 'Suppliers by province',
      full_name_tw: '供應商地區分布',
      dataset_id: datasetId,
      definition: JSON.stringify(layout),
      created_by: admin,
      updated_by: admin,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menu = await createMenu(
    adminContext(db, tenantId, admin),
    menuBodySchema.parse({
      parentId: groupId,
      menuName: '供应商地区分布',
      menuNameEn: 'Suppliers by Province',
      menuNameTw: '供應商地區分布',
      menuPerms: 'base.supplierRegions',
      menuIcon: 'GlobalOutlined',
      menuType: MenuType.dynamicReport,
      propertyJson: JSON.stringify({ moduleId: String(report.id) }),
      orderNum: 91,
      category: 'web',
    }),
  );
  await grantPage(db, tenantId, menu.id, ['admin', 'buyer']);
}
