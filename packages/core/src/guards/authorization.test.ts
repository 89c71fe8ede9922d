import { describe, expect, it } from 'vitest';
import {
  authorizationRedirect,
  requiresAuthorization,
  sessionExpiredLocation,
} from './authorization';

describe('requiresAuthorization', () => {
  it('is required after a form landing page', () => {
    expect(requiresAuthorization('/standard/claimant-info')).toBe(true);
  });

  it('is not required on a landing page', () => {
    expect(requiresAuthorization('/documents-upload/')).toBe(false);
  });

  it('is not required on pages of no form', () => {
    expect(requiresAuthorization('/faq')).toBe(false);
    expect(requiresAuthorization('/unknown')).toBe(false);
  });
});

describe('sessionExpiredLocation', () => {
  it('carries the form segment and the culture', () => {
    expect(sessionExpiredLocation('Standard', 'es')).toBe(
      '/session-expired?form=standard&culture=es',
    );
  });

  it('writes the DocumentsUpload form as its path segment', () => {
    expect(sessionExpiredLocation('DocumentsUpload', 'en')).toBe(
      '/session-expired?form=documents-upload&culture=en',
    );
  });
});

describe('authorizationRedirect', () => {
  it('sends an unauthorized form to the session-expired page', () => {
    expect(
      authorizationRedirect({
        pathname: '/automotive/claim-details',
        authorizedForms: {},
        culture: 'es',
      }),
    ).toBe('/session-expired?form=automotive&culture=es');
  });

  it('lets an authorized form through', () => {
    expect(
      authorizationRedirect({
        pathname: '/automotive/claim-details',
        authorizedForms: { Automotive: true },
        culture: 'en',
      }),
    ).toBeUndefined();
  });

  it("does not accept another form's authorization", () => {
    expect(
      authorizationRedirect({
        pathname: '/standard/claim-details',
        authorizedForms: { Automotive: true },
        culture: 'en',
      }),
    ).toBe('/session-expired?form=standard&culture=en');
  });

  it('lets everyone onto a page that needs no authorization', () => {
    expect(
      authorizationRedirect({ pathname: '/standard', authorizedForms: {}, culture: 'en' }),
    ).toBeUndefined();
  });
});
