import {
  CONTENT_ROUTES,
  FIXED_ROUTES,
  FORM_PAGES,
  ROUTES,
  formPagePath,
  type RouteDefinition,
} from '@claims/core/routes';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  replace,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { DeadlinePage } from '../features/error-pages/deadline-page';
import { ErrorPage } from '../features/error-pages/error-page';
import { NotFoundPage } from '../features/error-pages/not-found-page';
import { SessionExpiredPage } from '../features/error-pages/session-expired-page';
import { FormsLayout } from '../features/layout/forms-layout';
import { bindRouter } from '../lib/router-binding';
import { logger } from '../lib/logger';
import { useApplicationStore } from '../stores/application-store';
import { useNavigationStore } from '../stores/navigation-store';
import { loadDateSupportFor, loadFormPage, loadLookupPage } from './form-page-modules';
import { runRouteGuards } from './guards';
import { leaveSite } from './leave-site';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/** Runs the route guards before every navigation (docs/behaviour.md#route-guards). */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const outcome = await runRouteGuards(new URL(request.url));
  if (outcome.kind === 'redirect') throw replace(outcome.to);
  if (outcome.kind === 'external') {
    // Content stays hidden while the browser leaves (docs/behaviour.md#layout).
    useApplicationStore.getState().setRedirecting(true);
    leaveSite(outcome.url);
    return null;
  }
  useApplicationStore.getState().setRedirecting(false);
  return null;
}

function formRoute(route: RouteDefinition): RouteObject {
  if (route.formType === 'Lookup') {
    return {
      id: route.name,
      path: route.path,
      lazy: async () => ({ Component: await loadLookupPage() }),
    };
  }
  // The site root is the automotive landing page (docs/behaviour.md#routes), with the case's home
  // copy.
  const formType = route.formType ?? 'Automotive';
  const page = FORM_PAGES[formType].find((name) => formPagePath(formType, name) === route.path);
  const pageName = page === undefined || page === '' ? 'landing' : page;
  if (route.formType === undefined) {
    return {
      id: route.name,
      path: route.path,
      lazy: async () => {
        const [FormPage, { HomeLanding }] = await Promise.all([
          loadFormPage(formType, pageName),
          import('../features/content-pages/home-landing'),
        ]);
        const Component: ComponentType = () => (
          <HomeLanding>
            <FormPage formType={formType} page={pageName} />
          </HomeLanding>
        );
        return { Component };
      },
    };
  }
  return {
    id: route.name,
    path: route.path,
    lazy: async () => {
      const FormPage = await loadFormPage(formType, pageName);
      const Component: ComponentType = () => <FormPage formType={formType} page={pageName} />;
      return { Component };
    },
  };
}

/**
 * The header-link pages, each loaded with its route (docs/architecture.md#web-layers: routes
 * lazy-loaded per page).
 */
const CONTENT_PAGES: Readonly<Record<keyof typeof CONTENT_ROUTES, () => Promise<ComponentType>>> = {
  keyDates: async () => (await import('../features/content-pages/key-dates-page')).KeyDatesPage,
  importantDocuments: async () =>
    (await import('../features/content-pages/important-documents-page')).ImportantDocumentsPage,
  faq: async () => (await import('../features/content-pages/faq-page')).FaqPage,
  fileClaim: async () => (await import('../features/content-pages/file-claim-page')).FileClaimPage,
  claimStatus: async () => {
    const pages = await import('./claimant-pages');
    await loadDateSupportFor(pages.CLAIM_STATUS_MODELS);
    return pages.ClaimStatusRoute;
  },
  changeOfAddress: async () => {
    const pages = await import('./claimant-pages');
    await loadDateSupportFor(pages.CHANGE_OF_ADDRESS_MODELS);
    return pages.ChangeOfAddressRoute;
  },
  privacy: async () => (await import('../features/content-pages/privacy-page')).PrivacyPage,
};

/** Every route of docs/behaviour.md#routes, named as packages/core names them. */
export function appRoutes(): RouteObject[] {
  const formRoutes = ROUTES.filter((route) => route.kind === 'form').map(formRoute);
  const contentRoutes = Object.entries(CONTENT_ROUTES).map(([key, route]): RouteObject => ({
    id: route.name,
    path: route.path,
    lazy: async () => ({ Component: await CONTENT_PAGES[key as keyof typeof CONTENT_ROUTES]() }),
  }));
  return [
    {
      id: 'shell',
      Component: RootLayout,
      loader: guardLoader,
      // The guards run on every navigation, a change of query included.
      shouldRevalidate: () => true,
      HydrateFallback: () => null,
      errorElement: <RouteErrorPage />,
      children: [
        {
          // Errors of a page show inside the layout, under the site's header.
          errorElement: <RouteErrorPage />,
          children: [
            { Component: FormsLayout, children: formRoutes },
            ...contentRoutes,
            {
              id: FIXED_ROUTES.notFound.name,
              path: FIXED_ROUTES.notFound.path,
              Component: NotFoundPage,
            },
            { id: FIXED_ROUTES.error.name, path: FIXED_ROUTES.error.path, Component: ErrorPage },
            {
              id: FIXED_ROUTES.defaultDeadline.name,
              path: FIXED_ROUTES.defaultDeadline.path,
              Component: DeadlinePage,
            },
            {
              id: FIXED_ROUTES.sessionExpired.name,
              path: FIXED_ROUTES.sessionExpired.path,
              Component: SessionExpiredPage,
            },
            // The guard sends unknown paths to the not-found page; this only names the route.
            {
              id: FIXED_ROUTES.catchAll.name,
              path: FIXED_ROUTES.catchAll.path,
              Component: NotFoundPage,
            },
          ],
        },
      ],
    },
  ];
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Binds the stores to the router: they navigate with it, and after each navigation the
 * navigation store follows the router into, within and out of the forms
 * (docs/behaviour.md#navigation).
 */
export function bindAppRouter(router: AppRouter): () => void {
  bindRouter({
    navigate: (to, options) => router.navigate(to, options),
    currentLocation: () => router.state.location,
  });
  let syncedKey: string | null = null;
  const sync = () => {
    const { navigation, location, initialized } = router.state;
    if (!initialized || navigation.state !== 'idle' || location.key === syncedKey) return;
    syncedKey = location.key;
    try {
      useNavigationStore.getState().syncWithRouter(location.pathname);
    } catch (error) {
      logger.error(`navigation state could not follow the router to ${location.pathname}`, error);
    }
  };
  const unsubscribe = router.subscribe(sync);
  sync();
  return () => {
    unsubscribe();
    bindRouter(null);
  };
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes());
  bindAppRouter(router);
  return router;
}
