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

  /** A submit whose answer has this status and body, after the CSRF token has loaded. */
  async function submitAnswered(status: number, body: unknown) {
    fetchMock.mockResolvedValueOnce(json(200, CSRF));
    fetchMock.mockResolvedValueOnce(json(status, body));
    await loadCsrf();
    return postClaimSubmission('Standard', new FormData());
  }

  it('answers a submit 415 with the document it refused and why', async () => {
    const result = await submitAnswered(415, {
      error: 'file "notes.pdf" is not a PDF, JPEG or PNG document',
      nonMatchingPaymentElection: false,
      document: { name: 'notes.pdf', reason: 'notAllowedType' },
    });
    expect(result.body?.document).toEqual({ name: 'notes.pdf', reason: 'notAllowedType' });
  });

  it('leaves out a refused document whose reason it does not know', async () => {
    const result = await submitAnswered(415, {
      error: 'refused',
      nonMatchingPaymentElection: false,
      document: { name: 'notes.pdf', reason: 'ugly' },
    });
    expect(result.body).not.toHaveProperty('document');
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

const BAD_GATEWAY = () => new Response('<html>502 Bad Gateway</html>', { status: 502 });

/** Runs a call to its end, letting the retries' waits pass at once. */
async function settle<T>(call: Promise<T>): Promise<T> {
  const outcome = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const settled = await outcome;
  if ('error' in settled) throw settled.error;
  return settled.value;
}

describe('api client retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the CSRF token through a failed network and a 502', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(BAD_GATEWAY())
      .mockResolvedValueOnce(json(200, CSRF));
    await expect(settle(loadCsrf())).resolves.toEqual(CSRF);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends an authorize again after a 503 and answers the server’s answer', async () => {
    const answer = { authorized: true, error: null, captcha: 'pass', prepopulatedData: {} };
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
    fetchMock.mockResolvedValueOnce(json(200, answer));
    const body = { credentials: { noticeId: 'A', pin: '1' }, reCaptchaResponse: 't' };
    const result = await settle(authorize('Standard', body));
    expect(result).toEqual({ status: 200, body: answer });
    expect(fetchMock.mock.calls.map(([, init]) => init?.body)).toEqual([
      JSON.stringify(body),
      JSON.stringify(body),
    ]);
  });

  it('sends the same claim again, every part of it, after the instance behind the proxy failed', async () => {
    fetchMock.mockResolvedValueOnce(json(200, CSRF));
    await settle(loadCsrf());
    const received: [string, FormDataEntryValue][][] = [];
    fetchMock.mockImplementation(async (_path, init) => {
      received.push([...(init?.body as FormData).entries()]);
      return received.length === 1
        ? new Response('', { status: 504 })
        : json(200, {
            error: null,
            nonMatchingPaymentElection: false,
            referenceCodeForm: 'CODE-1',
          });
    });
    const form = new FormData();
    form.append('claimantInfo', '{"clientId":"m-1"}');
    form.append('documents', new Blob(['%PDF-1.7']), 'doc-1');
    const result = await settle(postClaimSubmission('Standard', form));
    expect(result.body?.referenceCodeForm).toBe('CODE-1');
    expect(received).toHaveLength(2);
    expect(received[1]?.map(([name]) => name)).toEqual(['claimantInfo', 'documents']);
    expect(received[1]).toEqual(received[0]);
    const sent = received[1]?.[1]?.[1] as File;
    expect(await sent.text()).toBe('%PDF-1.7');
  });

  it('reports a network failure on submit only after the retries', async () => {
    fetchMock.mockResolvedValueOnce(json(200, CSRF));
    await settle(loadCsrf());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(settle(postClaimSubmission('Standard', new FormData()))).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1 + 4);
  });

  it('does not send again the calls that only read settings', async () => {
    fetchMock.mockResolvedValueOnce(BAD_GATEWAY());
    await expect(settle(getFormsConfig())).rejects.toMatchObject({ status: 502 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
