import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADER_DROPDOWN_LINKS, HEADER_LINKS } from '../features/layout/site-header';
import { FIXTURE_CONTENT, siteFixture } from '../lib/testing/site-fixture';
import { useApplicationStore } from '../stores/application-store';
import { useLocalizationStore } from '../stores/localization-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useSettingsStore } from '../stores/settings-store';
import { enableEnglishAndSpanish } from '../stores/testing/cultures';
import { useModelsStore } from '../features/forms/stores/models-store';
import { demoModelConfigs } from '../features/forms/testing/demo-case';
import { resetStores } from '../stores/testing/reset-stores';
import { toDeadlineSettings } from '@claims/core/deadlines/deadlines';
import { leaveSite } from './leave-site';
import { appRoutes, bindAppRouter } from './router';

vi.mock('../lib/api-client', () => ({
  getCultureContent: vi.fn((culture: 'en' | 'es') =>
    Promise.resolve(
      Object.entries(FIXTURE_CONTENT[culture]).map(([key, value]) => ({ key, value })),
    ),
  ),
  setLanguage: vi.fn(() => Promise.resolve({ culture: 'es' })),
  // Nothing is signed in: the status page and the form's standing read answer 401.
  callJson: vi.fn(() => Promise.resolve({ status: 401, body: null, error: null })),
}));

vi.mock('../features/themes/theme-stylesheets', () => ({
  THEME_STYLESHEETS: {
    'jnd-7-0-default': () => Promise.resolve(),
    'ftc-7-0-default': () => Promise.resolve(),
    'jnd-9-0-kontent': () => Promise.resolve(),
  },
}));

vi.mock('./leave-site', () => ({ leaveSite: vi.fn() }));

vi.mock('./form-page-modules', () => ({
  loadFormPage: () =>
    Promise.resolve(({ formType, page }: { formType: string; page: string }) => (
      <h1>
        {formType} {page}
      </h1>
    )),
  loadLookupPage: () => Promise.resolve(() => <h1>Lookup page</h1>),
  loadDateSupportFor: () => Promise.resolve(),
}));

let unbind: () => void = () => undefined;

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  unbind = bindAppRouter(router);
  render(<RouterProvider router={router} />);
  return router;
}

function setPassedDeadline(redirectUrl?: string) {
  useApplicationStore.getState().setDeadlineSettings(
    toDeadlineSettings({
      en: {
        deadlines: {
          automotiveFilingDeadline: {
            deadlineDateTime: '2020-01-01T00:00:00-08:00',
            ...(redirectUrl === undefined ? {} : { redirectUrl }),
          },
        },
        projectTimeZone: 'America/Los_Angeles',
      },
    }),
  );
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
  enableEnglishAndSpanish();
});

