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
  return screen.getByRole('status');
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

  it('announces a danger toast as an alert', () => {
    render(<ToastRegion />);
    act(() => {
      useToastStore
        .getState()
        .showToast({ header: 'Upload failed', message: 'Try again.', variant: 'danger' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed');
  });
});
