import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useEffect, useRef, useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Fade from 'react-bootstrap/Fade';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useText } from '../../stores/localization-store';
import { useToastStore, type ToastMessage } from './toast-store';

/**
 * Runs a countdown that stops while `paused` and resumes with the time that was left, so a
 * toast someone is reading or tabbing through does not vanish (docs/behaviour.md#feedback).
 */
function usePausableTimeout(delay: number, paused: boolean, onDone: () => void) {
  const remaining = useRef(delay);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (paused) return undefined;
    const startedAt = Date.now();
    const timer = setTimeout(() => done.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused]);
}

/** Bootstrap's toast classes while it fades in and out (as react-bootstrap's ToastFade). */
const TOAST_FADE_CLASSES = { entering: 'showing', exiting: 'showing show' };

function ToastItem({ toast }: { toast: ToastMessage }) {
  const t = useText();
  const hideToast = useToastStore((state) => state.hideToast);
  const removeToast = useToastStore((state) => state.removeToast);
  const ref = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  usePausableTimeout(toast.delay, hovered || focused || !toast.show, () => hideToast(toast.id));
  useEffect(() => {
    // Listened to on the element: the toast is a notice, not a control of its own.
    const element = ref.current;
    if (element === null) return undefined;
    const listeners: [string, (event: Event) => void][] = [
      ['mouseenter', () => setHovered(true)],
      ['mouseleave', () => setHovered(false)],
      ['focusin', () => setFocused(true)],
      [
        'focusout',
        (event) => {
          if (!element.contains((event as FocusEvent).relatedTarget as Node | null))
            setFocused(false);
        },
      ],
    ];
    for (const [type, listener] of listeners) element.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) element.removeEventListener(type, listener);
    };
  }, []);
  // Not react-bootstrap's Toast: it makes each toast a live region of its own, created with
  // its text, which screen readers often miss. The region's one live region announces it.
  return (
    <Fade
      in={toast.show}
      appear
      unmountOnExit
      transitionClasses={TOAST_FADE_CLASSES}
      onExited={() => removeToast(toast.id)}
    >
      <div className={`toast toast--${toast.variant}`} ref={ref}>
        <div className="toast-header">
          <strong className="me-auto">{toast.header}</strong>
          <CloseButton
            aria-label={t(UI_CONTENT_KEYS.button.close, 'Close')}
            onClick={() => hideToast(toast.id)}
          />
        </div>
        <div className="toast-body">{toast.message}</div>
      </div>
    </Fade>
  );
}

/**
 * Where toasts appear; rendered once by every layout. Its polite live region is in the page
 * before any toast, so a screen reader hears each toast's header and message when it is added
 * (live regions created together with their text are often not announced).
 */
export function ToastRegion() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="false">
        {toasts
          .filter((toast) => toast.show)
          .map((toast) => (
            <p key={toast.id}>
              {toast.header}: {toast.message}
            </p>
          ))}
      </div>
      <ToastContainer position="top-end" className="toast-region p-3" containerPosition="fixed">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ToastContainer>
    </>
  );
}
