// The icon of a menu entry. Its `source` is a class list (a BladeX client's CSS classes): the antd name in it is drawn,
// else the antd icon standing for a known element-ui class. The icons the seeded menus use are bundled here so the
// layout chunk stays small; any other name an admin picks loads the whole icon set once, lazily.
import {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BranchesOutlined,
  BugOutlined,
  BulbOutlined,
  CarryOutOutlined,
  CheckCircleOutlined,
  CloudOutlined,
  CloudServerOutlined,
  CommentOutlined,
  ContactsOutlined,
  ContainerOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FireOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  InteractionOutlined,
  KeyOutlined,
  LayoutOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  MoneyCollectOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  PayCircleOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReconciliationOutlined,
  RobotOutlined,
  RollbackOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  SwapOutlined,
  TagOutlined,
  TagsOutlined,
  TeamOutlined,
  TransactionOutlined,
  UsergroupAddOutlined,
  UserOutlined,
  WalletOutlined,
  WechatOutlined,
  WechatWorkOutlined,
} from '@ant-design/icons';
import { type ComponentType, type CSSProperties, createElement, useEffect, useState } from 'react';
import { ANTD_FOR_ELEMENT } from './element-icons';

type IconProps = { className?: string; style?: CSSProperties };
type IconSet = Record<string, ComponentType<IconProps> | undefined>;

const seeded: IconSet = {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BranchesOutlined,
  BugOutlined,
  BulbOutlined,
  CarryOutOutlined,
  CheckCircleOutlined,
  CloudOutlined,
  CloudServerOutlined,
  CommentOutlined,
  ContactsOutlined,
  ContainerOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FireOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  InteractionOutlined,
  KeyOutlined,
  LayoutOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  MoneyCollectOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  PayCircleOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReconciliationOutlined,
  RobotOutlined,
  RollbackOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  SwapOutlined,
  TagOutlined,
  TagsOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
  WechatOutlined,
  WechatWorkOutlined,
};

let allIcons: Promise<IconSet> | undefined;
const loadAllIcons = (): Promise<IconSet> => {
  allIcons ??= import('./all-icons').then((module) => module.default as unknown as IconSet);
  return allIcons;
};

const isIconName = (name: string): boolean => /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/.test(name);

/** The antd icon name a `source` stands for: its own antd name, else the one of its first known element-ui class. */
export function antdIconName(source: string | undefined): string | undefined {
  const classes = (source ?? '').split(/\s+/).filter(Boolean);
  return classes.find(isIconName) ?? classes.map((name) => ANTD_FOR_ELEMENT[name]).find(Boolean);
}

/**
 * The icon named `name`, `AppstoreOutlined` while an unseeded icon loads or when the name is unknown. The menu passes
 * its icon class name through.
 */
export function MenuIcon({ name: source, ...props }: IconProps & { name?: string }) {
  const name = antdIconName(source);
  const [loaded, setLoaded] = useState<ComponentType<IconProps> | undefined>(undefined);
  const known = name ? seeded[name] : undefined;

  useEffect(() => {
    setLoaded(undefined);
    if (!name || known || !isIconName(name)) return;
    let live = true;
    loadAllIcons().then(
      (icons) => {
        const icon = icons[name];
        if (live && icon) setLoaded(() => icon);
      },
      // A failed chunk load keeps the fallback icon; the menu itself still works.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [name, known]);

  return createElement(known ?? loaded ?? AppstoreOutlined, props);
}
