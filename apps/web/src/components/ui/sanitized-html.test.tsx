import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLocalizationStore } from '../../stores/localization-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { localizeSiteLinks, SanitizedHtml } from './sanitized-html';

beforeEach(() => {
  resetStores();
});

function renderInRouter(html: string, path = '/faq') {
  const router = createMemoryRouter(
    [
      { path: '/faq', element: <SanitizedHtml as="p" html={html} /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * Clicks the link and tells whether the page left the click to the browser (did not prevent
 * its default); the browser's navigation itself is stopped, jsdom cannot load another page.
 */
function clickLeftToBrowser(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let leftToBrowser = false;
  const observe = (event: Event) => {
    leftToBrowser = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', observe);
  fireEvent.click(link, init);
  document.removeEventListener('click', observe);
  return leftToBrowser;
}

function speakSpanish() {
  useLocalizationStore.setState({
    activeCulture: 'es',
    enabledCultures: { en: 'English', es: 'Español' },
  });
}

describe('SanitizedHtml', () => {
  it('renders the copy the server sanitised as it comes, its links included', () => {
    render(
      <SanitizedHtml
        as="p"
        html='See the <a href="https://court.example" target="_blank" rel="noopener noreferrer">court site</a>.'
      />,
    );
    const link = screen.getByRole('link', { name: 'court site' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.closest('p')).toHaveTextContent('See the court site.');
  });
});

describe('localizeSiteLinks', () => {
  it('adds the culture to links to pages of the site', () => {
    expect(localizeSiteLinks('Use the <a href="/lookup">VIN Lookup</a>.', 'es', 'en')).toBe(
      'Use the <a href="/lookup?culture=es">VIN Lookup</a>.',
    );
  });

  it('leaves links to other sites, files and e-mail as they are', () => {
    const html =
      '<a href="https://court.example/lookup">court</a> <a href="/case-files/notice.pdf">notice</a> <a href="mailto:a@b.example">mail</a>';
    expect(localizeSiteLinks(html, 'es', 'en')).toBe(html);
  });

  it('keeps a culture the link names itself', () => {
    const html = '<a href="/faq?culture=en">English FAQ</a>';
    expect(localizeSiteLinks(html, 'es', 'en')).toBe(html);
  });

  it('changes nothing in the default culture', () => {
    const html = '<a href="/lookup">VIN Lookup</a>';
    expect(localizeSiteLinks(html, 'en', 'en')).toBe(html);
  });
});

describe('SanitizedHtml links inside the router', () => {
  it('follows a link to a page of the site with the router, keeping the culture', async () => {
    speakSpanish();
    const router = renderInRouter('Use la <a href="/lookup">búsqueda por VIN</a>.');
    const link = screen.getByRole('link', { name: 'búsqueda por VIN' });
    expect(link).toHaveAttribute('href', '/lookup?culture=es');
    await userEvent.setup().click(link);
    expect(router.state.location.pathname).toBe('/lookup');
    expect(router.state.location.search).toBe('?culture=es');
    expect(screen.getByText('Another page')).toBeInTheDocument();
  });

  it('follows a site link reached with the keyboard', async () => {
    const user = userEvent.setup();
    const router = renderInRouter('See <a href="/dates">Key Dates</a>.');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Key Dates' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dates');
  });

  it('leaves a link to another site to the browser', () => {
    const router = renderInRouter('See the <a href="https://court.example/case">court site</a>.');
    const link = screen.getByRole('link', { name: 'court site' });
    expect(clickLeftToBrowser(link)).toBe(true);
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('leaves a court document the server serves to the browser', () => {
    const router = renderInRouter('Read the <a href="/case-files/notice.pdf">notice</a>.');
    expect(clickLeftToBrowser(screen.getByRole('link', { name: 'notice' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('leaves a click that opens a new tab to the browser', () => {
    const router = renderInRouter('See <a href="/dates">Key Dates</a>.');
    const link = screen.getByRole('link', { name: 'Key Dates' });
    expect(clickLeftToBrowser(link, { ctrlKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe('/faq');
  });
});
