import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../lib/ui/Loading';
import { AlertBanner } from './AlertBanner';
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
      <Container as="main" id="main" className="pb-5">
        <AlertBanner />
        <PageErrorBoundary key={location.pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Container>
    </>
  );
}
