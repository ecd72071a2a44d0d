import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { queryClient } from '../../api/queryClient';
import { platformToken } from './api';
import PlatformLayout from './Layout';
import PlatformLogin from './Login';

const TenantsPage = lazy(() => import('./Tenants'));
const MonitorView = lazy(() => import('./Monitor'));
const CachePage = lazy(() => import('./Cache'));
const BackupPage = lazy(() => import('./Backup'));

/** Without the operator's token every console page goes to the operator's sign-in. */
function RequireOperator({ children }: { children: React.ReactNode }) {
  if (!platformToken.get()) return <Navigate to="/platform/login" replace />;
  return children;
}

/**
 * The platform operator's console (`/platform/*`), apart from the tenants' app: its own sign-in,
 * token and menu (tenants, host monitor, every cache, whole-database backup). The tenant route
 * guard never sees these paths.
 */
export default function PlatformApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path="login" element={<PlatformLogin />} />
        <Route
          element={
            <RequireOperator>
              <PlatformLayout />
            </RequireOperator>
          }
        >
          <Route index element={<Navigate to="tenants" replace />} />
          {(
            [
              ['tenants', TenantsPage],
              ['monitor', MonitorView],
              ['cache', CachePage],
              ['backup', BackupPage],
            ] as const
          ).map(([path, Page]) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={null}>
                  <Page />
                </Suspense>
              }
            />
          ))}
          <Route path="*" element={<Navigate to="tenants" replace />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
