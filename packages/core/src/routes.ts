import { FORM_TYPE_SEGMENTS, FORM_TYPES, type FormType } from './form-types';

/**
 * The route table of docs/behaviour.md#routes: the fixed routes, every form page and the pages the
 * header links lead to. The web router is built from it and the server answers 404 for any
 * path it does not know.
 */

export type RouteKind = 'fixed' | 'form' | 'content';

export interface RouteDefinition {
  readonly name: string;
  /** Canonical path; '*' for the catch-all. */
  readonly path: string;
  readonly kind: RouteKind;
  /** The form the page belongs to; absent for pages of no form (the root included). */
  readonly formType?: FormType;
  /** Pages after a form's landing page need that form authorized (docs/behaviour.md#access). */
  readonly requiresAuthorization: boolean;
  /** Query parameters the page reads. */
  readonly query?: readonly string[];
}

export const FIXED_ROUTES = {
  catchAll: { name: 'catchAll', path: '*', kind: 'fixed', requiresAuthorization: false },
  notFound: {
    name: 'notFound',
    path: '/page-not-found',
    kind: 'fixed',
    requiresAuthorization: false,
    query: ['culture'],
  },
  error: {
    name: 'error',
    path: '/error',
    kind: 'fixed',
    requiresAuthorization: false,
    query: ['culture'],
  },
  defaultDeadline: {
    name: 'defaultDeadline',
    path: '/deadline',
    kind: 'fixed',
    requiresAuthorization: false,
  },
  sessionExpired: {
    name: 'sessionExpired',
    path: '/session-expired',
    kind: 'fixed',
    requiresAuthorization: false,
    query: ['form', 'culture'],
  },
} as const satisfies Record<string, RouteDefinition>;

export type FixedRouteName = keyof typeof FIXED_ROUTES;

/** Pages of each form after its landing page (''), in route-table order. */
export const CLAIM_FORM_PAGES = [
  '',
  'claimant-info',
  'claim-details',
  'payment-election',
  'supporting-documents',
  'claim-summary',
  'confirmation',
] as const;

export const FORM_PAGES: Readonly<Record<FormType, readonly string[]>> = {
  Standard: CLAIM_FORM_PAGES,
  Automotive: CLAIM_FORM_PAGES,
  Lookup: [''],
  DocumentsUpload: ['', 'supporting-documents', 'confirmation'],
};

/** The path of a form page: formPagePath('Standard', 'claim-details') → '/standard/claim-details'. */
export function formPagePath(formType: FormType, page: string): string {
  const base = `/${FORM_TYPE_SEGMENTS[formType]}`;
  return page === '' ? base : `${base}/${page}`;
}

function camel(segment: string): string {
  return segment.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function pascal(segment: string): string {
  const camelCased = camel(segment);
  return camelCased.charAt(0).toUpperCase() + camelCased.slice(1);
}

/** Named like 'standardLanding', 'automotiveClaimDetails', 'documentsUploadConfirmation'. */
const FORM_ROUTES: readonly RouteDefinition[] = FORM_TYPES.flatMap((formType) =>
  FORM_PAGES[formType].map((page): RouteDefinition => ({
    name: camel(FORM_TYPE_SEGMENTS[formType]) + (page === '' ? 'Landing' : pascal(page)),
    path: formPagePath(formType, page),
    kind: 'form',
    formType,
    // The landing page is where the claimant authorizes (docs/behaviour.md#routes).
    requiresAuthorization: page !== '',
  })),
);

/**
 * The site root shows the automotive landing page but carries no form type
 * (docs/behaviour.md#routes).
 */
const ROOT_ROUTE: RouteDefinition = {
  name: 'root',
  path: '/',
  kind: 'form',
  requiresAuthorization: false,
};

/** Header-link pages (docs/behaviour.md#content-pages), filled from the case definition. */
export const CONTENT_ROUTES = {
  keyDates: { name: 'keyDates', path: '/dates', kind: 'content', requiresAuthorization: false },
  importantDocuments: {
    name: 'importantDocuments',
    path: '/documents',
    kind: 'content',
    requiresAuthorization: false,
  },
  faq: { name: 'faq', path: '/faq', kind: 'content', requiresAuthorization: false },
  fileClaim: { name: 'fileClaim', path: '/claim', kind: 'content', requiresAuthorization: false },
  claimStatus: {
    name: 'claimStatus',
    path: '/claim/status',
    kind: 'content',
    requiresAuthorization: false,
  },
  changeOfAddress: {
    name: 'changeOfAddress',
    path: '/coa',
    kind: 'content',
    requiresAuthorization: false,
  },
  /** The site's own privacy policy, for a case whose footer links to it rather than elsewhere. */
  privacy: { name: 'privacy', path: '/privacy', kind: 'content', requiresAuthorization: false },
} as const satisfies Record<string, RouteDefinition>;

/** Every route, the catch-all last. */
export const ROUTES: readonly RouteDefinition[] = [
  FIXED_ROUTES.notFound,
  FIXED_ROUTES.error,
  FIXED_ROUTES.defaultDeadline,
  FIXED_ROUTES.sessionExpired,
  ROOT_ROUTE,
  ...FORM_ROUTES,
  ...Object.values(CONTENT_ROUTES),
  FIXED_ROUTES.catchAll,
];

/**
 * The comparable form of a path: query and fragment dropped, repeated and trailing slashes
 * removed, lower-cased (the web router matches paths case-insensitively, and the server must
 * agree with it on which paths exist). '' and '/' both become '/'.
 */
export function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] as string;
  const trimmed = path
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

const ROUTES_BY_PATH = new Map<string, RouteDefinition>();
for (const route of ROUTES) {
  if (route !== FIXED_ROUTES.catchAll) ROUTES_BY_PATH.set(normalizePath(route.path), route);
}

/** The route that shows `pathname`; the catch-all when none does. */
export function matchRoute(pathname: string): RouteDefinition {
  return ROUTES_BY_PATH.get(normalizePath(pathname)) ?? FIXED_ROUTES.catchAll;
}

/** False for paths only the catch-all shows; the server answers those with status 404. */
export function isKnownRoute(pathname: string): boolean {
  return ROUTES_BY_PATH.has(normalizePath(pathname));
}

/** The form type of the page at `pathname`; undefined for the root and for non-form pages. */
export function formTypeForPath(pathname: string): FormType | undefined {
  return matchRoute(pathname).formType;
}

/** `path` with a query string: withQuery('/error', { culture: 'es' }) → '/error?culture=es'. */
export function withQuery(path: string, params: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(params).toString();
  return query === '' ? path : `${path}?${query}`;
}
