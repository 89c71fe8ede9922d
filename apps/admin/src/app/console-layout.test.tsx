import {
  caseSettingsFixture,
  claimsResponseFixture,
  meFixture,
} from '@claims/core/admin/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderConsole } from '../testing/render-console';

function stubSignedIn(role: 'viewer' | 'reviewer' | 'supervisor' = 'reviewer') {
  return stubFetch({
    'GET /admin/api/me': { body: meFixture({ role }) },
    'GET /admin/api/case': { body: caseSettingsFixture() },
    'GET /admin/api/claims': { body: claimsResponseFixture() },
    'GET /admin/api/claims/c-1001': { status: 404, body: { error: 'No claim has this id.' } },
    'POST /admin/api/sign-out': { body: { signedOut: true } },
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the console layout', () => {
  it('asks the server who is signed in and shows it', async () => {
    stubSignedIn();
    renderConsole('/');
    expect(
      await screen.findByText('Signed in as rita.reviewer@example.test (Reviewer)'),
    ).toBeVisible();
  });

  it('shows the case’s name', async () => {
    stubSignedIn();
    renderConsole('/');
    expect(await screen.findByText('Doe v. Example Motors')).toBeVisible();
  });

  it('sends a browser with no session to sign in, keeping where it was going', async () => {
    stubFetch({ 'GET /admin/api/me': { status: 401, body: { error: 'Sign in.' } } });
    const router = renderConsole('/claims/c-1001');
    await screen.findByLabelText('E-mail address');
    expect(router.state.location.pathname).toBe('/admin/sign-in');
    expect(router.state.location.search).toBe('?reason=expired&next=%2Fclaims%2Fc-1001');
  });

  it('starts with a link that skips to the main content', async () => {
    stubSignedIn();
    renderConsole('/');
    await screen.findByRole('heading', { level: 1, name: 'Claims queue' });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('links the audit log for a supervisor', async () => {
    stubSignedIn('supervisor');
    renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toBeVisible();
  });

  it('does not link the audit log for a reviewer', async () => {
    stubSignedIn('reviewer');
    renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it('moves the focus to the new page’s heading after a navigation', async () => {
    stubSignedIn();
    renderConsole('/');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('link', { name: 'AB7K-9QXM' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Claim' })).toHaveFocus(),
    );
  });

  it('signs out and says so', async () => {
    const api = stubSignedIn();
    renderConsole('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You are signed out.')).toBeVisible();
    expect(api.callsTo('POST /admin/api/sign-out')).toHaveLength(1);
  });

  it('ends a session past its absolute lifetime', async () => {
    stubSignedIn();
    const past = new Date(Date.now() - 1000).toISOString();
    const router = renderConsole('/', {
      me: meFixture({ idleExpiresAt: past, absoluteExpiresAt: past }),
      caseSettings: caseSettingsFixture(),
    });
    expect(await screen.findByText(/Your session has ended/)).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/sign-in');
  });

  it('warns a minute before an idle session ends and lets the administrator stay', async () => {
    const api = stubSignedIn();
    // Twenty minutes after the last call, on a page that makes none.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 20 * 60_000);
    const soon = new Date(Date.now() + 30_000).toISOString();
    renderConsole('/nowhere', {
      me: meFixture({ idleExpiresAt: soon }),
      caseSettings: caseSettingsFixture(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/me')).toHaveLength(1));
  });

  it('warns a minute before the absolute lifetime ends, with no way to extend it', async () => {
    stubSignedIn();
    const soon = new Date(Date.now() + 30_000).toISOString();
    renderConsole('/nowhere', {
      me: meFixture({ absoluteExpiresAt: soon }),
      caseSettings: caseSettingsFixture(),
    });
    expect(await screen.findByText(/reaches its 8-hour limit/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
  });

  it('says when a page does not exist', async () => {
    stubSignedIn();
    renderConsole('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
