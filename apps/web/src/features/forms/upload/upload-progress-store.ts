import { create } from 'zustand';
import type { UploadProgress } from '../../../lib/upload-request';

/**
 * The upload of a claim that carries documents, while it is under way: how much of the body is
 * sent, and the way to cancel it. `active` is false when no upload is under way.
 */
export interface UploadProgressState {
  active: boolean;
  loaded: number;
  total: number;
  controller: AbortController | null;
  /** Starts following an upload; answers what cancels it. */
  start(): AbortController;
  report(progress: UploadProgress): void;
  cancel(): void;
  finish(): void;
}

const IDLE = { active: false, loaded: 0, total: 0, controller: null };

export const useUploadProgressStore = create<UploadProgressState>((set, get) => ({
  ...IDLE,
  start() {
    const controller = new AbortController();
    set({ active: true, loaded: 0, total: 0, controller });
    return controller;
  },
  report(progress) {
    if (get().active) set({ loaded: progress.loaded, total: progress.total });
  },
  cancel() {
    get().controller?.abort();
  },
  finish() {
    set(IDLE);
  },
}));

/** Whole percent sent, 0 to 100; 0 while the size is unknown. */
export function percentSent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** The step (0, 25, 50, 75, 100) a screen reader is told of, so it hears four updates, not 100. */
export function announcedStep(percent: number): number {
  return Math.floor(percent / 25) * 25;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A byte count as people read it: 5.2 MB, 830 KB, 12 B, in the culture's digits. */
export function formatBytes(bytes: number, culture: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(culture, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}
