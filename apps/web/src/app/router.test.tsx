import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADER_DROPDOWN_LINKS, HEADER_LINKS } from '../features/layout/site-header';
import { FIXTURE_CONTENT, siteFixture } from '../lib/testing/site-fixture';
import { useApplicationStore } from '../stores/application-store';
import { useLocalizationStore } from '../stores/localization-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useSettingsStore } from '../stores/settings-store';
import { resetStores } from '../stores/testing/reset-stores';
import { appRoutes, bindAppRouter } from './router';

vi.mock('../lib/api-client', () => ({
  getCultureContent: vi.fn((culture: 'en' | 'es') =>
    Promise.resolve(
      Object.entries(FIXTURE_CONTENT[culture]).map(([key, value]) => ({ key, value })),
    ),
  ),
  setLanguage: vi.fn(() => Promise.resolve({ culture: 'es' })),
}));

vi.mock('../features/themes/theme-stylesheets', () => ({
  THEME_STYLESHEETS: {
    'jnd-7-0-default': () => Promise.resolve(),
    'ftc-7-0-default': () => Promise.resolve(),
    'jnd-9-0-kontent': () => Promise.resolve(),
  },
}));

vi.mock('./form-page-modules', () => ({
  loadFormPage: () =>
    Promise.resolve(({ formType, page }: { formType: string; page: string }) => (
      <h1>
        {formType} {page}
      </h1>
    )),
  loadLookupPage: () => Promise.resolve(() => <h1>Lookup page</h1>),
}));

let unbind: () => void = () => undefined;

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  unbind = bindAppRouter(router);
  render(<RouterProvider router={router} />);
  return router;
}

async function heading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
}

beforeEach(() => {
  resetStores();
  useSettingsStore.getState().setSite(siteFixture());
  useApplicationStore
    .getState()
    .setAvailableFormTypes(['Standard', 'Automotive', 'Lookup', 'DocumentsUpload']);
  useLocalizationStore.getState().setEnabledCultures({
    cultures: [
      { code: 'en', name: 'English' },
      { code: 'es', name: 'Español' },
    ],
    defaultCulture: 'en',
  });
});

afterEach(() => {
  unbind();
});

describe('routes', () => {
  it.each([
    ['/page-not-found?culture=en', 'Page not found'],
    ['/error?culture=en', 'Something went wrong'],
    ['/deadline', 'The deadline has passed'],
    ['/session-expired?form=standard&culture=en', 'Your session has expired'],
  ])('renders the fixed route %s', async (path, title) => {
    renderAt(path);
    expect(await heading(title)).toBeInTheDocument();
  });

  it('sends an unknown path to not-found with the culture in the query', async () => {
    const router = renderAt('/no/such/page');
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/page-not-found');
    expect(router.state.location.search).toBe('?culture=en');
  });

  it('replaces a route whose query had unsafe characters', async () => {
    const router = renderAt('/faq?culture=es&ref=%3Cscript%3E');
    expect(await heading('Preguntas frecuentes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?culture=es&ref=script');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('switches every text to Spanish with ?culture=es', async () => {
    renderAt('/faq?culture=es');
    expect(await heading('Preguntas frecuentes')).toBeInTheDocument();
    expect(screen.getByText('Acuerdo de Frenos')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  it('loads the landing page of a form', async () => {
    renderAt('/standard/');
    expect(await heading('Standard landing')).toBeInTheDocument();
  });

  it('shows the automotive landing page at the site root', async () => {
    renderAt('/');
    expect(await heading('Automotive landing')).toBeInTheDocument();
  });

  it('loads the lookup page', async () => {
    renderAt('/lookup');
    expect(await heading('Lookup page')).toBeInTheDocument();
  });

  it('wraps form pages in the forms layout', async () => {
    renderAt('/automotive');
    const title = await heading('Automotive landing');
    expect(title.closest('form')).toHaveAttribute('novalidate');
  });

  it('sends an unauthorized form page to session-expired with form and culture', async () => {
    const router = renderAt('/standard/claim-details?culture=es');
    expect(await heading(/./)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/session-expired');
    expect(router.state.location.search).toBe('?form=standard&culture=es');
  });

  it('shows an authorized form page and syncs the navigation state to it', async () => {
    useApplicationStore.getState().setAuthorized('Standard', true);
    renderAt('/standard/claim-details');
    expect(await heading('Standard claim-details')).toBeInTheDocument();
    expect(useNavigationStore.getState().currentPage?.path).toBe('/standard/claim-details');
  });

  it('moves the focus to the heading of the page navigated to', async () => {
    const user = userEvent.setup();
    renderAt('/faq');
    await heading('Frequently Asked Questions');
    await user.click(screen.getByRole('link', { name: 'Key Dates' }));
    const title = await heading('Key Dates');
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('titles the browser tab with the page heading and the project title', async () => {
    renderAt('/faq?culture=es');
    await heading('Preguntas frecuentes');
    await waitFor(() => expect(document.title).toBe('Preguntas frecuentes | Acuerdo de Frenos'));
  });

  it('leads every header link to a page of its own', async () => {
    const router = renderAt('/faq');
    await heading('Frequently Asked Questions');
    for (const link of [...HEADER_LINKS, ...HEADER_DROPDOWN_LINKS]) {
      await act(() => router.navigate(link.path));
      expect(router.state.location.pathname).toBe(link.path);
      expect(await heading(/./)).not.toHaveTextContent('Page not found');
    }
  });
});
