// The icon of a menu entry. Its `source` is a class list (a BladeX client's CSS classes): the antd name in it is drawn,
// else the antd icon standing for a known element-ui class. Each icon the seeded menus use is its own small chunk,
// loaded when an entry first draws it, so a screen carries the dozen icons its sidebar shows, not all seventy; any
// other name an admin picks loads the whole icon set once.
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import { type ComponentType, type CSSProperties, createElement, useEffect, useState } from 'react';
import { ANTD_FOR_ELEMENT } from './element-icons';

type IconProps = { className?: string; style?: CSSProperties };
type Icon = ComponentType<IconProps>;
type IconSet = Record<string, Icon | undefined>;

const seeded: Record<string, () => Promise<{ default: Icon }>> = {
  AccountBookOutlined: () => import('@ant-design/icons/es/icons/AccountBookOutlined'),
  ApartmentOutlined: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  ApiOutlined: () => import('@ant-design/icons/es/icons/ApiOutlined'),
  AppstoreAddOutlined: () => import('@ant-design/icons/es/icons/AppstoreAddOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  AuditOutlined: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  BankOutlined: () => import('@ant-design/icons/es/icons/BankOutlined'),
  BarChartOutlined: () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  BookOutlined: () => import('@ant-design/icons/es/icons/BookOutlined'),
  BranchesOutlined: () => import('@ant-design/icons/es/icons/BranchesOutlined'),
  BugOutlined: () => import('@ant-design/icons/es/icons/BugOutlined'),
  BulbOutlined: () => import('@ant-design/icons/es/icons/BulbOutlined'),
  CarryOutOutlined: () => import('@ant-design/icons/es/icons/CarryOutOutlined'),
  CheckCircleOutlined: () => import('@ant-design/icons/es/icons/CheckCircleOutlined'),
  CloudOutlined: () => import('@ant-design/icons/es/icons/CloudOutlined'),
  CloudServerOutlined: () => import('@ant-design/icons/es/icons/CloudServerOutlined'),
  CommentOutlined: () => import('@ant-design/icons/es/icons/CommentOutlined'),
  ContactsOutlined: () => import('@ant-design/icons/es/icons/ContactsOutlined'),
  ContainerOutlined: () => import('@ant-design/icons/es/icons/ContainerOutlined'),
  ControlOutlined: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  DatabaseOutlined: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  DeploymentUnitOutlined: () => import('@ant-design/icons/es/icons/DeploymentUnitOutlined'),
  DollarOutlined: () => import('@ant-design/icons/es/icons/DollarOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons/es/icons/EnvironmentOutlined'),
  FileTextOutlined: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  FireOutlined: () => import('@ant-design/icons/es/icons/FireOutlined'),
  GiftOutlined: () => import('@ant-design/icons/es/icons/GiftOutlined'),
  GlobalOutlined: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  HomeOutlined: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  IdcardOutlined: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  InteractionOutlined: () => import('@ant-design/icons/es/icons/InteractionOutlined'),
  KeyOutlined: () => import('@ant-design/icons/es/icons/KeyOutlined'),
  LayoutOutlined: () => import('@ant-design/icons/es/icons/LayoutOutlined'),
  LockOutlined: () => import('@ant-design/icons/es/icons/LockOutlined'),
  MedicineBoxOutlined: () => import('@ant-design/icons/es/icons/MedicineBoxOutlined'),
  MenuOutlined: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  MessageOutlined: () => import('@ant-design/icons/es/icons/MessageOutlined'),
  MobileOutlined: () => import('@ant-design/icons/es/icons/MobileOutlined'),
  MoneyCollectOutlined: () => import('@ant-design/icons/es/icons/MoneyCollectOutlined'),
  MonitorOutlined: () => import('@ant-design/icons/es/icons/MonitorOutlined'),
  NotificationOutlined: () => import('@ant-design/icons/es/icons/NotificationOutlined'),
  PaperClipOutlined: () => import('@ant-design/icons/es/icons/PaperClipOutlined'),
  PayCircleOutlined: () => import('@ant-design/icons/es/icons/PayCircleOutlined'),
  PictureOutlined: () => import('@ant-design/icons/es/icons/PictureOutlined'),
  PlayCircleOutlined: () => import('@ant-design/icons/es/icons/PlayCircleOutlined'),
  ProfileOutlined: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
  QuestionCircleOutlined: () => import('@ant-design/icons/es/icons/QuestionCircleOutlined'),
  ReconciliationOutlined: () => import('@ant-design/icons/es/icons/ReconciliationOutlined'),
  RobotOutlined: () => import('@ant-design/icons/es/icons/RobotOutlined'),
  RollbackOutlined: () => import('@ant-design/icons/es/icons/RollbackOutlined'),
  SafetyOutlined: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  ScheduleOutlined: () => import('@ant-design/icons/es/icons/ScheduleOutlined'),
  SendOutlined: () => import('@ant-design/icons/es/icons/SendOutlined'),
  SettingOutlined: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  ShopOutlined: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  ShoppingCartOutlined: () => import('@ant-design/icons/es/icons/ShoppingCartOutlined'),
  ShoppingOutlined: () => import('@ant-design/icons/es/icons/ShoppingOutlined'),
  SolutionOutlined: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  SwapOutlined: () => import('@ant-design/icons/es/icons/SwapOutlined'),
  TagOutlined: () => import('@ant-design/icons/es/icons/TagOutlined'),
  TagsOutlined: () => import('@ant-design/icons/es/icons/TagsOutlined'),
  TeamOutlined: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  TransactionOutlined: () => import('@ant-design/icons/es/icons/TransactionOutlined'),
  UserOutlined: () => import('@ant-design/icons/es/icons/UserOutlined'),
  UsergroupAddOutlined: () => import('@ant-design/icons/es/icons/UsergroupAddOutlined'),
  WalletOutlined: () => import('@ant-design/icons/es/icons/WalletOutlined'),
  WechatOutlined: () => import('@ant-design/icons/es/icons/WechatOutlined'),
  WechatWorkOutlined: () => import('@ant-design/icons/es/icons/WechatWorkOutlined'),
};

let allIcons: Promise<IconSet> | undefined;
const loadAllIcons = (): Promise<IconSet> => {
  allIcons ??= import('./all-icons').then((module) => module.default as unknown as IconSet);
  return allIcons;
};

/** Icons already loaded, drawn at once by every later entry; a name that stays unknown is kept as undefined. */
const loaded = new Map<string, Icon | undefined>();
const loading = new Map<string, Promise<Icon | undefined>>();

function loadIcon(name: string): Promise<Icon | undefined> {
  let pending = loading.get(name);
  if (!pending) {
    const load = seeded[name];
    pending = (load ? load().then((module) => module.default) : loadAllIcons().then((icons) => icons[name])).then(
      (icon) => {
        loaded.set(name, icon);
        return icon;
      },
      // A failed chunk load keeps the fallback icon (and is tried again next time); the menu itself still works.
      () => {
        loading.delete(name);
        return undefined;
      },
    );
    loading.set(name, pending);
  }
  return pending;
}

const isIconName = (name: string): boolean => /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/.test(name);

/** The antd icon name a `source` stands for: its own antd name, else the one of its first known element-ui class. */
export function antdIconName(source: string | undefined): string | undefined {
  const classes = (source ?? '').split(/\s+/).filter(Boolean);
  return classes.find(isIconName) ?? classes.map((name) => ANTD_FOR_ELEMENT[name]).find(Boolean);
}

/**
 * The icon named `name`, `AppstoreOutlined` when the name is unknown. Until its chunk arrives an empty space of the
 * icon's size stands in, so the entry neither jumps nor flashes a wrong icon. The menu passes its icon class name
 * through.
 */
export function MenuIcon({ name: source, ...props }: IconProps & { name?: string }) {
  const name = antdIconName(source);
  const [icon, setIcon] = useState<{ name?: string; Icon?: Icon }>({});

  useEffect(() => {
    if (!name || loaded.has(name)) return;
    let live = true;
    loadIcon(name).then((Icon) => {
      if (live) setIcon({ name, Icon });
    });
    return () => {
      live = false;
    };
  }, [name]);

  if (!name) return createElement(AppstoreOutlined, props);
  const ready = loaded.has(name) ? loaded.get(name) : icon.name === name ? icon.Icon : null;
  if (ready === null) {
    return (
      <span className={`anticon ${props.className ?? ''}`} style={{ width: '1em', height: '1em', ...props.style }} />
    );
  }
  return createElement(ready ?? AppstoreOutlined, props);
}
