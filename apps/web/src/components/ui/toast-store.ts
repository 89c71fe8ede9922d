import { create } from 'zustand';

/** docs/behaviour.md#feedback: toasts hide themselves after 5000 ms. */
export const TOAST_DELAY_MS = 5000;

export type ToastVariant = 'success' | 'info' | 'warning' | 'danger';

export interface ToastMessage {
  id: number;
  header: string;
  message: string;
  variant: ToastVariant;
  /** Milliseconds the toast stays while neither hovered nor focused. */
  delay: number;
  /** False once it is hiding (its fade-out runs before it is removed). */
  show: boolean;
}

export interface ToastState {
  toasts: readonly ToastMessage[];
  showToast(toast: {
    header: string;
    message: string;
    variant?: ToastVariant;
    delay?: number;
  }): number;
  hideToast(id: number): void;
  removeToast(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  showToast({ header, message, variant = 'info', delay = TOAST_DELAY_MS }) {
    const id = nextId;
    nextId += 1;
    set((state) => ({
      toasts: [...state.toasts, { id, header, message, variant, delay, show: true }],
    }));
    return id;
  },
  hideToast(id) {
    set((state) => ({
      toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, show: false } : toast)),
    }));
  },
  removeToast(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));
