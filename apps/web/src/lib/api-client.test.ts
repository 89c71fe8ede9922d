import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  authorize,
  clearCsrf,
  clearPrefetched,
  getCultures,
  getFormsConfig,
  isCsrfLoaded,
  loadCsrf,
  prefetch,
  sessionTimeout,
  postClaimSubmission,
} from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const CSRF = { requestHeaderName: 'X-CSRF-Token', requestToken: 'token-123' };

function sentHeaders(call = 0): Headers {
  const init = fetchMock.mock.calls[call]?.[1];
  return new Headers(init?.headers);
}

beforeEach(() => {
  clearCsrf();
  clearPrefetched();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('reads a GET answer asked for ahead of the call, and only once', async () => {
    const cultures = { cultures: [{ code: 'en', name: 'English' }], defaultCulture: 'en' };
    const later = { cultures: [{ code: 'es', name: 'Español' }], defaultCulture: 'es' };
    fetchMock.mockResolvedValueOnce(json(200, cultures));
    fetchMock.mockResolvedValueOnce(json(200, later));
    await prefetch('/api/cultures');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(getCultures()).resolves.toEqual(cultures);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(getCultures()).resolves.toEqual(later);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks once when the same GET answer is asked for ahead twice', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await Promise.all([prefetch('/api/forms/config'), prefetch('/api/forms/config')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a failed answer asked for ahead to the call that reads it', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(prefetch('/api/cultures')).resolves.toBeUndefined();
    await expect(getCultures()).rejects.toMatchObject({ status: 0, path: '/api/cultures' });
  });

  it('forgets answers asked for ahead and never read once told to', async () => {
    fetchMock.mockResolvedValueOnce(json(200, CSRF));
    fetchMock.mockResolvedValueOnce(json(200, { ...CSRF, requestToken: 'token-of-now' }));
    await prefetch('/api/csrf');
    clearPrefetched();
    await expect(loadCsrf()).resolves.toMatchObject({ requestToken: 'token-of-now' });
  });

  it('keeps the CSRF token and sends it on unsafe calls', async () => {
    fetchMock.mockResolvedValueOnce(json(200, CSRF));
    fetchMock.mockResolvedValueOnce(json(200, { loggedOut: true }));
    await loadCsrf();
    await sessionTimeout();
    expect(isCsrfLoaded()).toBe(true);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/session-timeout');
    expect(sentHeaders(1).get('X-CSRF-Token')).toBe('token-123');
  });

  it('does not send the CSRF token on GET calls', async () => {
    fetchMock.mockResolvedValueOnce(json(200, CSRF));
    fetchMock.mockResolvedValueOnce(json(200, []));
    await loadCsrf();
    await getFormsConfig();
    expect(sentHeaders(1).has('X-CSRF-Token')).toBe(false);
  });

  it('throws an ApiError with the status when a GET call fails', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'forbidden' }));
    await expect(getCultures()).rejects.toMatchObject({ name: 'ApiError', status: 403 });
  });

  it('throws an ApiError naming the path when the body does not match the contract', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { cultures: 'en' }));
    const error = await getCultures().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain(
      'GET /api/cultures answered with an unexpected body',
    );
  });

  it('throws an ApiError with status 0 when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(getFormsConfig()).rejects.toMatchObject({ status: 0 });
  });

  it('answers an authorize 401 as unauthorized with the server error instead of throwing', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'The PIN does not match.' }));
    const result = await authorize('Standard', {
      credentials: { pin: '1' },
      reCaptchaResponse: 't',
    });
    expect(result).toEqual({
      status: 401,
      body: {
        authorized: false,
        error: 'The PIN does not match.',
        captcha: null,
        prepopulatedData: null,
      },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/forms/standard/authorize');
  });

  it('answers an authorize 500 without a contract body with a null body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    const result = await authorize('Lookup', { credentials: {}, reCaptchaResponse: 't' });
    expect(result).toEqual({ status: 500, body: null });
  });

  it('answers a submit 400 with its error and nonMatchingPaymentElection', async () => {
    fetchMock.mockResolvedValueOnce(json(200, CSRF));
    fetchMock.mockResolvedValueOnce(
      json(400, { error: 'Payment details differ.', nonMatchingPaymentElection: true }),
    );
    await loadCsrf();
    const result = await postClaimSubmission('Automotive', new FormData());
    expect(result.body).toEqual({
      error: 'Payment details differ.',
      nonMatchingPaymentElection: true,
      referenceCodeForm: null,
    });
    expect(sentHeaders(1).get('X-CSRF-Token')).toBe('token-123');
  });

  it('refuses to submit before the CSRF token is loaded', async () => {
    await expect(postClaimSubmission('Standard', new FormData())).rejects.toThrow(
      'called before the CSRF token was loaded',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses to submit a Lookup, which has no submission', async () => {
    await expect(postClaimSubmission('Lookup', new FormData())).rejects.toThrow(
      'expected one of Standard, Automotive, DocumentsUpload',
    );
  });
});
