import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../lib/ui/Loading';
import { AlertBanner } from '../lib/ui/AlertBanner';
import { AppNavbar } from './AppNavbar';
import { PageErrorBoundary } from './PageErrorBoundary';

export function RootLayout() {
  const location = useLocation();
  return (
    <>
      <a className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-light" href="#main">
        Skip to content
      </a>
      <AppNavbar />
      <main id="main" className="container pb-5">
        <AlertBanner />
        <PageErrorBoundary key={location.pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
    </>
  );
}
