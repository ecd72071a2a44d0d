import {
  DataInterfacePerm,
  DataScreenPerm,
  DataSourcePerm,
  DataSyncPerm,
  DatasetPerm,
  DataModelPerm as DM,
  DesignPerm as DP,
  DeliveryPerm as GR,
  InvoicePerm as INV,
  INVOICE_PATH,
  MapPerm,
  PurchaseOrderPerm as PO,
  PortalPerm,
  PURCHASE_ORDER_PATH,
  RECEIPT_PATH,
  ReportPerm,
  RfqPerm as RFQ,
  RFQ_PATH,
  SsoPerm,
  VENDOR_CODES as V,
  VENDOR_ADMISSION_CODES as VA,
  VENDOR_DELIVERIES_PATH,
  VENDOR_INBOX_PATH,
  VENDOR_INVOICES_PATH,
  VENDOR_ORDERS_PATH,
  VENDOR_RFQS_PATH,
  VendorPortalPerm as VP,
} from '@srm/contracts';
import type { Transaction } from 'kysely';
import type { Database, GrantItemType } from './types';

/**
 * The demo tenant's menu: only screens that exist (docs/rules.md#menus). Home is a fixed client route.
 * A page's code is its menu enCode; its buttons, columns and data rules are `page.code`.
 */
export interface MenuSeed {
  code: string;
  name: string;
  en: string;
  tw: string;
  icon: string;
  /** docs/rules.md#menus: 0 directory, 1 page, 7 link … */
  type: number;
  url?: string;
  target?: string;
  order: number;
  buttons?: [code: string, name: string][];
  columns?: [code: string, name: string][];
  /** `field` is the column of the page's main table the rule compares with the user. */
  dataRules?: { code: string; name: string; field: string; ruleType: string }[];
  children?: MenuSeed[];
}

const crud = (page: string): [string, string][] => [
  [`${page}.add`, '新建'],
  [`${page}.edit`, '编辑'],
  [`${page}.delete`, '删除'],
];

/** The pages of the purchasing side's supplier group (`base`): a new supplier page is one more entry. */
const SUPPLIER_PAGES: MenuSeed[] = [
  {
    code: V.supplier,
    name: '供应商档案',
    en: 'Supplier Records',
    tw: '供應商檔案',
    icon: 'ShopOutlined',
    type: 1,
    url: '/base/vendor/supplier',
    order: 1,
    buttons: [
      [V.supplierAdd, '新建'],
      [V.supplierEdit, '编辑'],
      [V.supplierState, '冻结/淘汰/黑名单'],
      [V.supplierExport, '导出'],
    ],
  },
  {
    code: V.notice,
    name: '供应商通知',
    en: 'Vendor Notices',
    tw: '供應商通知',
    icon: 'NotificationOutlined',
    type: 1,
    url: '/base/vendorNotice',
    order: 2,
    buttons: [
      [V.noticeAdd, '新建'],
      [V.noticeEdit, '编辑'],
      [V.noticeDelete, '删除'],
      [V.noticeCheck, '发布/撤回'],
      [V.noticeExport, '导出'],
    ],
  },
  {
    code: VA.page,
    name: '供应商邀请与准入',
    en: 'Onboarding',
    tw: '供應商邀請與准入',
    icon: 'SolutionOutlined',
    type: 1,
    url: '/base/vendor/invitation',
    order: 3,
    buttons: [[VA.invite, '邀请']],
  },
];

