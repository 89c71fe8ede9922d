import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageDialog } from './message-dialog';

function renderDialog(onButton = vi.fn()) {
  render(
    <MessageDialog
      show
      className="notice-dialog"
      title="Notice"
      message="The office is closed today."
      buttonLabel="OK"
      onButton={onButton}
    >
      <p>Open again tomorrow.</p>
    </MessageDialog>,
  );
  return onButton;
}

describe('MessageDialog', () => {
  it('is named by its title and described by its message', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(dialog).toHaveAccessibleDescription('The office is closed today.');
  });

  it('shows what else its body holds after the message', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The office is closed today.Open again tomorrow.');
  });

  it('has one button, which answers with onButton', async () => {
    const onButton = renderDialog();
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['OK']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(onButton).toHaveBeenCalledTimes(1);
  });
});
