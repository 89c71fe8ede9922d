import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from './toast-region';
import { useToastStore } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

function showToast() {
  act(() => {
    useToastStore
      .getState()
      .showToast({ header: 'Saved', message: 'Your document was added.', variant: 'success' });
  });
  return visibleToast();
}

/** The toast as it shows on screen (the live region holds its text for screen readers). */
function visibleToast(): HTMLElement {
  const toast = document.querySelector<HTMLElement>('.toast-region .toast');
  if (toast === null) throw new Error('no toast shows');
  return toast;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function isShowing() {
  return useToastStore.getState().toasts.some((toast) => toast.show);
}

describe('ToastRegion', () => {
  it('shows a toast with its header and message', () => {
    render(<ToastRegion />);
    const toast = showToast();
    expect(toast).toHaveTextContent('Saved');
    expect(toast).toHaveTextContent('Your document was added.');
  });

  it('hides a toast after 5000 ms', () => {
    render(<ToastRegion />);
    showToast();
    advance(4999);
    expect(isShowing()).toBe(true);
    advance(1);
    expect(isShowing()).toBe(false);
  });

  it('waits while the toast is hovered', () => {
    render(<ToastRegion />);
    const toast = showToast();
    advance(3000);
    fireEvent.mouseEnter(toast);
    advance(10_000);
    expect(isShowing()).toBe(true);
    fireEvent.mouseLeave(toast);
    advance(1999);
    expect(isShowing()).toBe(true);
    advance(1);
    expect(isShowing()).toBe(false);
  });

  it('waits while the focus is inside the toast', () => {
    render(<ToastRegion />);
    showToast();
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => {
      close.focus();
    });
    advance(10_000);
    expect(isShowing()).toBe(true);
    act(() => {
      close.blur();
    });
    advance(5000);
    expect(isShowing()).toBe(false);
  });

  it('closes with its close button', () => {
    render(<ToastRegion />);
    showToast();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(isShowing()).toBe(false);
  });

  it('has its polite live region in the page before any toast is added', () => {
    render(<ToastRegion />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    showToast();
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Saved: Your document was added.');
  });

  it('announces every toast in the one live region, a danger toast too', () => {
    render(<ToastRegion />);
    act(() => {
      useToastStore
        .getState()
        .showToast({ header: 'Upload failed', message: 'Try again.', variant: 'danger' });
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Upload failed: Try again.');
  });

  it('clears a toast from the live region once it hides', () => {
    render(<ToastRegion />);
    showToast();
    advance(5000);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
