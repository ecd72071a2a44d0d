import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import { type ComponentType, useEffect, useState } from 'react';

type IconModule = Promise<{ default: ComponentType }>;

/**
 * Menu icons by @ant-design/icons name, each its own small chunk fetched when first shown: the
 * shell's first screen downloads only the icons its menu uses, not the whole offered set. An
 * unknown name falls back to AppstoreOutlined.
 */
const LOADERS: Record<string, () => IconModule> = {
  ApartmentOutlined: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  ApiOutlined: () => import('@ant-design/icons/es/icons/ApiOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  AuditOutlined: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  BarChartOutlined: () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  BarcodeOutlined: () => import('@ant-design/icons/es/icons/BarcodeOutlined'),
  BellOutlined: () => import('@ant-design/icons/es/icons/BellOutlined'),
  BookOutlined: () => import('@ant-design/icons/es/icons/BookOutlined'),
  BuildOutlined: () => import('@ant-design/icons/es/icons/BuildOutlined'),
  CalendarOutlined: () => import('@ant-design/icons/es/icons/CalendarOutlined'),
  CheckSquareOutlined: () => import('@ant-design/icons/es/icons/CheckSquareOutlined'),
  ClockCircleOutlined: () => import('@ant-design/icons/es/icons/ClockCircleOutlined'),
  CloudServerOutlined: () => import('@ant-design/icons/es/icons/CloudServerOutlined'),
  ClusterOutlined: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  CodeOutlined: () => import('@ant-design/icons/es/icons/CodeOutlined'),
  ControlOutlined: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  DashboardOutlined: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  DatabaseOutlined: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  DeploymentUnitOutlined: () => import('@ant-design/icons/es/icons/DeploymentUnitOutlined'),
  DesktopOutlined: () => import('@ant-design/icons/es/icons/DesktopOutlined'),
  EditOutlined: () => import('@ant-design/icons/es/icons/EditOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons/es/icons/EnvironmentOutlined'),
  ExportOutlined: () => import('@ant-design/icons/es/icons/ExportOutlined'),
  FileDoneOutlined: () => import('@ant-design/icons/es/icons/FileDoneOutlined'),
  InboxOutlined: () => import('@ant-design/icons/es/icons/InboxOutlined'),
  CarOutlined: () => import('@ant-design/icons/es/icons/CarOutlined'),
  AccountBookOutlined: () => import('@ant-design/icons/es/icons/AccountBookOutlined'),
  FileSearchOutlined: () => import('@ant-design/icons/es/icons/FileSearchOutlined'),
  FileTextOutlined: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  FolderOutlined: () => import('@ant-design/icons/es/icons/FolderOutlined'),
  FormOutlined: () => import('@ant-design/icons/es/icons/FormOutlined'),
  FundOutlined: () => import('@ant-design/icons/es/icons/FundOutlined'),
  GlobalOutlined: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  HomeOutlined: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  IdcardOutlined: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  KeyOutlined: () => import('@ant-design/icons/es/icons/KeyOutlined'),
  LayoutOutlined: () => import('@ant-design/icons/es/icons/LayoutOutlined'),
  LineChartOutlined: () => import('@ant-design/icons/es/icons/LineChartOutlined'),
  LinkOutlined: () => import('@ant-design/icons/es/icons/LinkOutlined'),
  LockOutlined: () => import('@ant-design/icons/es/icons/LockOutlined'),
  MailOutlined: () => import('@ant-design/icons/es/icons/MailOutlined'),
  MenuOutlined: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  MonitorOutlined: () => import('@ant-design/icons/es/icons/MonitorOutlined'),
  NotificationOutlined: () => import('@ant-design/icons/es/icons/NotificationOutlined'),
  PartitionOutlined: () => import('@ant-design/icons/es/icons/PartitionOutlined'),
  PieChartOutlined: () => import('@ant-design/icons/es/icons/PieChartOutlined'),
  PrinterOutlined: () => import('@ant-design/icons/es/icons/PrinterOutlined'),
  ProfileOutlined: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
  ProjectOutlined: () => import('@ant-design/icons/es/icons/ProjectOutlined'),
  QrcodeOutlined: () => import('@ant-design/icons/es/icons/QrcodeOutlined'),
  QuestionCircleOutlined: () => import('@ant-design/icons/es/icons/QuestionCircleOutlined'),
  SafetyCertificateOutlined: () => import('@ant-design/icons/es/icons/SafetyCertificateOutlined'),
  ScheduleOutlined: () => import('@ant-design/icons/es/icons/ScheduleOutlined'),
  SendOutlined: () => import('@ant-design/icons/es/icons/SendOutlined'),
  SettingOutlined: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  ShopOutlined: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  ShoppingCartOutlined: () => import('@ant-design/icons/es/icons/ShoppingCartOutlined'),
  SolutionOutlined: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  SyncOutlined: () => import('@ant-design/icons/es/icons/SyncOutlined'),
  TableOutlined: () => import('@ant-design/icons/es/icons/TableOutlined'),
  TeamOutlined: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  ToolOutlined: () => import('@ant-design/icons/es/icons/ToolOutlined'),
  UserOutlined: () => import('@ant-design/icons/es/icons/UserOutlined'),
  WechatOutlined: () => import('@ant-design/icons/es/icons/WechatOutlined'),
};

/** Every name the lookup can render (the menu screen's icon picker offers these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(LOADERS);

export const FALLBACK_ICON = 'AppstoreOutlined';

const loaded = new Map<string, ComponentType>([[FALLBACK_ICON, AppstoreOutlined]]);
const pending = new Map<string, IconModule>();

function loadIcon(name: string): IconModule {
  let promise = pending.get(name);
  if (!promise) {
    promise = (LOADERS[name] as () => IconModule)().then((m) => {
      loaded.set(name, m.default);
      return m;
    });
    pending.set(name, promise);
  }
  return promise;
}

/** The icon to show for a name; with `fallback`, an empty or unknown name shows AppstoreOutlined. */
function iconName(name: string | null | undefined, fallback: boolean): string | null {
  if (name && name in LOADERS) return name;
  return fallback ? FALLBACK_ICON : null;
}

/** An icon by name; until its chunk is there, an empty box of the icon's size keeps the text in place. */
export function MenuIcon({ name, fallback = true }: { name?: string | null; fallback?: boolean }) {
  const wanted = iconName(name, fallback);
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!wanted || loaded.has(wanted)) return;
    let live = true;
    void loadIcon(wanted).then(() => {
      if (live) rerender((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  if (!wanted) return null;
  const Icon = loaded.get(wanted);
  return Icon ? <Icon /> : <span className="anticon srm-icon-placeholder" aria-hidden="true" />;
}