/** The supplier's own menu: the nav shows its users only this directory (and staff never). */
const VENDOR_PORTAL_PAGES: MenuSeed[] = [
  {
    code: VP.inbox,
    name: '通知收件箱',
    en: 'Notice Inbox',
    tw: '通知收件箱',
    icon: 'MailOutlined',
    type: 1,
    url: VENDOR_INBOX_PATH,
    order: 1,
  },
  {
    code: VP.company,
    name: '企业资料',
    en: 'Company Profile',
    tw: '企業資料',
    icon: 'ProfileOutlined',
    type: 1,
    url: '/vendorPortal/company',
    order: 2,
  },
  {
    code: VP.users,
    name: '账号管理',
    en: 'Accounts',
    tw: '帳號管理',
    icon: 'TeamOutlined',
    type: 1,
    url: '/vendorPortal/users',
    order: 3,
  },
  // The flows opened to suppliers, on the staff's launch page (the server lists him only those).
  {
    code: VP.flowLaunch,
    name: '发起流程',
    en: 'Launch',
    tw: '發起流程',
    icon: 'SendOutlined',
    type: 1,
    url: '/vendorPortal/flowLaunch',
    order: 4,
  },
  {
    code: VP.rfqs,
    name: '询价与报价',
    en: 'Quotations',
    tw: '詢價與報價',
    icon: 'AuditOutlined',
    type: 1,
    url: VENDOR_RFQS_PATH,
    order: 4,
  },
  {
    code: VP.orders,
    name: '采购订单',
    en: 'Purchase Orders',
    tw: '採購訂單',
    icon: 'FileDoneOutlined',
    type: 1,
    url: VENDOR_ORDERS_PATH,
    order: 5,
  },
  {
    code: VP.deliveries,
    name: '送货单',
    en: 'Ship Notices',
    tw: '送貨單',
    icon: 'CarOutlined',
    type: 1,
    url: VENDOR_DELIVERIES_PATH,
    order: 6,
  },
  {
    code: VP.invoices,
    name: '发票',
    en: 'Invoices',
    tw: '發票',
    icon: 'AccountBookOutlined',
    type: 1,
    url: VENDOR_INVOICES_PATH,
    order: 7,
  },
];

/** The order cycle with suppliers (procurement/; migration 0090 adds it to tenants seeded before). */
const PROCUREMENT_GROUP: MenuSeed = {
  code: PO.group,
  name: '采购协同',
  en: 'Procurement',
  tw: '採購協同',
  icon: 'ShoppingCartOutlined',
  type: 0,
  order: 12,
  children: [
    {
      code: RFQ.rfq,
      name: '询价单',
      en: 'Requests for Quotation',
      tw: '詢價單',
      icon: 'AuditOutlined',
      type: 1,
      url: RFQ_PATH,
      order: 0,
      buttons: [
        [RFQ.rfqAdd, '新建'],
        [RFQ.rfqEdit, '编辑'],
        [RFQ.rfqDelete, '删除'],
        [RFQ.rfqPublish, '发布/截止/取消'],
        [RFQ.rfqAward, '定标'],
      ],
    },
    {
      code: PO.order,
      name: '采购订单',
      en: 'Purchase Orders',
      tw: '採購訂單',
      icon: 'FileDoneOutlined',
      type: 1,
      url: PURCHASE_ORDER_PATH,
      order: 1,
      buttons: [
        [PO.orderAdd, '新建'],
        [PO.orderEdit, '编辑'],
        [PO.orderDelete, '删除'],
        [PO.orderRelease, '提交/发布'],
        [PO.orderClose, '关闭/取消'],
      ],
    },
    {
      code: GR.receipt,
      name: '送货与收货',
      en: 'Deliveries & Receipts',
      tw: '送貨與收貨',
      icon: 'InboxOutlined',
      type: 1,
      url: RECEIPT_PATH,
      order: 2,
      buttons: [
        [GR.receiptAdd, '收货'],
        [GR.receiptReverse, '冲销'],
      ],
    },
    {
      code: INV.invoice,
      name: '发票',
      en: 'Invoices',
      tw: '發票',
      icon: 'AccountBookOutlined',
      type: 1,
      url: INVOICE_PATH,
      order: 3,
      buttons: [[INV.invoiceDecide, '审核']],
    },
  ],
};

