// The fixed routes of spec §2; everything else inside the layout is resolved from the person's menu. /403 and /404
// are drawn inside the layout (src/layout/resolve-view.tsx), so a signed-in person keeps the header, the menu and the
// tabs there; a signed-out visitor reads them alone, as they need no session.
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyView } from '../errors/chunk-load';
import { PageLoading } from '../errors/PageLoading';
import LoginPage from '../login/LoginPage';
import { ErrorBoundary } from '../logs/ErrorBoundary';
import { ConsoleLayout } from './console-code';
import { GuestOnly, RequireLocked, RequireSession } from './guards';

const LockPage = lazyView(() => import('../lock/LockPage'));
const ErrorPage = lazyView(() => import('../errors/ErrorPage'));

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route
            path="/login"
            element={
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            }
          />
          <Route
            path="/lock"
            element={
              <RequireLocked>
                <LockPage />
              </RequireLocked>
            }
          />
          <Route path="/500" element={<ErrorPage status={500} />} />
          <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
          <Route path="/info" element={<Navigate to="/info/index" replace />} />
          <Route
            path="*"
            element={
              <RequireSession alone={(status) => <ErrorPage status={status} />}>
                <ConsoleLayout />
              </RequireSession>
            }
          />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
