import type { HeaderVariant } from '@claims/core/case/case-schema';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLocalizationStore } from '../../stores/localization-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { SiteHeader } from './site-header';

function renderHeader(variant: HeaderVariant, path = '/faq') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SiteHeader
            variant={variant}
            administratorTitle="JND Legal Administration"
            caseName="In re Brake Assembly Litigation"
            caseNumber="Case No. 3:24-cv-01234"
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function speakSpanish() {
  useLocalizationStore.setState({
    activeCulture: 'es',
    enabledCultures: { en: 'English', es: 'Español' },
    staticLocalizations: { LocKey_Header_Faq: 'Preguntas frecuentes' },
  });
}

beforeEach(() => {
  resetStores();
  useLocalizationStore.setState({ enabledCultures: { en: 'English', es: 'Español' } });
});

describe('SiteHeader', () => {
  it('shows the administrator title, case name and case number', () => {
    renderHeader('standard');
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('JND Legal Administration');
    expect(
      within(banner).getByRole('link', { name: 'In re Brake Assembly Litigation' }),
    ).toHaveAttribute('href', '/');
    expect(banner).toHaveTextContent('Case No. 3:24-cv-01234');
  });

  it('links every page of the standard header', () => {
    renderHeader('standard');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Key Dates', '/dates'],
      ['Important Documents', '/documents'],
      ['FAQ', '/faq'],
      ['File a Claim', '/claim'],
      ['VIN Lookup', '/lookup'],
    ]);
  });

  it('leaves File a Claim and VIN Lookup out of the reduced header', () => {
    renderHeader('reduced');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByRole('link', { name: 'File a Claim' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'VIN Lookup' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toBeInTheDocument();
  });

  it('offers claim status, document upload and change of address in the dropdown', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    await user.click(screen.getByRole('button', { name: 'More Options' }));
    const menu = (await screen.findByRole('link', { name: 'Check Claim Status' })).closest(
      '.dropdown-menu',
    );
    const items = within(menu as HTMLElement)
      .getAllByRole('link')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(items).toEqual([
      ['Check Claim Status', '/claim/status'],
      ['Upload Documents', '/documents'],
      ['Change My Address', '/coa'],
    ]);
  });

  it('opens the dropdown with ArrowDown from its toggle', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    const toggle = screen.getByRole('button', { name: 'More Options' });
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('link', { name: 'Change My Address' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Check Claim Status' })).toHaveFocus(),
    );
  });

  it('hides the dropdown until its toggle is pressed', () => {
    renderHeader('standard');
    expect(screen.getByRole('button', { name: 'More Options' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('link', { name: 'Change My Address' })).not.toBeInTheDocument();
  });

  it('closes the dropdown when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    await user.click(screen.getByRole('button', { name: 'More Options' }));
    await user.click(screen.getByRole('link', { name: 'Upload Documents' }));
    expect(screen.getByRole('button', { name: 'More Options' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes the dropdown with Escape', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    await user.click(screen.getByRole('button', { name: 'More Options' }));
    await screen.findByRole('link', { name: 'Check Claim Status' });
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'More Options' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(toggle).toHaveFocus();
  });

  it('opens and closes the collapsed menu with its toggle', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    const toggle = screen.getByRole('button', { name: 'Main menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('names the button that opens the menu on small screens', () => {
    renderHeader('standard');
    expect(screen.getByRole('button', { name: 'Main menu' })).toHaveAttribute(
      'aria-controls',
      'site-nav-links',
    );
  });

  it('marks the link of the current page', () => {
    renderHeader('standard', '/faq');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the culture in the links while the site is not in English', () => {
    speakSpanish();
    renderHeader('standard');
    expect(screen.getByRole('link', { name: 'Preguntas frecuentes' })).toHaveAttribute(
      'href',
      '/faq?culture=es',
    );
  });

  it('switches the culture only when the claimant chooses a language from the selector', async () => {
    const user = userEvent.setup();
    const router = renderHeader('standard', '/dates?x=1');
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('link', { name: 'Español' }));
    expect(router.state.location.pathname).toBe('/dates');
    expect(router.state.location.search).toBe('?x=1&culture=es');
  });

  it('keeps the culture while the claimant moves through the languages with the keyboard', async () => {
    const user = userEvent.setup();
    const router = renderHeader('standard', '/dates');
    screen.getByRole('button', { name: 'Language: English' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Tab}{ArrowDown}{ArrowUp}');
    expect(router.state.location.search).toBe('');
  });

  it('shows the languages only once the selector is opened', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    const toggle = screen.getByRole('button', { name: 'Language: English' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Español' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Español' })).toBeVisible();
  });

  it('closes the language list with Escape and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    const toggle = screen.getByRole('button', { name: 'Language: English' });
    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('link', { name: 'English' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the language list when the focus leaves it', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    const toggle = screen.getByRole('button', { name: 'Language: English' });
    await user.click(toggle);
    act(() => screen.getByRole('link', { name: 'FAQ' }).focus());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the language in use', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Español' })).not.toHaveAttribute('aria-current');
  });

  it('names each language in its own language', async () => {
    const user = userEvent.setup();
    renderHeader('standard');
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    const spanish = screen.getByRole('link', { name: 'Español' });
    expect(spanish).toHaveAttribute('lang', 'es');
    expect(spanish).toHaveAttribute('hreflang', 'es');
  });

  it('shows the English switch in the standard header while the culture is not English', () => {
    speakSpanish();
    renderHeader('standard', '/faq?culture=es');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/faq?culture=en',
    );
  });

  it('shows no English switch while the culture is English', () => {
    renderHeader('standard');
    expect(screen.queryByRole('link', { name: 'English' })).not.toBeInTheDocument();
  });

  it('shows no English switch in the reduced header', () => {
    speakSpanish();
    renderHeader('reduced');
    expect(screen.queryByRole('link', { name: 'English' })).not.toBeInTheDocument();
  });
});
