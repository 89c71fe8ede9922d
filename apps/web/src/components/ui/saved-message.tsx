import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { Icon } from './icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useText } from '../../stores/localization-store';

/** docs/behaviour.md#feedback: the saved message shows for 5000 ms. */
export const SAVED_MESSAGE_MS = 5000;

/** The saved-message flag of docs/behaviour.md#feedback: `show()` raises it for five seconds. */
export function useSavedMessage(duration = SAVED_MESSAGE_MS) {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  const show = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setVisible(false);
    }, duration);
  }, [duration]);
  return { visible, show };
}

/**
 * The "Saved" notice. The status region stays in the page while hidden so screen readers
 * announce the text when it appears.
 */
export function SavedMessage({ visible, text }: { visible: boolean; text?: string }) {
  const t = useText();
  return (
    <div role="status" className="saved-message">
      {visible && (
        <span className="saved-message__text text-success fw-semibold">
          <Icon icon="check" className="me-2" aria-hidden="true" />
          {text ?? t(UI_CONTENT_KEYS.shared.savedMessage, 'Saved')}
        </span>
      )}
    </div>
  );
}
