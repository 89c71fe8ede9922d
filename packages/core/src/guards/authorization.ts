import { FORM_TYPE_SEGMENTS, type FormType } from '../form-types';
import { FIXED_ROUTES, matchRoute, withQuery } from '../routes';

/** Whether the page at `pathname` needs its form authorized (docs/behaviour.md#access). */
export function requiresAuthorization(pathname: string): boolean {
  return matchRoute(pathname).requiresAuthorization;
}

/** '/session-expired?form=standard&culture=es' (docs/behaviour.md#routes). */
export function sessionExpiredLocation(formType: FormType, culture: string): string {
  return withQuery(FIXED_ROUTES.sessionExpired.path, {
    form: FORM_TYPE_SEGMENTS[formType],
    culture,
  });
}

/**
 * Route guard 4 of docs/behaviour.md#route-guards: a page that needs authorization, of a form that
 * is not authorized, leads to the session-expired page; undefined lets the navigation through.
 */
export function authorizationRedirect(input: {
  pathname: string;
  authorizedForms: Readonly<Partial<Record<FormType, boolean>>>;
  culture: string;
}): string | undefined {
  const route = matchRoute(input.pathname);
  if (!route.requiresAuthorization || route.formType === undefined) return undefined;
  if (input.authorizedForms[route.formType] === true) return undefined;
  return sessionExpiredLocation(route.formType, input.culture);
}
