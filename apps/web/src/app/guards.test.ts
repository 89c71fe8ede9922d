import { toDeadlineSettings } from '@claims/core/deadlines/deadlines';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCultureContent } from '../lib/api-client';
import { useApplicationStore } from '../stores/application-store';
import { useLocalizationStore } from '../stores/localization-store';
import { enableEnglishAndSpanish } from '../stores/testing/cultures';
import { resetStores } from '../stores/testing/reset-stores';
import { runRouteGuards } from './guards';

vi.mock('../lib/api-client', () => ({
  getCultureContent: vi.fn(() => Promise.resolve([])),
  setLanguage: vi.fn(() => Promise.resolve({ culture: 'es' })),
  // Nothing is signed in: the status page and the form's standing read answer 401.
  callJson: vi.fn(() => Promise.resolve({ status: 401, body: null, error: null })),
}));

const NOW = new Date('2027-01-10T12:00:00Z');

function guard(path: string) {
  return runRouteGuards(new URL(path, 'https://claims.example'), NOW);
}

function setDeadlines(deadline: string, redirectUrl?: string) {
  useApplicationStore.getState().setDeadlineSettings(
    toDeadlineSettings({
      en: {
        deadlines: {
          automotiveFilingDeadline: {
            deadlineDateTime: deadline,
            ...(redirectUrl === undefined ? {} : { redirectUrl }),
          },
        },
        projectTimeZone: 'America/Los_Angeles',
      },
      es: { deadlines: { automotiveFilingDeadline: { deadlineDateTime: deadline } } },
    }),
  );
}

beforeEach(() => {
  resetStores();
  vi.mocked(getCultureContent).mockClear();
  enableEnglishAndSpanish();
});

describe('route guards', () => {
  it('lets a plain page through in the active culture', async () => {
    await expect(guard('/faq')).resolves.toEqual({ kind: 'continue', culture: 'en' });
  });

  it('strips characters other than letters, digits, hyphen and underscore and replaces the route', async () => {
    await expect(guard('/faq?culture=es<script>&x=a%20b')).resolves.toEqual({
      kind: 'redirect',
      to: '/faq?culture=esscript&x=ab',
    });
  });

  it('switches to the culture of the query', async () => {
    await guard('/faq?culture=es');
    expect(getCultureContent).toHaveBeenCalledWith('es');
    expect(useLocalizationStore.getState().activeCulture).toBe('es');
  });

  it('falls back to English for a culture that is not enabled', async () => {
    await expect(guard('/faq?culture=fr')).resolves.toEqual({ kind: 'continue', culture: 'en' });
  });

  it('keeps the active culture when the address names none', async () => {
    await guard('/faq?culture=es');
    await expect(guard('/dates')).resolves.toEqual({ kind: 'continue', culture: 'es' });
  });

  it('rewrites a culture in the path as the culture query', async () => {
    await expect(guard('/es/faq')).resolves.toEqual({ kind: 'redirect', to: '/faq?culture=es' });
  });

  it("lets the site's own privacy page through", async () => {
    await expect(guard('/privacy?culture=es')).resolves.toEqual({
      kind: 'continue',
      culture: 'es',
    });
  });

  it('sends an unknown path to the not-found page with the culture', async () => {
    await expect(guard('/no-such-page?culture=es')).resolves.toEqual({
      kind: 'redirect',
      to: '/page-not-found?culture=es',
    });
  });

  it('sends a form page whose deadline has passed to the deadline page', async () => {
    setDeadlines('2027-01-01T00:00:00-08:00');
    await expect(guard('/automotive')).resolves.toEqual({
      kind: 'redirect',
      to: '/deadline?culture=en',
    });
  });

  it('keeps the culture of the claimant on the way to the deadline page', async () => {
    setDeadlines('2027-01-01T00:00:00-08:00');
    await expect(guard('/automotive?culture=es')).resolves.toEqual({
      kind: 'redirect',
      to: '/deadline?culture=es',
    });
  });

  it('lets the deadline page itself through in the culture of its address', async () => {
    setDeadlines('2027-01-01T00:00:00-08:00');
    await expect(guard('/deadline?culture=es')).resolves.toEqual({
      kind: 'continue',
      culture: 'es',
    });
  });

  it('applies the automotive deadline to the site root', async () => {
    setDeadlines('2027-01-01T00:00:00-08:00');
    await expect(guard('/')).resolves.toEqual({ kind: 'redirect', to: '/deadline?culture=en' });
  });

  it('sends the browser to the external URL the deadline names for the language', async () => {
    setDeadlines('2027-01-01T00:00:00-08:00', 'https://other.example/closed');
    await expect(guard('/automotive')).resolves.toEqual({
      kind: 'external',
      url: 'https://other.example/closed',
    });
  });

  it('lets a form through before its deadline', async () => {
    setDeadlines('2027-06-01T00:00:00-07:00');
    await expect(guard('/automotive')).resolves.toMatchObject({ kind: 'continue' });
  });

  it('keeps the header-link pages open after the deadline', async () => {
    setDeadlines('2027-01-01T00:00:00-08:00');
    await expect(guard('/dates')).resolves.toMatchObject({ kind: 'continue' });
  });

  it('checks the deadline before authorization', async () => {
    setDeadlines('2027-01-01T00:00:00-08:00');
    await expect(guard('/automotive/claim-details')).resolves.toEqual({
      kind: 'redirect',
      to: '/deadline?culture=en',
    });
  });

  it('sends an unauthorized form page to the session-expired page with form and culture', async () => {
    await expect(guard('/standard/claim-details?culture=es')).resolves.toEqual({
      kind: 'redirect',
      to: '/session-expired?form=standard&culture=es',
    });
  });

  it('lets an authorized form page through', async () => {
    useApplicationStore.getState().setAuthorized('Standard', true);
    await expect(guard('/standard/claim-details')).resolves.toMatchObject({ kind: 'continue' });
  });

  it('lets a landing page through without authorization', async () => {
    await expect(guard('/standard')).resolves.toMatchObject({ kind: 'continue' });
  });
});
