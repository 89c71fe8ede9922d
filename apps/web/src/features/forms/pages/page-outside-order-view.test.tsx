import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocalizationStore } from '../../../stores/localization-store';
import FormPage from '../form-page';
import { demoContent } from '../testing/demo-case';

function renderPaymentElection(entry = '/automotive/payment-election') {
  const router = createMemoryRouter(
    [
      {
        path: '/automotive/payment-election',
        Component: () => <FormPage formType="Automotive" page="payment-election" />,
      },
      {
        path: '/automotive/supporting-documents',
        Component: () => <h1>Supporting documents page</h1>,
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  useLocalizationStore.setState({ staticLocalizations: { ...demoContent.en } });
});

afterEach(() => {
  useLocalizationStore.setState(useLocalizationStore.getInitialState());
});

describe('the Automotive payment-election page', () => {
  it('says the form has no payment election instead of showing an error', () => {
    renderPaymentElection();
    expect(
      screen.getByRole('heading', { level: 1, name: 'No Payment Choice Needed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/does not ask how you would like to be paid/)).toBeInTheDocument();
  });

  it('sends the claimant on to the supporting documents', async () => {
    const router = renderPaymentElection();
    await userEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/automotive/supporting-documents');
    expect(screen.getByRole('heading', { name: 'Supporting documents page' })).toBeInTheDocument();
  });

  it('keeps the claimant’s culture on the way on', () => {
    useLocalizationStore.setState({
      activeCulture: 'es',
      staticLocalizations: { ...demoContent.es },
    });
    renderPaymentElection('/automotive/payment-election?culture=es');
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute(
      'href',
      '/automotive/supporting-documents?culture=es',
    );
  });
});