export const DEMO_MENU: MenuSeed[] = [
  {
    code: VP.portal,
    name: '供应商门户',
    en: 'Supplier Portal',
    tw: '供應商入口網站',
    icon: 'ShopOutlined',
    type: 0,
    order: 5,
    children: VENDOR_PORTAL_PAGES,
  },
  {
    code: V.base,
    name: '供应商管理',
    en: 'Suppliers',
    tw: '供應商管理',
    icon: 'ShopOutlined',
    type: 0,
    order: 10,
    children: SUPPLIER_PAGES,
  },
  PROCUREMENT_GROUP,
  {
    code: 'permission',
    name: '权限管理',
    en: 'Permissions',
    tw: '權限管理',
    icon: 'SafetyCertificateOutlined',
    type: 0,
    order: 80,
    children: [
      {
        code: 'permission.organize',
        name: '组织管理',
        en: 'Organisations',
        tw: '組織管理',
        icon: 'ApartmentOutlined',
        type: 1,
        url: '/permission/organize',
        order: 1,
        buttons: crud('permission.organize'),
      },
      {
        code: 'permission.department',
        name: '部门管理',
        en: 'Departments',
        tw: '部門管理',
        icon: 'ClusterOutlined',
        type: 1,
        url: '/permission/department',
        order: 2,
        buttons: crud('permission.department'),
      },
      {
        code: 'permission.position',
        name: '岗位管理',
        en: 'Positions',
        tw: '崗位管理',
        icon: 'IdcardOutlined',
        type: 1,
        url: '/permission/position',
        order: 3,
        buttons: crud('permission.position'),
      },
      {
        code: 'permission.user',
        name: '用户管理',
        en: 'Users',
        tw: '使用者管理',
        icon: 'UserOutlined',
        type: 1,
        url: '/permission/user',
        order: 4,
        buttons: [
          ...crud('permission.user'),
          ['permission.user.resetPassword', '重置密码'],
          ['permission.user.unlock', '解除锁定'],
          ['permission.user.state', '启用/禁用'],
          ['permission.user.import', '导入'],
          ['permission.user.export', '导出'],
        ],
        columns: [
          ['permission.user.mobile', '手机'],
          ['permission.user.email', '邮箱'],
        ],
        dataRules: [
          { code: 'permission.user.data.own', name: '本人创建的', field: 'created_by', ruleType: 'own' },
          { code: 'permission.user.data.dept', name: '本部门', field: 'dept_id', ruleType: 'dept' },
          {
            code: 'permission.user.data.deptAndBelow',
            name: '本部门及下级',
            field: 'dept_id',
            ruleType: 'deptAndBelow',
          },
          { code: 'permission.user.data.company', name: '本公司', field: 'dept_id', ruleType: 'company' },
          { code: 'permission.user.data.all', name: '全部', field: 'dept_id', ruleType: 'all' },
        ],
      },
      {
        code: 'permission.role',
        name: '角色管理',
        en: 'Roles',
        tw: '角色管理',
        icon: 'TeamOutlined',
        type: 1,
        url: '/permission/role',
        order: 5,
        buttons: crud('permission.role'),
      },
      {
        code: 'permission.authorize',
        name: '权限授权',
        en: 'Authorisation',
        tw: '權限授權',
        icon: 'KeyOutlined',
        type: 1,
        url: '/permission/authorize',
        order: 6,
        buttons: [['permission.authorize.save', '保存授权']],
      },
      {
        code: 'permission.userOnline',
        name: '在线用户',
        en: 'Online Users',
        tw: '線上使用者',
        icon: 'MonitorOutlined',
        type: 1,
        url: '/permission/userOnline',
        order: 7,
        buttons: [['permission.userOnline.forceOffline', '强制下线']],
      },
    ],
  },
  {
    code: 'workFlow',
    name: '工作流程',
    en: 'Workflow',
    tw: '工作流程',
    icon: 'PartitionOutlined',
    type: 0,
    order: 85,
    children: [
      {
        code: 'workFlow.flowEngine',
        name: '流程设计',
        en: 'Flow Designer',
        tw: '流程設計',
        icon: 'DeploymentUnitOutlined',
        type: 1,
        url: '/workFlow/flowEngine',
        order: 1,
        buttons: [
          ...crud('workFlow.flowEngine'),
          ['workFlow.flowEngine.release', '发布'],
          ['workFlow.flowEngine.stop', '停用'],
          ['workFlow.flowEngine.export', '导出'],
          ['workFlow.flowEngine.import', '导入'],
        ],
      },
      {
        code: 'workFlow.flowLaunch',
        name: '发起流程',
        en: 'Launch',
        tw: '發起流程',
        icon: 'SendOutlined',
        type: 1,
        url: '/workFlow/flowLaunch',
        order: 2,
      },
      {
        code: 'workFlow.flowTodo',
        name: '待办事宜',
        en: 'To-do',
        tw: '待辦事宜',
        icon: 'AuditOutlined',
        type: 1,
        url: '/workFlow/flowTodo',
        order: 3,
      },
      {
        code: 'workFlow.flowDone',
        name: '已办事宜',
        en: 'Done',
        tw: '已辦事宜',
        icon: 'FileDoneOutlined',
        type: 1,
        url: '/workFlow/flowDone',
        order: 4,
      },
      {
        code: 'workFlow.flowCirculate',
        name: '抄送事宜',
        en: 'Copied to Me',
        tw: '抄送事宜',
        icon: 'SolutionOutlined',
        type: 1,
        url: '/workFlow/flowCirculate',
        order: 5,
      },
      {
        code: 'workFlow.entrust',
        name: '流程委托',
        en: 'Delegation',
        tw: '流程委託',
        icon: 'SolutionOutlined',
        type: 1,
        url: '/workFlow/entrust',
        order: 6,
      },
      {
        code: 'workFlow.flowMonitor',
        name: '流程监控',
        en: 'Flow Monitor',
        tw: '流程監控',
        icon: 'FundOutlined',
        type: 1,
        url: '/workFlow/flowMonitor',
        order: 7,
      },
    ],
  },
  {
    code: DP.onlineDev,
    name: '在线开发',
    en: 'Online Development',
    tw: '線上開發',
    icon: 'BuildOutlined',
    type: 0,
    order: 88,
    children: [
      {
        code: DP.webDesign,
        name: '表单设计',
        en: 'Form Designer',
        tw: '表單設計',
        icon: 'FormOutlined',
        type: 1,
        url: '/onlineDev/webDesign',
        order: 1,
        buttons: [
          [DP.webDesignAdd, '新建'],
          [DP.webDesignEdit, '编辑'],
          [DP.webDesignDelete, '删除'],
          [DP.webDesignPublish, '发布'],
        ],
      },
      {
        code: DatasetPerm.dataset,
        name: '数据集',
        en: 'Datasets',
        tw: '資料集',
        icon: 'DatabaseOutlined',
        type: 1,
        url: '/onlineDev/dataSet',
        order: 2,
        buttons: [
          [DatasetPerm.datasetAdd, '新建'],
          [DatasetPerm.datasetEdit, '编辑'],
          [DatasetPerm.datasetDelete, '删除'],
        ],
      },
      {
        code: ReportPerm.report,
        name: '报表设计',
        en: 'Data Reports',
        tw: '報表設計',
        icon: 'BarChartOutlined',
        type: 1,
        url: '/onlineDev/dataReport',
        order: 3,
        buttons: [
          [ReportPerm.reportAdd, '新建'],
          [ReportPerm.reportEdit, '编辑'],
          [ReportPerm.reportDelete, '删除'],
        ],
      },
      {
        code: PortalPerm.portal,
        name: '门户设计',
        en: 'Portals',
        tw: '入口網站設計',
        icon: 'AppstoreOutlined',
        type: 1,
        url: '/onlineDev/visualPortal',
        order: 4,
        buttons: [
          [PortalPerm.portalAdd, '新建'],
          [PortalPerm.portalEdit, '编辑'],
          [PortalPerm.portalDelete, '删除'],
        ],
      },
      {
        code: DataScreenPerm.screen,
        name: '大屏设计',
        en: 'Data Screens',
        tw: '大螢幕設計',
        icon: 'DashboardOutlined',
        type: 1,
        url: '/onlineDev/dataScreen',
        order: 5,
        buttons: [
          [DataScreenPerm.screenAdd, '新建'],
          [DataScreenPerm.screenEdit, '编辑'],
          [DataScreenPerm.screenDelete, '删除'],
        ],
      },
    ],
  },
  {
    code: 'system',
    name: '系统管理',
    en: 'System',
    tw: '系統管理',
    icon: 'SettingOutlined',
    type: 0,
    order: 90,
    children: [
      {
        code: 'system.log',
        name: '系统日志',
        en: 'System Log',
        tw: '系統日誌',
        icon: 'FileTextOutlined',
        type: 1,
        url: '/system/log',
        order: 1,
        buttons: [['system.log.export', '导出']],
        columns: [['system.log.ipAddress', 'IP地址']],
      },
      {
        code: 'system.menu',
        name: '菜单管理',
        en: 'Menus',
        tw: '選單管理',
        icon: 'MenuOutlined',
        type: 1,
        url: '/system/menu',
        order: 2,
        buttons: crud('system.menu'),
      },
      {
        code: 'system.notice',
        name: '系统公告',
        en: 'Announcements',
        tw: '系統公告',
        icon: 'NotificationOutlined',
        type: 1,
        url: '/system/notice',
        order: 3,
        buttons: [...crud('system.notice'), ['system.notice.release', '发布/撤回']],
      },
      {
        code: 'system.language',
        name: '翻译管理',
        en: 'Language',
        tw: '翻譯管理',
        icon: 'GlobalOutlined',
        type: 1,
        url: '/system/language',
        order: 26,
        buttons: [['system.language.edit', '编辑']],
      },
      {
        code: 'system.area',
        name: '行政区划',
        en: 'Areas',
        tw: '行政區劃',
        icon: 'EnvironmentOutlined',
        type: 1,
        url: '/system/area',
        order: 27,
        buttons: [
          ['system.area.add', '新建'],
          ['system.area.edit', '编辑'],
        ],
      },
      {
        code: 'system.sysConfig',
        name: '系统配置',
        en: 'System Settings',
        tw: '系統參數',
        icon: 'ControlOutlined',
        type: 1,
        url: '/system/sysConfig',
        order: 20,
        buttons: [['system.sysConfig.edit', '编辑']],
      },
      {
        code: SsoPerm.sso,
        name: '单点登录',
        en: 'Single Sign-On',
        tw: '單一登入',
        icon: 'SafetyCertificateOutlined',
        type: 1,
        url: '/system/sso',
        order: 24,
        buttons: crud(SsoPerm.sso),
      },
      {
        code: 'system.billRule',
        name: '单据规则',
        en: 'Document Numbers',
        tw: '單據規則',
        icon: 'BarcodeOutlined',
        type: 1,
        url: '/system/billRule',
        order: 21,
        buttons: crud('system.billRule'),
      },
      {
        code: 'system.task',
        name: '定时任务',
        en: 'Scheduled Tasks',
        tw: '定時任務',
        icon: 'ClockCircleOutlined',
        type: 1,
        url: '/system/task',
        order: 22,
        buttons: [...crud('system.task'), ['system.task.run', '立即执行/暂停/恢复']],
      },
      {
        code: 'system.cache',
        name: '缓存管理',
        en: 'Cache',
        tw: '快取管理',
        icon: 'DatabaseOutlined',
        type: 1,
        url: '/system/cache',
        order: 23,
        buttons: [['system.cache.clear', '清除']],
      },
      {
        code: 'system.monitor',
        name: '系统监控',
        en: 'Server Monitor',
        tw: '系統監控',
        icon: 'DashboardOutlined',
        type: 1,
        url: '/system/monitor',
        order: 24,
      },
      {
        code: 'system.icons',
        name: '图标库',
        en: 'Icons',
        tw: '圖示庫',
        icon: 'AppstoreOutlined',
        type: 1,
        url: '/system/icons',
        order: 25,
      },
      {
        code: 'system.help',
        name: '外部帮助',
        en: 'Help',
        tw: '外部幫助',
        icon: 'QuestionCircleOutlined',
        type: 7,
        // No session token in the link: the demo's help host is not the tenant's own.
        url: 'https://example.com/help',
        target: '_blank',
        order: 8,
      },
      {
        code: 'system.apiDocs',
        name: '开发文档',
        en: 'API Docs',
        tw: '開發文件',
        icon: 'ApiOutlined',
        type: 7,
        url: '/api/docs',
        target: '_self',
        order: 9,
      },
    ],
  },
  {
    code: 'systemData',
    name: '系统数据',
    en: 'System data',
    tw: '系統資料',
    icon: 'DatabaseOutlined',
    type: 0,
    order: 91,
    children: [
      {
        code: 'systemData.dictionary',
        name: '数据字典',
        en: 'Dictionaries',
        tw: '資料字典',
        icon: 'BookOutlined',
        type: 1,
        url: '/systemData/dictionary',
        order: 1,
        buttons: [
          ...crud('systemData.dictionary'),
          ['systemData.dictionary.import', '导入'],
          ['systemData.dictionary.export', '导出'],
        ],
      },
      {
        code: 'systemData.dataBackup',
        name: '数据备份',
        en: 'Data Backup',
        tw: '資料備份',
        icon: 'CloudServerOutlined',
        type: 1,
        url: '/systemData/dataBackup',
        order: 2,
        buttons: [
          ['systemData.dataBackup.add', '立即备份'],
          ['systemData.dataBackup.delete', '删除'],
          ['systemData.dataBackup.download', '下载'],
          ['systemData.dataBackup.restore', '还原'],
        ],
      },
      {
        code: DM.dataModel,
        name: '数据建模',
        en: 'Data Models',
        tw: '資料建模',
        icon: 'TableOutlined',
        type: 1,
        url: '/systemData/dataModel',
        order: 3,
        buttons: crud(DM.dataModel),
      },
      {
        code: DataSourcePerm.dataSource,
        name: '数据连接',
        en: 'Data Sources',
        tw: '資料連線',
        icon: 'ApiOutlined',
        type: 1,
        url: '/systemData/dataSource',
        order: 4,
        buttons: crud(DataSourcePerm.dataSource),
      },
      {
        code: DataInterfacePerm.dataInterface,
        name: '数据接口',
        en: 'Data Interfaces',
        tw: '資料介面',
        icon: 'LinkOutlined',
        type: 1,
        url: '/systemData/dataInterface',
        order: 5,
        buttons: crud(DataInterfacePerm.dataInterface),
      },
      {
        code: DataSyncPerm.dataSync,
        name: '数据同步',
        en: 'Data Sync',
        tw: '資料同步',
        icon: 'SyncOutlined',
        type: 1,
        url: '/systemData/dataSync',
        order: 6,
        buttons: [...crud(DataSyncPerm.dataSync), [DataSyncPerm.dataSyncExecute, '执行']],
      },
      {
        code: MapPerm.map,
        name: '数据地图',
        en: 'Maps',
        tw: '資料地圖',
        icon: 'GlobalOutlined',
        type: 1,
        url: '/systemData/map',
        order: 7,
        buttons: crud(MapPerm.map),
      },
    ],
  },
];

