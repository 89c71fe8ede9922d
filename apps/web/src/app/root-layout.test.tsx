import { THEMES } from '@claims/core/case/themes';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModelsStore } from '../features/forms/stores/models-store';
import { resetModelsStore } from '../features/forms/testing/render-with-model';
import { THEME_STYLESHEETS } from '../features/themes/theme-stylesheets';
import type * as apiClient from '../lib/api-client';
import { siteFixture } from '../lib/testing/site-fixture';
import { useApplicationStore } from '../stores/application-store';
import { useSettingsStore } from '../stores/settings-store';
import { resetStores } from '../stores/testing/reset-stores';
import { PAGE_LOAD_ID, ROOT_ID } from './page-load';
import { RootLayout } from './root-layout';

vi.mock('../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  sessionTimeout: vi.fn(() => Promise.resolve({ loggedOut: true })),
  loadCsrf: vi.fn(() => Promise.resolve({ requestHeaderName: 'X', requestToken: 't' })),
}));

vi.mock('../features/themes/theme-stylesheets', () => ({
  THEME_STYLESHEETS: {
    'jnd-7-0-default': vi.fn(() => Promise.resolve()),
    'ftc-7-0-default': vi.fn(() => Promise.resolve()),
    'jnd-9-0-kontent': vi.fn(() => Promise.resolve()),
  },
}));

const SHELL_CLASSES = {
  'jnd-7-0-default': 'site-shell--jnd-7-0-default',
  'ftc-7-0-default': 'site-shell--ftc-7-0-default',
  'jnd-9-0-kontent': 'site-shell--jnd-9-0-kontent',
};

function renderLayout(theme: string | null) {
  if (theme !== null) useSettingsStore.getState().setSite(siteFixture({ theme }));
  const router = createMemoryRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <h1>The page</h1> },
        { path: '/session-expired', element: <h1>Session expired</h1> },
      ],
    },
  ]);
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  resetStores();
  for (const load of Object.values(THEME_STYLESHEETS)) vi.mocked(load).mockClear();
  document.body.innerHTML = `<div id="${PAGE_LOAD_ID}" role="status">Loading…</div>`;
});

describe('RootLayout', () => {
  it.each(THEMES)('loads the stylesheet of theme %s and no other', async (theme) => {
    const { container } = renderLayout(theme);
    await screen.findByRole('heading', { name: 'The page' });
    for (const other of THEMES) {
      expect(THEME_STYLESHEETS[other]).toHaveBeenCalledTimes(other === theme ? 1 : 0);
    }
    expect(container.querySelector('.site-shell')).toHaveClass(SHELL_CLASSES[theme]);
  });

  it('puts the page in the layout with header, main and footer landmarks', async () => {
    renderLayout('jnd-7-0-default');
    const main = await screen.findByRole('main');
    expect(main).toHaveTextContent('The page');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('hides the page-load spinner once the layout has mounted', async () => {
    renderLayout('ftc-7-0-default');
    await screen.findByRole('main');
    // The layout hides the spinner in an effect after it mounts, which may run a tick later.
    await waitFor(() => expect(document.getElementById(PAGE_LOAD_ID)).not.toBeVisible());
  });

  it('lets a page snapshot in the root be used once the layout has mounted', async () => {
    document.body.insertAdjacentHTML('beforeend', `<div id="${ROOT_ID}" inert></div>`);
    renderLayout('jnd-7-0-default');
    await screen.findByRole('main');
    await waitFor(() => expect(document.getElementById(ROOT_ID)).not.toHaveAttribute('inert'));
  });

  it('renders at once, loading nothing, when start-up has loaded the stylesheet', () => {
    useSettingsStore.getState().themeStylesheetLoaded('jnd-9-0-kontent');
    renderLayout('jnd-9-0-kontent');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(THEME_STYLESHEETS['jnd-9-0-kontent']).not.toHaveBeenCalled();
  });

  it('keeps the spinner until the stylesheet has loaded', async () => {
    vi.mocked(THEME_STYLESHEETS['jnd-9-0-kontent']).mockReturnValueOnce(
      new Promise(() => undefined),
    );
    renderLayout('jnd-9-0-kontent');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(document.getElementById(PAGE_LOAD_ID)).toBeVisible();
  });

  it('shows a configuration error naming an unknown theme and the allowed ones', async () => {
    renderLayout('jnd-8-0-sparkle');
    expect(
      await screen.findByRole('heading', { name: 'This site is not configured correctly' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'unexpected theme "jnd-8-0-sparkle"; expected one of jnd-7-0-default, ftc-7-0-default, jnd-9-0-kontent',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The page')).not.toBeInTheDocument();
  });

  it('says when no theme is specified', async () => {
    renderLayout('');
    expect(await screen.findByText(/^Theme not specified; expected one of/)).toBeInTheDocument();
  });

  it('says the request failed when the site settings could not be loaded', async () => {
    renderLayout(null);
    expect(
      await screen.findByRole('heading', {
        name: 'Your request failed. Please reload and try again.',
      }),
    ).toBeInTheDocument();
  });
});

describe('RootLayout session timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('discards what the claimant entered when the session ends', async () => {
    vi.useFakeTimers();
    resetModelsStore();
    useModelsStore.setState({ touched: { 'model-1': { firstName: true } } });
    useApplicationStore.getState().setMinSessionDuration(2);
    useApplicationStore.getState().setAuthorized('Standard', true);
    renderLayout('jnd-7-0-default');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('main')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(useModelsStore.getState().touched).toEqual({});
    expect(useApplicationStore.getState().sessionExpired).toBe(true);
  });
});
