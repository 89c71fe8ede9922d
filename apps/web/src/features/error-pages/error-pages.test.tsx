import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizationStore } from '../../stores/localization-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { DeadlinePage } from './deadline-page';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';
import { SessionExpiredPage } from './session-expired-page';

function renderPage(page: ReactElement, path = '/', state?: unknown) {
  const [pathname = '/', search = ''] = path.split('?');
  const entry = { pathname, search: search === '' ? '' : `?${search}`, state };
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: page }], { initialEntries: [entry] })}
    />,
  );
}

beforeEach(() => {
  resetStores();
});

describe('NotFoundPage', () => {
  it('says the page does not exist and leads home', () => {
    renderPage(<NotFoundPage />, '/page-not-found?culture=en');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('speaks the active culture', () => {
    useLocalizationStore.setState({
      activeCulture: 'es',
      staticLocalizations: { LocKey_NotFound_Title: 'Página no encontrada' },
    });
    renderPage(<NotFoundPage />, '/page-not-found?culture=es');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/?culture=es');
  });
});

describe('ErrorPage', () => {
  it("shows the server's error text that brought the claimant here", () => {
    renderPage(<ErrorPage />, '/error?culture=en', {
      error: { header: null, message: 'Your claim could not be saved.' },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your claim could not be saved.');
  });

  it('shows no alert when there is no server error', () => {
    renderPage(<ErrorPage />, '/error');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not repeat an error the alert dialog showed earlier', () => {
    useApplicationStore.getState().showError('Your PIN was not accepted.');
    useApplicationStore.getState().hideError();
    renderPage(<ErrorPage />, '/error?culture=en');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Your PIN was not accepted.')).not.toBeInTheDocument();
  });
});

describe('DeadlinePage', () => {
  it('says the deadline has passed', () => {
    renderPage(<DeadlinePage />, '/deadline');
    expect(
      screen.getByRole('heading', { level: 1, name: 'The deadline has passed' }),
    ).toBeInTheDocument();
  });
});

describe('SessionExpiredPage', () => {
  it("leads back to the form's landing page", () => {
    renderPage(<SessionExpiredPage />, '/session-expired?form=standard&culture=en');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your session has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/standard');
  });

  it('leads to the documents-upload landing page for that form', () => {
    renderPage(<SessionExpiredPage />, '/session-expired?form=documents-upload');
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/documents-upload',
    );
  });

  it('leads home when the form is unknown', () => {
    renderPage(<SessionExpiredPage />, '/session-expired?form=nothing');
    expect(screen.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
