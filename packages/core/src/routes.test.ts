import { describe, expect, it } from 'vitest';
import {
  CONTENT_ROUTES,
  FIXED_ROUTES,
  formPagePath,
  formTypeForPath,
  isKnownRoute,
  matchRoute,
  normalizePath,
  ROUTES,
  withQuery,
} from './routes';

describe('FIXED_ROUTES', () => {
  it('names the fixed routes with their default names and paths', () => {
    expect(Object.values(FIXED_ROUTES).map((route) => [route.name, route.path])).toEqual([
      ['catchAll', '*'],
      ['notFound', '/page-not-found'],
      ['error', '/error'],
      ['defaultDeadline', '/deadline'],
      ['sessionExpired', '/session-expired'],
    ]);
  });

  it('gives the session-expired page the form and culture query parameters', () => {
    expect(FIXED_ROUTES.sessionExpired.query).toEqual(['form', 'culture']);
  });

  it('lets the not-found and error pages carry the culture', () => {
    expect(FIXED_ROUTES.notFound.query).toEqual(['culture']);
    expect(FIXED_ROUTES.error.query).toEqual(['culture']);
  });
});

describe('ROUTES', () => {
  it('gives every route a different name', () => {
    const names = ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every route a different path', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('ends with the catch-all', () => {
    expect(ROUTES.at(-1)).toBe(FIXED_ROUTES.catchAll);
  });

  it('registers every form page', () => {
    const formPaths = ROUTES.filter((route) => route.formType !== undefined).map((r) => r.path);
    expect(formPaths).toEqual([
      '/standard',
      '/standard/claimant-info',
      '/standard/claim-details',
      '/standard/payment-election',
      '/standard/supporting-documents',
      '/standard/claim-summary',
      '/standard/confirmation',
      '/automotive',
      '/automotive/claimant-info',
      '/automotive/claim-details',
      '/automotive/payment-election',
      '/automotive/supporting-documents',
      '/automotive/claim-summary',
      '/automotive/confirmation',
      '/lookup',
      '/documents-upload',
      '/documents-upload/supporting-documents',
      '/documents-upload/confirmation',
    ]);
  });

  it('registers the header-link pages and the privacy page', () => {
    expect(Object.values(CONTENT_ROUTES).map((route) => route.path)).toEqual([
      '/dates',
      '/documents',
      '/faq',
      '/claim',
      '/claim/status',
      '/coa',
      '/privacy',
    ]);
  });
});

describe('matchRoute', () => {
  it('finds a form page with its form type and route name', () => {
    expect(matchRoute('/automotive/claim-details')).toMatchObject({
      name: 'automotiveClaimDetails',
      formType: 'Automotive',
      requiresAuthorization: true,
    });
  });

  it('treats a trailing slash as the same page', () => {
    expect(matchRoute('/standard/').name).toBe('standardLanding');
  });

  it('gives the site root no form type', () => {
    expect(matchRoute('/')).toMatchObject({ name: 'root', requiresAuthorization: false });
    expect(matchRoute('/').formType).toBeUndefined();
  });

  it('requires authorization on no landing page', () => {
    for (const path of ['/standard', '/automotive', '/lookup', '/documents-upload']) {
      expect(matchRoute(path).requiresAuthorization).toBe(false);
    }
  });

  it('ignores the query string and fragment', () => {
    expect(matchRoute('/session-expired?form=standard&culture=es').name).toBe('sessionExpired');
    expect(matchRoute('/faq#deadlines').name).toBe('faq');
  });

  it('falls back to the catch-all for an unknown path', () => {
    expect(matchRoute('/standard/unknown')).toBe(FIXED_ROUTES.catchAll);
  });
});

describe('isKnownRoute', () => {
  it('knows the fixed, form and content pages', () => {
    expect(isKnownRoute('/deadline')).toBe(true);
    expect(isKnownRoute('/documents-upload/confirmation')).toBe(true);
    expect(isKnownRoute('/claim/status')).toBe(true);
  });

  it('does not know a path only the catch-all shows', () => {
    expect(isKnownRoute('/wp-admin')).toBe(false);
  });

  it('does not take the catch-all pattern for a path', () => {
    expect(isKnownRoute('*')).toBe(false);
  });
});

describe('formTypeForPath', () => {
  it('gives the form type of a form page', () => {
    expect(formTypeForPath('/documents-upload/supporting-documents')).toBe('DocumentsUpload');
  });

  it('gives no form type for a content page', () => {
    expect(formTypeForPath('/faq')).toBeUndefined();
  });
});

describe('normalizePath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['//', '/'],
    ['/Standard/', '/standard'],
    ['standard', '/standard'],
    ['/standard//claim-details', '/standard/claim-details'],
    ['/lookup/?culture=es', '/lookup'],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
});

describe('formPagePath', () => {
  it('joins the form segment and the page', () => {
    expect(formPagePath('DocumentsUpload', 'confirmation')).toBe('/documents-upload/confirmation');
  });

  it('gives the landing page for an empty page name', () => {
    expect(formPagePath('Lookup', '')).toBe('/lookup');
  });
});

describe('withQuery', () => {
  it('appends encoded query parameters', () => {
    expect(withQuery('/error', { culture: 'es', note: 'a b' })).toBe('/error?culture=es&note=a+b');
  });

  it('leaves the path alone without parameters', () => {
    expect(withQuery('/error', {})).toBe('/error');
  });
});
