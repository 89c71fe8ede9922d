import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNavigationStore } from '../../../stores/navigation-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { BUTTON_NEEDS_LABEL, ButtonBlock } from './button-block';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

afterEach(() => {
  useNavigationStore.setState({ isNavigating: false });
  useCaptchaStore.setState({ inProgress: false });
});

describe('ButtonBlock', () => {
  it('needs a label or an icon', () => {
    expect(() => render(<ButtonBlock />)).toThrow(BUTTON_NEEDS_LABEL);
  });

  it('needs an accessible name when it shows an icon only', () => {
    expect(() => render(<ButtonBlock icon="trash" />)).toThrow(/needs an ariaLabel/);
  });

  it('names an icon-only button by its aria label', () => {
    render(<ButtonBlock icon="trash" ariaLabel="Delete row 1" />);
    expect(screen.getByRole('button', { name: 'Delete row 1' })).toBeInTheDocument();
  });

  it('is disabled while its action runs and enabled again afterwards', async () => {
    const action = deferred();
    render(<ButtonBlock label="Send" onClick={() => action.promise} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
    await act(async () => action.resolve());
    expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled');
  });

  it('ignores presses while its action runs', async () => {
    const action = deferred();
    const onClick = vi.fn(() => action.promise);
    render(<ButtonBlock label="Send" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Send' });
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    await act(async () => action.resolve());
  });

  it('keeps the keyboard focus while its action runs and after it fails', async () => {
    const action = deferred();
    render(<ButtonBlock label="Start" onClick={() => action.promise} />);
    const button = screen.getByRole('button', { name: 'Start' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    await act(async () => action.resolve());
    expect(button).toHaveFocus();
  });

  it('stays enabled during its action when configured not to disable itself', async () => {
    const action = deferred();
    render(<ButtonBlock label="Send" disableSelf={false} onClick={() => action.promise} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled');
    await act(async () => action.resolve());
  });

  it('is disabled while a navigation runs', async () => {
    useNavigationStore.setState({ isNavigating: true });
    const onClick = vi.fn();
    render(<ButtonBlock label="Next" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.click();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is disabled while the captcha runs', () => {
    useCaptchaStore.setState({ inProgress: true });
    render(<ButtonBlock label="Next" />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('takes the disabled attribute when its page disables it', () => {
    render(<ButtonBlock label="Next" disabled />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
