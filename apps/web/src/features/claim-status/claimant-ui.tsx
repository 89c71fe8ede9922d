import type { MessageText } from '@claims/core/rules/messages';
import { useRef, useState } from 'react';
import { useText } from '../../stores/localization-store';

/** A content key's text in the active culture, its English text as the fallback. */
export function useMessage(): (message: MessageText) => string {
  const t = useText();
  return (message) => t(message.key, message.text);
}

/**
 * A message that answers something the claimant did: an error interrupts a screen reader
 * (role alert), another outcome is announced politely (role status).
 */
export function Feedback({
  message,
  variant,
  id,
}: {
  message: string;
  variant: 'success' | 'danger' | 'warning';
  id?: string;
}) {
  return (
    <div
      id={id}
      role={variant === 'danger' ? 'alert' : 'status'}
      className={`alert alert-${variant}`}
    >
      {message}
    </div>
  );
}

/**
 * A button that ignores presses while its action runs (marked aria-disabled rather than
 * disabled, so the focus stays on it beside the answer).
 */
export function ActionButton({
  label,
  onClick,
  describedBy,
}: {
  label: string;
  onClick(): Promise<void>;
  describedBy?: string;
}) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const press = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await onClick();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-primary"
      aria-disabled={busy || undefined}
      aria-describedby={describedBy}
      onClick={() => void press()}
    >
      {label}
    </button>
  );
}