/**
 * What the seeded roles hold, by code (menus, buttons, columns and data rules alike). The admin
 * role holds everything; `buyer` sees part of the permission group without its write buttons, the
 * user list of their own company and neither the user mobile/email columns nor the log's IP column.
 */
export const DEMO_ROLE_GRANTS: Record<'buyer' | 'vendor', string[]> = {
  buyer: [
    'permission',
    'permission.organize',
    'permission.department',
    'permission.user',
    'permission.user.export',
    'permission.user.data.company',
    'system',
    'system.log',
    'system.help',
    // Staff launch flows, handle their to-dos and delegate them (the designer and the monitor
    // stay the administrator's).
    'workFlow',
    'workFlow.flowLaunch',
    'workFlow.flowTodo',
    'workFlow.flowDone',
    'workFlow.flowCirculate',
    'workFlow.entrust',
    V.base,
    V.supplier,
    V.supplierExport,
    V.notice,
    V.noticeAdd,
    V.noticeEdit,
    V.noticeDelete,
    V.noticeCheck,
    V.noticeExport,
    // Buyers invite suppliers and follow their admission.
    VA.page,
    VA.invite,
    // Buyers run the order cycle (the approval of an order is the workflow's).
    ...Object.values(PO),
    ...Object.values(GR),
    ...Object.values(INV),
    ...Object.values(RFQ),
  ],
  // Suppliers' users see their own portal only: no logs or lists of the purchasing organisation.
  vendor: Object.values(VP),
};

