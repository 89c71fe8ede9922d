import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { UploadProgress } from './upload-progress';
import {
  announcedStep,
  formatBytes,
  percentSent,
  useUploadProgressStore,
} from './upload-progress-store';

beforeEach(() => useUploadProgressStore.getState().finish());

describe('UploadProgress', () => {
  it('shows nothing but an empty status while no upload is under way', () => {
    render(<UploadProgress />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the bytes and the percentage sent', () => {
    render(<UploadProgress />);
    act(() => {
      useUploadProgressStore.getState().start();
      useUploadProgressStore.getState().report({ loaded: 1_300_000, total: 5_200_000 });
    });
    const bar = screen.getByRole('progressbar', { name: 'Sending your claim and documents' });
    expect(bar).toHaveAttribute('value', '25');
    expect(screen.getByText('1.3 MB of 5.2 MB sent (25%)')).toBeInTheDocument();
  });

  it('tells screen readers of each quarter, not of every percent', () => {
    render(<UploadProgress />);
    act(() => {
      useUploadProgressStore.getState().start();
      useUploadProgressStore.getState().report({ loaded: 26, total: 100 });
    });
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('25% of your documents sent');
    act(() => useUploadProgressStore.getState().report({ loaded: 49, total: 100 }));
    expect(status).toHaveTextContent('25% of your documents sent');
    act(() => useUploadProgressStore.getState().report({ loaded: 50, total: 100 }));
    expect(status).toHaveTextContent('50% of your documents sent');
  });

  it('cancels the upload with its button', async () => {
    render(<UploadProgress />);
    let controller: AbortController | undefined;
    act(() => {
      controller = useUploadProgressStore.getState().start();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(controller?.signal.aborted).toBe(true);
  });
});

describe('upload progress figures', () => {
  it('counts whole percents, and 0 while the size is unknown', () => {
    expect(percentSent(999, 1000)).toBe(99);
    expect(percentSent(1000, 1000)).toBe(100);
    expect(percentSent(10, 0)).toBe(0);
  });

  it('rounds the announced percentage down to its quarter', () => {
    expect([0, 24, 25, 74, 99, 100].map(announcedStep)).toEqual([0, 0, 25, 50, 75, 100]);
  });

  it('writes sizes as people read them, in the culture', () => {
    expect(formatBytes(12, 'en')).toBe('12 B');
    expect(formatBytes(830_000, 'en')).toBe('830 KB');
    expect(formatBytes(5_242_880, 'en')).toBe('5.2 MB');
    expect(formatBytes(5_242_880, 'es')).toBe('5,2 MB');
  });

  it('ignores progress reported after the upload ended', () => {
    useUploadProgressStore.getState().report({ loaded: 5, total: 10 });
    expect(useUploadProgressStore.getState()).toMatchObject({ active: false, loaded: 0 });
  });
});