afterEach(() => {
  unbind();
  vi.mocked(leaveSite).mockClear();
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

  it('shows the case home copy beside the automotive form at the site root', async () => {
    useSettingsStore.getState().setSite(
      siteFixture({
        pages: {
          ...siteFixture().pages,
          home: {
            titleKey: 'LocKey_Home_Title',
            sections: [
              { headingKey: 'LocKey_Home_About', paragraphKeys: ['LocKey_Home_About_P1'] },
            ],
          },
        },
      }),
    );
    useLocalizationStore.setState({
      staticLocalizations: {
        LocKey_Home_Title: 'Brake Assembly Settlement',
        LocKey_Home_About: 'What is this settlement about?',
        LocKey_Home_About_P1: 'A lawsuit about brakes.',
      },
      loadedCulture: 'en',
    });
    renderAt('/');
    const form = await heading('Automotive landing');
    const about = screen.getByRole('region', { name: 'Brake Assembly Settlement' });
    expect(within(about).getByRole('heading', { level: 3 })).toHaveTextContent(
      'What is this settlement about?',
    );
    expect(about).toHaveTextContent('A lawsuit about brakes.');
    // The form comes first in reading order and keeps the page's only h1.
    expect(form.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the home copy in Spanish with ?culture=es', async () => {
    useSettingsStore.getState().setSite(
      siteFixture({
        pages: { ...siteFixture().pages, home: { titleKey: 'LocKey_Project_Title', sections: [] } },
      }),
    );
    renderAt('/?culture=es');
    await heading('Automotive landing');
    expect(await screen.findByRole('region', { name: 'Acuerdo de Frenos' })).toBeInTheDocument();
  });

  it('sends a form page whose deadline passed to the deadline page in the claimant culture', async () => {
    setPassedDeadline();
    const router = renderAt('/automotive?culture=es');
    expect(await heading(/./)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deadline');
    expect(router.state.location.search).toBe('?culture=es');
  });

  it('hides the content and leaves for the deadline URL the case names for the language', async () => {
    setPassedDeadline('https://closed.example/claims');
    renderAt('/automotive');
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://closed.example/claims'));
    expect(useApplicationStore.getState().redirecting).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('main').firstElementChild).toHaveAttribute('hidden'),
    );
    // Hidden, the page is out of the accessibility tree as well as out of sight.
    expect(screen.queryByRole('heading', { name: 'Automotive landing' })).toBeNull();
  });

  it('shows the content again once a page is let through', async () => {
    useApplicationStore.getState().setRedirecting(true);
    renderAt('/faq');
    const title = await heading('Frequently Asked Questions');
    await waitFor(() => expect(title).toBeVisible());
    expect(useApplicationStore.getState().redirecting).toBe(false);
  });

  it('scrolls smoothly to the top after a navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderAt('/faq');
    await heading('Frequently Asked Questions');
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/dates'));
    await heading('Key Dates');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
    scrollTo.mockRestore();
  });

  it('jumps to the top without animation for a claimant who prefers reduced motion', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) => ({ matches: true, media: query }) as MediaQueryList);
    const router = renderAt('/faq');
    await heading('Frequently Asked Questions');
    await act(() => router.navigate('/dates'));
    await heading('Key Dates');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' }));
    scrollTo.mockRestore();
    matchMedia.mockRestore();
  });

  it('shows on the error page only the error that brought the claimant there', async () => {
    const router = renderAt('/faq');
    await heading('Frequently Asked Questions');
    act(() => {
      useApplicationStore.getState().showError('Claim refused', { redirectOnError: true });
    });
    await heading('Something went wrong');
    expect(screen.getByRole('alert')).toHaveTextContent('Claim refused');
    await act(() => router.navigate('/faq'));
    await heading('Frequently Asked Questions');
    act(() => {
      useApplicationStore.getState().showError('Wrong PIN');
      useApplicationStore.getState().hideError();
    });
    await act(() => router.navigate('/error'));
    await heading('Something went wrong');
    expect(screen.queryByText('Claim refused')).not.toBeInTheDocument();
    expect(screen.queryByText('Wrong PIN')).not.toBeInTheDocument();
  });

  it("shows the site's own privacy page", async () => {
    useLocalizationStore.setState({
      staticLocalizations: { LocKey_Page_Privacy_Title: 'How we use your information' },
      loadedCulture: 'en',
    });
    renderAt('/privacy');
    expect(await heading('How we use your information')).toBeInTheDocument();
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
    // The address form of Change My Address reads the form configs start-up loads.
    useModelsStore.getState().loadRemoteConfigs(demoModelConfigs());
    const router = renderAt('/faq');
    await heading('Frequently Asked Questions');
    for (const link of [...HEADER_LINKS, ...HEADER_DROPDOWN_LINKS]) {
      await act(() => router.navigate(link.path));
      expect(router.state.location.pathname).toBe(link.path);
      const shown = await heading(/./);
      expect(shown).not.toHaveTextContent('Page not found');
      expect(shown).not.toHaveTextContent('Something went wrong');
    }
  });
});
