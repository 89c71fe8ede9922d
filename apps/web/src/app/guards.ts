import { authorizationRedirect } from '@claims/core/guards/authorization';
import { resolveCulture, stripCulturePrefix } from '@claims/core/guards/culture';
import { sanitizeQuery } from '@claims/core/guards/query';
import { deadlineNamesForFormType, deadlineRedirect } from '@claims/core/deadlines/deadline-guard';
import { FIXED_ROUTES, matchRoute, withQuery } from '@claims/core/routes';
import { restoreForm } from '../features/forms/drafts/restore-form';
import { ERROR_MESSAGES } from '../lib/error-messages';
import { logger } from '../lib/logger';
import { isSitePage } from '../lib/site-pages';
import { useApplicationStore } from '../stores/application-store';
import { translate, useLocalizationStore } from '../stores/localization-store';
import { formTypeOfPath } from '../stores/navigation-store';

/** What the route guards decided for a location. */
export type GuardOutcome =
  | { kind: 'continue'; culture: string }
  /** Replace the location with another on this site. */
  | { kind: 'redirect'; to: string }
  /** Leave for another site (a deadline's redirect URL for the language). */
  | { kind: 'external'; url: string };

type Query = Record<string, string | string[]>;

function queryOf(params: URLSearchParams): Query {
  const query: Query = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

function searchOf(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of typeof value === 'string' ? [value] : value) params.append(key, item);
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

async function activateCulture(culture: string): Promise<void> {
  try {
    await useLocalizationStore.getState().setCulture(culture);
  } catch (error) {
    // The page still works in the culture already loaded.
    logger.error(`could not load the content of culture ${culture}`, error);
    const state = useLocalizationStore.getState();
    useApplicationStore
      .getState()
      .showError(translate(state, ERROR_MESSAGES.problem.key, ERROR_MESSAGES.problem.text));
  }
}

/**
 * The route guards of docs/behaviour.md#route-guards, in order: sanitise the query (replacing the
 * route when anything changed), resolve the language, check the deadlines, check authorization.
 * Unknown paths go to the not-found page with the culture.
 *
 * A location without a culture keeps the active one, so following a link inside the site
 * does not switch a Spanish reader back to English; the first location of a visit has no
 * active culture to keep and resolves to en.
 */
export async function runRouteGuards(url: URL, now: Date = new Date()): Promise<GuardOutcome> {
  const { pathname } = url;
  const { params: query, changed } = sanitizeQuery(queryOf(url.searchParams));
  if (changed) return { kind: 'redirect', to: `${pathname}${searchOf(query)}` };

  const localization = useLocalizationStore.getState();
  const { enabledCultures } = localization;
  const path = stripCulturePrefix(pathname, enabledCultures);
  const named = query.culture !== undefined || path !== pathname;
  const culture = named
    ? resolveCulture({ query, pathname, enabledCultures })
    : localization.activeCulture;
  if (path !== pathname) {
    // '/es/faq' is written '/faq?culture=es' on this site.
    return { kind: 'redirect', to: `${path}${searchOf({ ...query, culture })}` };
  }
  await activateCulture(culture);

  const route = matchRoute(pathname);
  if (route === FIXED_ROUTES.catchAll && !isSitePage(pathname)) {
    return { kind: 'redirect', to: withQuery(FIXED_ROUTES.notFound.path, { culture }) };
  }

  const app = useApplicationStore.getState();
  if (route.kind === 'form' && app.deadlineSettings !== null) {
    const names = deadlineNamesForFormType(formTypeOfPath(pathname));
    const passed = deadlineRedirect(app.deadlineSettings, names, now, culture, pathname);
    // The deadline page keeps the claimant's language, on a reload too.
    if (passed.kind === 'internal') {
      return { kind: 'redirect', to: withQuery(passed.path, { culture }) };
    }
    if (passed.kind === 'external') return { kind: 'external', url: passed.url };
  }

  if (
    route.requiresAuthorization &&
    route.formType !== undefined &&
    app.authorized.forms[route.formType] !== true
  ) {
    // A reload, a new tab or a link: the server may still hold the authorization and its draft.
    await restoreForm(route.formType);
  }
  const unauthorized = authorizationRedirect({
    pathname,
    authorizedForms: useApplicationStore.getState().authorized.forms,
    culture,
  });
  if (unauthorized !== undefined) return { kind: 'redirect', to: unauthorized };

  return { kind: 'continue', culture };
}
