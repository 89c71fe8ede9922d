import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogButton } from './dialog-button';

describe('DialogButton', () => {
  it('takes the focus when it mounts', () => {
    render(
      <>
        <button type="button">Before</button>
        <DialogButton label="OK" onClick={() => undefined} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('answers a press with its onClick', async () => {
    const onClick = vi.fn();
    render(<DialogButton label="Continue" onClick={onClick} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
