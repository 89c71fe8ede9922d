import { claimDetailFixture, meFixture } from '@claims/core/admin/test-helpers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, TEST_CSRF } from '../testing/fetch-stub';
import {
  clearCsrf,
  getClaim,
  getClaims,
  getMe,
  isApiError,
  onSessionEnded,
  signIn,
  transitionClaim,
  verifyTotp,
} from './api-client';

beforeEach(() => {
  clearCsrf();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin API client', () => {
  it('sends the CSRF token on an unsafe call', async () => {
    const api = stubFetch({
      'POST /admin/api/claims/c-1002/transitions': { body: claimDetailFixture() },
    });
    await transitionClaim('c-1002', { transition: 'approve', expectedStatus: 'in_review' });
    const [post] = api.callsTo('POST /admin/api/claims/c-1002/transitions');
    expect(post?.headers.get(TEST_CSRF.requestHeaderName)).toBe(TEST_CSRF.requestToken);
  });

  it('asks for the CSRF token once for several unsafe calls', async () => {
    const api = stubFetch({
      'POST /admin/api/claims/c-1002/transitions': { body: claimDetailFixture() },
    });
    await transitionClaim('c-1002', { transition: 'approve', expectedStatus: 'in_review' });
    await transitionClaim('c-1002', { transition: 'approve', expectedStatus: 'in_review' });
    expect(api.callsTo('GET /admin/api/csrf')).toHaveLength(1);
  });

  it('sends no CSRF token on a read', async () => {
    const api = stubFetch({ 'GET /admin/api/me': { body: meFixture() } });
    await getMe();
    expect(api.callsTo('GET /admin/api/csrf')).toHaveLength(0);
  });

  it('asks for a new CSRF token after each sign-in step', async () => {
    const api = stubFetch({
      'POST /admin/api/sign-in': { body: { next: 'totp' } },
      'POST /admin/api/sign-in/totp': { body: meFixture() },
    });
    await signIn({ email: 'rita.reviewer@example.test', password: 'secret' });
    await verifyTotp('123456');
    expect(api.callsTo('GET /admin/api/csrf')).toHaveLength(2);
  });

  it('reports the end of the session when a signed-in call answers 401', async () => {
    stubFetch({ 'GET /admin/api/me': { status: 401, body: { error: 'Sign in again.' } } });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(getMe()).rejects.toSatisfy((error) => isApiError(error, 401));
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('does not report the end of a session when a sign-in step answers 401', async () => {
    stubFetch({ 'POST /admin/api/sign-in': { status: 401, body: { error: 'Refused.' } } });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(signIn({ email: 'a@b.test', password: 'x' })).rejects.toThrow('Refused.');
    stop();
    expect(ended).not.toHaveBeenCalled();
  });

  it('carries the server’s error message', async () => {
    stubFetch({
      'GET /admin/api/claims/c-9': { status: 404, body: { error: 'No claim has this id.' } },
    });
    await expect(getClaim('c-9')).rejects.toThrow('No claim has this id.');
  });

  it('refuses an answer outside the contract', async () => {
    stubFetch({ 'GET /admin/api/claims': { body: { items: 'none' } } });
    await expect(getClaims({})).rejects.toThrow(/outside the contract/);
  });

  it('writes the claims query into the address', async () => {
    const api = stubFetch({
      'GET /admin/api/claims': {
        body: { items: [], total: 0, moreThanTotal: false, page: 2, pageSize: 50 },
      },
    });
    await getClaims({ status: ['deficient'], q: 'Lopez', page: 2, pageSize: 50 });
    expect(api.calls[0]?.query).toEqual({
      status: 'deficient',
      q: 'Lopez',
      page: '2',
      pageSize: '50',
    });
  });

  it('reports a server it cannot reach with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(getMe()).rejects.toSatisfy((error) => isApiError(error, 0));
  });
});
