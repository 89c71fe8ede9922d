import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApplicationStore } from '../../stores/application-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { AlertDialog } from './alert-dialog';

beforeEach(() => {
  resetStores();
});

function showError() {
  useApplicationStore.getState().showError('Your request failed. Please reload and try again.', {
    header: 'Request failed',
  });
}

describe('AlertDialog', () => {
  it('shows nothing while there is no error', () => {
    render(<AlertDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the header and message of the error', async () => {
    render(<AlertDialog />);
    showError();
    const dialog = await screen.findByRole('dialog', { name: 'Request failed' });
    expect(dialog).toHaveAccessibleDescription('Your request failed. Please reload and try again.');
  });

  it('uses a default header when the error names none', async () => {
    render(<AlertDialog />);
    useApplicationStore.getState().showError('Failed');
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeVisible();
  });

  it('puts the focus on OK', async () => {
    render(<AlertDialog />);
    showError();
    const ok = await screen.findByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
  });

  it('closes with OK', async () => {
    const user = userEvent.setup();
    render(<AlertDialog />);
    showError();
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(useApplicationStore.getState().errorInfo.showError).toBe(false);
  });

  it('does not close with Escape', async () => {
    const user = userEvent.setup();
    render(<AlertDialog />);
    showError();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(useApplicationStore.getState().errorInfo.showError).toBe(true);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('has no close button other than OK', async () => {
    render(<AlertDialog />);
    showError();
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['OK']);
  });
});
