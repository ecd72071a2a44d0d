import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BarcodeOutlined,
  BellOutlined,
  BookOutlined,
  BuildOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  CodeOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EditOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LayoutOutlined,
  LineChartOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PartitionOutlined,
  PieChartOutlined,
  PrinterOutlined,
  ProfileOutlined,
  ProjectOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  SyncOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by @ant-design/icons name. A small lookup (not the whole icon set, which would
 * weigh on the bundle); an unknown name falls back to AppstoreOutlined.
 */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BarcodeOutlined,
  BellOutlined,
  BookOutlined,
  BuildOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  CodeOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  DeploymentUnitOutlined,
  EditOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LayoutOutlined,
  LineChartOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PartitionOutlined,
  PieChartOutlined,
  PrinterOutlined,
  ProfileOutlined,
  ProjectOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  SyncOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WechatOutlined,
};

/** Every name the lookup can render (the menu screen's icon picker offers these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export const FALLBACK_ICON = 'AppstoreOutlined';

/** The icon component for a name; an empty name gives null, an unknown one the fallback. */
export function iconFor(name: string | null | undefined): ComponentType | null {
  if (!name) return null;
  return ICONS[name] ?? AppstoreOutlined;
}

export function MenuIcon({ name, fallback = true }: { name?: string | null; fallback?: boolean }) {
  const Icon = name
    ? (ICONS[name] ?? (fallback ? AppstoreOutlined : null))
    : fallback
      ? AppstoreOutlined
      : null;
  return Icon ? <Icon /> : null;
}
