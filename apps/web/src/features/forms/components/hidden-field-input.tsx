import { useId } from 'react';
import { HONEYPOT_PART_NAME } from '@claims/core/contract/submission-parts';
import { setHiddenFieldValue } from '../hidden-field';

/**
 * A field no person meets (hidden-field.ts): off-screen, hidden from screen readers
 * (aria-hidden), out of the tab order and never filled in by the browser's autofill. Its label
 * reads as an ordinary field to a program.
 */
export function HiddenFieldInput() {
  const id = useId();
  return (
    <div className="form-extra-field" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name={HONEYPOT_PART_NAME}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
        onChange={(event) => setHiddenFieldValue(event.target.value)}
      />
    </div>
  );
}
