import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the focus when it mounts, e.g. a dialog's main button, so keyboard
 * and screen-reader users start where the dialog expects an answer.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
