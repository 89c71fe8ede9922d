import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SavedMessage, useSavedMessage } from './saved-message';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('saved message', () => {
  it('shows for five seconds', () => {
    const { result } = renderHook(() => useSavedMessage());
    act(() => result.current.show());
    expect(result.current.visible).toBe(true);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(result.current.visible).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.visible).toBe(false);
  });

  it('starts the five seconds again when shown again', () => {
    const { result } = renderHook(() => useSavedMessage());
    act(() => result.current.show());
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    act(() => result.current.show());
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(result.current.visible).toBe(true);
  });

  it('announces the text in a status region', () => {
    render(<SavedMessage visible />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('keeps the status region empty while hidden', () => {
    render(<SavedMessage visible={false} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
