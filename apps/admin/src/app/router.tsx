import { createBrowserRouter, Link, type RouteObject } from 'react-router';
import { ConsoleLayout } from './console-layout';
import { usePageTitle } from './use-page-title';

/** The console's pages, under ADMIN_BASE_PATH. */
export const ADMIN_BASENAME = '/admin';

function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>
        The console has no page at this address. <Link to="/">Go to the claims queue</Link>.
      </p>
    </>
  );
}

/** Shown while the first page's code loads. */
function PageLoading() {
  return (
    <p role="status" className="container py-4">
      Loading…
    </p>
  );
}

/** Each page loads with its route: the QR code library only at sign-in, the table with lists. */
export function consoleRoutes(): RouteObject[] {
  return [
    {
      path: '/sign-in',
      HydrateFallback: PageLoading,
      lazy: async () => ({
        Component: (await import('../features/sign-in/sign-in-page')).SignInPage,
      }),
    },
    {
      Component: ConsoleLayout,
      HydrateFallback: PageLoading,
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('../features/queue/queue-page')).QueuePage,
          }),
        },
        {
          path: 'claims/:claimId',
          lazy: async () => ({
            Component: (await import('../features/claim/claim-page')).ClaimPage,
          }),
        },
        {
          path: 'fraud',
          lazy: async () => ({
            Component: (await import('../features/fraud/fraud-holds-page')).FraudHoldsPage,
          }),
        },
        {
          path: 'audit',
          lazy: async () => ({
            Component: (await import('../features/audit/audit-page')).AuditPage,
          }),
        },
        {
          // The chart library loads with this page only.
          path: 'dashboard',
          lazy: async () => ({
            Component: (await import('../features/dashboard/dashboard-page')).DashboardPage,
          }),
        },
        {
          path: 'imports',
          lazy: async () => ({
            Component: (await import('../features/data-io/imports-page')).ImportsPage,
          }),
        },
        {
          path: 'exports',
          lazy: async () => ({
            Component: (await import('../features/data-io/exports-page')).ExportsPage,
          }),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

export function createConsoleRouter() {
  return createBrowserRouter(consoleRoutes(), { basename: ADMIN_BASENAME });
}
