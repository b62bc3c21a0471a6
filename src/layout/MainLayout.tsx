// The signed-in console: sidebar, header, tag bar and content (spec §2). Loading this module also sets up the
// runtime (its settings, the console's registry of widgets) and its strings, so the sign-in page never pays for them.

import { loadRuntimeTexts, useTranslation } from '@ride-console/runtime/shell';
import { App as AntApp, Layout } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setUpRuntime } from '../config/runtime-setup';
import { needsRegistration } from '../login/registration';
import { menuStore, useMenu } from '../menu/menu-store';
import { quietRefusals } from '../session/http-setup';
import { useSession } from '../session/session-store';
import { useTokenRefresh } from '../session/token-refresh';
import { TagBar } from '../tags/TagBar';
import { ConsoleTheme } from '../theme/ConsoleTheme';
import { loadViewTexts } from '../views/view-texts';
import { Sidebar } from './Sidebar';
import { useScreenClass } from './screen-class';
import { TopBar } from './TopBar';
import { ViewHost } from './ViewHost';
import './layout.css';

setUpRuntime();
// Already asked for by the console's loader (router/console-code.ts); here for any other way in.
void loadRuntimeTexts();
void loadViewTexts();

// What a reload reads before the layout's first drawing (router/console-code.ts), from the layout's own code.
export { definitionAhead } from './resolve-view';

const RegisterDialog = lazy(() => import('../login/RegisterDialog'));

export default function MainLayout() {
  const { t } = useTranslation('shell');
  const screen = useScreenClass();
  const small = screen === 0;
  const [collapsed, setCollapsed] = useState(small);
  const menu = useMenu();
  const { token, user } = useSession();
  const content = useRef<HTMLElement>(null);
  const toasts = useRef<HTMLDivElement>(null);
  useTokenRefresh();

  // The menu is fetched after sign-in and again after a reload, so a deep link finds its route.
  useEffect(() => {
    if (token && menu.status === 'idle') void menuStore.load();
  }, [token, menu.status]);

  useEffect(() => setCollapsed(small), [small]);

  // Drawn, the console says a refusal of its screen's calls itself from now on (src/main.tsx quieted them before).
  useEffect(() => quietRefusals('opening', false), []);

  return (
    <ConsoleTheme>
      <AntApp className="console-app" message={{ getContainer: () => toasts.current ?? document.body }}>
        <div className="toast-live" role="status" ref={toasts} />
        <Layout className={`console screen-${screen}`} hasSider>
          <Layout.Sider
            className="console-sider"
            width={220}
            collapsedWidth={small ? 0 : 64}
            collapsed={collapsed}
            trigger={null}
            collapsible
          >
            <div className="console-logo">{collapsed ? t('logoShort') : t('logo')}</div>
            <nav aria-label={t('top.menu')}>
              <Sidebar collapsed={collapsed} onNavigate={() => small && setCollapsed(true)} />
            </nav>
          </Layout.Sider>
          {small && !collapsed ? (
            <button
              type="button"
              className="console-shade"
              aria-label={t('top.collapse')}
              onClick={() => setCollapsed(true)}
            />
          ) : null}
          <Layout className="console-main">
            <TopBar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} wide={screen >= 2} phone={small} />
            <TagBar />
            {/* Focusable, so the keyboard can scroll a screen that has nothing else to focus (the home screen). */}
            <Layout.Content className="console-content" ref={content} tabIndex={0}>
              <ViewHost scroller={content} />
            </Layout.Content>
          </Layout>
          {needsRegistration(user) ? (
            <Suspense fallback={null}>
              <RegisterDialog />
            </Suspense>
          ) : null}
        </Layout>
      </AntApp>
    </ConsoleTheme>
  );
}
