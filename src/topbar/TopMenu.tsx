// The header's top menus (顶部菜单), as Saber shows them: 首页 and each top menu the person holds. Choosing one narrows
// the sidebar to its part of the menu and opens its first screen (unless the open screen is in it); 首页 brings the
// whole menu back and opens home. With no top menu configured nothing is shown and the sidebar holds the whole menu.

import { useTranslation } from '@ride-console/runtime/shell';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { settings } from '../config/settings';
import { englishTopMenuName } from '../menu/english-menu-names';
import { leaves, pathWithQuery } from '../menu/menu-entry';
import { menuStore, useMenu } from '../menu/menu-store';

const HOME = 'home';

export function TopMenu() {
  const { tops, topId } = useMenu();
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();

  const items = [
    { key: HOME, label: t('tags.home') },
    ...tops.map((top) => ({
      key: top.id,
      label:
        i18n.language === 'en'
          ? (englishTopMenuName(top.code) ?? top.name)
          : t(`top.${top.code}`, { ns: 'menu', keySeparator: false, defaultValue: top.name }),
    })),
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === HOME) {
      await menuStore.chooseTop(undefined);
      navigate(settings.homePath);
      return;
    }
    const screens = leaves(await menuStore.chooseTop(key)).filter((entry) => !entry.newWindow);
    if (!screens.some((entry) => entry.path === location.pathname) && screens[0]) navigate(pathWithQuery(screens[0]));
  };

  return (
    <nav className="top-menu" aria-label={t('top.topMenu')}>
      <Menu mode="horizontal" items={items} selectedKeys={[topId ?? HOME]} onClick={onClick} />
    </nav>
  );
}
