import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCaptchaStore } from '../../stores/captcha-store';
import { CaptchaContainer } from './captcha-container';

function fakeWidget() {
  return {
    render: vi.fn(async () => 'w-1'),
    execute: vi.fn(),
    reset: vi.fn(),
    remove: vi.fn(),
  };
}

// The claimant has started on a page that runs the captcha (CaptchaBlock prepares it).
beforeEach(() => {
  useCaptchaStore.setState({ prepared: true });
});

describe('CaptchaContainer', () => {
  it('gives the store the element the widget renders into, and takes it back on unmount', async () => {
    const widget = fakeWidget();
    await useCaptchaStore
      .getState()
      .initialize({ provider: 'HCaptcha', siteKey: 'key' }, () => widget);
    const { unmount } = render(<CaptchaContainer />);
    await vi.waitFor(() =>
      expect(widget.render).toHaveBeenCalledWith(screen.getByTestId('captcha-container')),
    );
    await vi.waitFor(() => expect(useCaptchaStore.getState().widgetId).toBe('w-1'));
    unmount();
    expect(widget.remove).toHaveBeenCalledWith('w-1');
  });

  it('renders one widget under StrictMode, which mounts its effects twice', async () => {
    const widget = fakeWidget();
    await useCaptchaStore
      .getState()
      .initialize({ provider: 'HCaptcha', siteKey: 'key' }, () => widget);
    const { unmount } = render(
      <StrictMode>
        <CaptchaContainer />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(useCaptchaStore.getState().widgetId).toBe('w-1'));
    expect(widget.render).toHaveBeenCalledTimes(1);
    expect(widget.remove).not.toHaveBeenCalled();
    unmount();
  });
});
