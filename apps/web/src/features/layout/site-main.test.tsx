import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApplicationStore } from '../../stores/application-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { SiteMain } from './site-main';

beforeEach(() => {
  resetStores();
});

describe('SiteMain', () => {
  it('shows the page in the main landmark', () => {
    render(
      <SiteMain>
        <h1>Key Dates</h1>
      </SiteMain>,
    );
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Key Dates' }),
    );
  });

  it('hides the page while the browser leaves for another site', () => {
    render(
      <SiteMain>
        <h1>Automotive claim</h1>
      </SiteMain>,
    );
    act(() => useApplicationStore.getState().setRedirecting(true));
    expect(screen.queryByRole('heading', { name: 'Automotive claim' })).toBeNull();
    expect(screen.getByText('Automotive claim')).not.toBeVisible();
  });

  it('shows the page again when the redirect is called off', () => {
    useApplicationStore.getState().setRedirecting(true);
    render(
      <SiteMain>
        <h1>Automotive claim</h1>
      </SiteMain>,
    );
    act(() => useApplicationStore.getState().setRedirecting(false));
    expect(screen.getByRole('heading', { name: 'Automotive claim' })).toBeVisible();
  });
});
