import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadModal } from '../../components/ui/static-modal';
import { loadCsrf, sessionTimeout } from '../../lib/api-client';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizationStore } from '../../stores/localization-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { announcementMark, SessionTimer, sessionTimeoutTarget } from './session-timer';

vi.mock('../../lib/api-client', () => ({
  sessionTimeout: vi.fn(() => Promise.resolve({ loggedOut: true })),
  loadCsrf: vi.fn(() => Promise.resolve({ requestHeaderName: 'X', requestToken: 't' })),
  // Nothing is signed in: the status page and the form's standing read answer 401.
  callJson: vi.fn(() => Promise.resolve({ status: 401, body: null, error: null })),
}));

const discardClaim = vi.fn();

function renderOn(path: string) {
  useNavigationStore.getState().syncWithRouter(path);
  const router = createMemoryRouter(
    [
      { path, element: <SessionTimer onExpire={discardClaim} /> },
      { path: '/session-expired', element: <p>Session expired page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

// The dialog's code loads the first time a dialog opens; the fake clock would not wait for it.
beforeAll(async () => {
  await loadModal();
});

beforeEach(() => {
  vi.useFakeTimers();
  resetStores();
  useApplicationStore.getState().setMinSessionDuration(2);
  vi.mocked(sessionTimeout).mockClear();
  vi.mocked(loadCsrf).mockClear();
  discardClaim.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionTimer', () => {
  it('shows no warning before the last minute', async () => {
    renderOn('/standard/claim-details');
    await advance(59_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns one minute before expiry with a countdown', async () => {
    renderOn('/standard/claim-details');
    await advance(60_000);
    const dialog = screen.getByRole('dialog', { name: 'Your session is about to expire' });
    expect(dialog).toHaveTextContent('your session will end in 60 seconds');
  });

  it('counts down every second', async () => {
    renderOn('/standard/claim-details');
    await advance(63_000);
    expect(screen.getByRole('dialog')).toHaveTextContent('will end in 57 seconds');
  });

  it('puts the focus on Continue', async () => {
    renderOn('/standard/claim-details');
    await advance(60_000);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it('cannot be dismissed with Escape', async () => {
    renderOn('/standard/claim-details');
    await advance(60_000);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await advance(1000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('starts the session again with Continue', async () => {
    renderOn('/standard/claim-details');
    await advance(70_000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(59_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionTimeout).not.toHaveBeenCalled();
  });

  it('keeps the server session alive with Continue', async () => {
    renderOn('/standard/claim-details');
    await advance(70_000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(loadCsrf).toHaveBeenCalledTimes(1);
  });

  it('touches the server session at most once a minute while the claimant is active', async () => {
    renderOn('/standard/claim-details');
    for (let second = 0; second < 90; second += 5) {
      fireEvent.keyDown(window, { key: 'a' });
      await advance(5000);
    }
    expect(loadCsrf).toHaveBeenCalledTimes(1);
  });

  it('counts key presses as activity that pushes the expiry back', async () => {
    renderOn('/standard/claim-details');
    await advance(50_000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(50_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['wheel', 'mouseMove', 'mouseDown', 'touchStart'] as const)(
    'counts %s as activity',
    async (event) => {
      renderOn('/standard/claim-details');
      await advance(50_000);
      fireEvent[event](window);
      await advance(50_000);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('ignores activity while the warning shows', async () => {
    renderOn('/standard/claim-details');
    await advance(61_000);
    fireEvent.mouseMove(window);
    await advance(60_000);
    expect(sessionTimeout).toHaveBeenCalled();
  });

  it('ends the session at expiry and lands on the session-expired page', async () => {
    const router = renderOn('/standard/claim-details');
    await advance(120_000);
    expect(discardClaim).toHaveBeenCalled();
    expect(useApplicationStore.getState().sessionExpired).toBe(true);
    expect(sessionTimeout).toHaveBeenCalledTimes(1);
    expect(loadCsrf).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/session-expired');
    expect(router.state.location.search).toBe('?form=standard&culture=en');
    expect(screen.getByText('Session expired page')).toBeInTheDocument();
  });

  it('neither warns nor ends the session on a page whose timeout is disabled', async () => {
    renderOn('/lookup');
    await advance(180_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionTimeout).not.toHaveBeenCalled();
    expect(useApplicationStore.getState().sessionExpired).toBe(false);
  });
});

describe('SessionTimer on a page of no form', () => {
  it('warns one minute before expiry while the claimant holds an authorization', async () => {
    useApplicationStore.getState().setAuthorized('Standard', true);
    renderOn('/faq');
    await advance(60_000);
    expect(
      screen.getByRole('dialog', { name: 'Your session is about to expire' }),
    ).toBeInTheDocument();
  });

  it('ends the session at expiry and lands on the session-expired page of the authorized form', async () => {
    useApplicationStore.getState().setAuthorized('Automotive', true);
    useLocalizationStore.setState({ activeCulture: 'es' });
    const router = renderOn('/faq');
    await advance(120_000);
    expect(discardClaim).toHaveBeenCalled();
    expect(useApplicationStore.getState().sessionExpired).toBe(true);
    expect(useApplicationStore.getState().authorized.forms.Automotive).toBe(false);
    expect(sessionTimeout).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/session-expired');
    expect(router.state.location.search).toBe('?form=automotive&culture=es');
  });

  it('neither warns nor ends the session while no form is authorized', async () => {
    renderOn('/dates');
    await advance(180_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionTimeout).not.toHaveBeenCalled();
  });
});

describe('sessionTimeoutTarget', () => {
  it('follows the flag of a form page, off on Lookup even with an authorization', () => {
    useApplicationStore.getState().setAuthorized('Standard', true);
    useNavigationStore.getState().syncWithRouter('/lookup');
    expect(sessionTimeoutTarget(null)).toEqual({ enabled: false, formType: 'Lookup' });
  });

  it('prefers the form the claimant was last in when several are authorized', () => {
    useApplicationStore.getState().setAuthorized('Standard', true);
    useApplicationStore.getState().setAuthorized('Automotive', true);
    useNavigationStore.getState().syncWithRouter('/faq');
    expect(sessionTimeoutTarget('Automotive')).toEqual({ enabled: true, formType: 'Automotive' });
    expect(sessionTimeoutTarget(null)).toEqual({ enabled: true, formType: 'Standard' });
  });
});

describe('announcementMark', () => {
  it('groups the seconds left into the marks screen readers hear', () => {
    expect([60, 46, 45, 31, 30, 16, 15, 11, 10, 6, 5, 1].map(announcementMark)).toEqual([
      60, 60, 45, 45, 30, 30, 15, 15, 10, 10, 5, 5,
    ]);
  });
});
