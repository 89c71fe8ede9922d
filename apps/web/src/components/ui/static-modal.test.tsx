import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalBody, ModalHeader, ModalTitle, StaticModal } from './static-modal';

function Dialog({ initiallyShown }: { initiallyShown: boolean }) {
  const [show, setShow] = useState(initiallyShown);
  return (
    <>
      <button type="button" onClick={() => setShow(true)}>
        Open
      </button>
      <StaticModal show={show} labelledBy="title">
        <ModalHeader>
          <ModalTitle id="title">Notice</ModalTitle>
        </ModalHeader>
        <ModalBody>Body</ModalBody>
      </StaticModal>
    </>
  );
}

describe('StaticModal', () => {
  it('renders nothing while it has never been shown', () => {
    const { container } = render(<Dialog initiallyShown={false} />);
    expect(container.querySelector('.modal')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the dialog, named by its title, once asked to show', async () => {
    const user = userEvent.setup();
    render(<Dialog initiallyShown={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Notice' })).toHaveTextContent('Body');
  });

  it('shows a dialog that is open from the start', async () => {
    render(<Dialog initiallyShown />);
    expect(await screen.findByRole('dialog', { name: 'Notice' })).toBeVisible();
  });
});