interface SeededItem {
  itemType: GrantItemType;
  id: string;
  code: string;
}

/** Inserts the menu tree with its buttons, columns and data rules; returns every item by code. */
export async function seedMenus(tx: Transaction<Database>, tenantId: string): Promise<SeededItem[]> {
  const items: SeededItem[] = [];
  const insert = async (node: MenuSeed, parentId: string): Promise<void> => {
    const menu = await tx
      .insertInto('sys_menu')
      .values({
        tenant_id: tenantId,
        parent_id: parentId,
        menu_name: node.name,
        menu_name_en: node.en,
        menu_name_tw: node.tw,
        menu_perms: node.code,
        menu_icon: node.icon,
        menu_type: node.type,
        menu_url: node.url ?? '',
        order_num: node.order,
        link_target: node.target ?? '_self',
        property_json: '',
        enabled: true,
        category: 'web',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.push({ itemType: 'menu', id: menu.id, code: node.code });
    for (const [table, itemType, list] of [
      ['sys_menu_button', 'button', node.buttons ?? []],
      ['sys_menu_column', 'column', node.columns ?? []],
    ] as const) {
      if (list.length === 0) continue;
      const rows = await tx
        .insertInto(table)
        .values(
          list.map(([code, name], i) => ({
            tenant_id: tenantId,
            menu_id: menu.id,
            en_code: code,
            full_name: name,
            order_num: i + 1,
          })),
        )
        .returning(['id', 'en_code'])
        .execute();
      for (const row of rows) items.push({ itemType, id: row.id, code: row.en_code });
    }
    if (node.dataRules?.length) {
      const rows = await tx
        .insertInto('sys_menu_data_rule')
        .values(
          node.dataRules.map((rule) => ({
            tenant_id: tenantId,
            menu_id: menu.id,
            en_code: rule.code,
            full_name: rule.name,
            field: rule.field,
            rule_type: rule.ruleType,
          })),
        )
        .returning(['id', 'en_code'])
        .execute();
      for (const row of rows) items.push({ itemType: 'data', id: row.id, code: row.en_code });
    }
    for (const child of node.children ?? []) await insert(child, menu.id);
  };
  for (const node of DEMO_MENU) await insert(node, '0');
  return items;
}

/** Grants every item to the admin role and the listed codes to the buyer and vendor roles. */
export async function seedRoleGrants(
  tx: Transaction<Database>,
  tenantId: string,
  items: SeededItem[],
  roles: { admin: string; buyer: string; vendor: string },
): Promise<void> {
  const rows = (roleId: string, chosen: SeededItem[]) =>
    chosen.map((item) => ({
      tenant_id: tenantId,
      item_type: item.itemType,
      item_id: item.id,
      object_type: 'role' as const,
      object_id: roleId,
    }));
  const pick = (codes: string[]) => items.filter((item) => codes.includes(item.code));
  await tx
    .insertInto('sys_grant')
    .values([
      ...rows(roles.admin, items),
      ...rows(roles.buyer, pick(DEMO_ROLE_GRANTS.buyer)),
      ...rows(roles.vendor, pick(DEMO_ROLE_GRANTS.vendor)),
    ])
    .execute();
}
