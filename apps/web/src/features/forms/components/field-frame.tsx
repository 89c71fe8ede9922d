import { createContext, useContext, useState, type ReactNode } from 'react';
import type { FormField } from '../hooks/use-form-field';
import { CheckRoundContext } from '../hooks/page-checks';
import { hintIdOf } from '../hooks/use-block-field';
import { useLocalized, type LocalizedText } from '../localized-text';

/**
 * Inside a record table the column headers show the labels, so fields hide theirs visually
 * where the table has room for its columns; on a narrow screen each row stacks its fields and
 * shows their labels (theme-base.css, .record-cell-label).
 */
export const CompactFieldsContext = createContext(false);

/** The class of a field's label or legend: shown, hidden visually, or shown when stacked. */
function useLabelClass(field: FormField, shown: string): string {
  const compact = useContext(CompactFieldsContext);
  if (field.config.suppressLabel) return 'visually-hidden';
  return compact ? `record-cell-label ${shown}` : shown;
}

export function RequiredMark() {
  return (
    <span className="required-mark text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

export function FieldHint({ field, hint }: { field: FormField; hint?: LocalizedText }) {
  const localize = useLocalized();
  if (!hint) return null;
  return (
    <div id={hintIdOf(field)} className="form-text mt-0 mb-1">
      {localize(hint)}
    </div>
  );
}

/**
 * The field's first error, beneath it (docs/behaviour.md#fields), tied to the input by its id.
 * When a correction clears it (on leaving the field), its space stays, empty and hidden from
 * assistive technology, until Next checks the page again: the controls below do not move
 * between the claimant's press and release, so the first click on them works.
 */
export function FieldError({ field }: { field: FormField }) {
  const round = useContext(CheckRoundContext);
  const [kept, setKept] = useState<{ text: string; round: number } | null>(null);
  if (field.error !== null && (kept?.text !== field.error || kept.round !== round)) {
    setKept({ text: field.error, round });
  } else if (field.error === null && kept !== null && kept.round !== round) {
    setKept(null);
  }
  if (field.error !== null) {
    return (
      <div id={field.errorId} className="invalid-feedback d-block">
        {field.error}
      </div>
    );
  }
  if (kept === null) return null;
  return (
    <div className="invalid-feedback d-block invisible" aria-hidden="true" data-reserved="">
      {kept.text}
    </div>
  );
}

/** Label, hint, input and error of a single-input field. */
export function FieldFrame({
  field,
  hint,
  children,
  className,
}: {
  field: FormField;
  hint?: LocalizedText;
  children: ReactNode;
  className?: string;
}) {
  const labelClass = useLabelClass(field, 'form-label fw-semibold mb-1');
  return (
    <div className={['mb-3 form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className={labelClass}>
        {field.label}
        {field.required && <RequiredMark />}
      </label>
      <FieldHint field={field} hint={hint} />
      {children}
      <FieldError field={field} />
    </div>
  );
}

/**
 * Legend, hint, choices and error of a group of inputs. A group of radio buttons is a
 * radiogroup, so screen readers announce that an answer is required and that the answer given
 * is invalid (the required mark itself is hidden from them); each radio button is described by
 * the error too, since it is the radio button that has the focus.
 */
export function FieldsetFrame({
  field,
  hint,
  children,
  radios = false,
}: {
  field: FormField;
  hint?: LocalizedText;
  children: ReactNode;
  /** The choices are radio buttons. */
  radios?: boolean;
}) {
  const labelClass = useLabelClass(field, 'form-label fw-semibold fs-6 mb-1');
  const legendId = `${field.id}-legend`;
  return (
    <fieldset
      className="mb-3 form-field"
      id={field.id}
      tabIndex={-1}
      role={radios ? 'radiogroup' : undefined}
      aria-labelledby={radios ? legendId : undefined}
      aria-required={radios && field.required ? true : undefined}
      aria-describedby={
        [hint ? hintIdOf(field) : undefined, field.error ? field.errorId : undefined]
          .filter(Boolean)
          .join(' ') || undefined
      }
      aria-invalid={field.error ? true : undefined}
    >
      <legend id={legendId} className={labelClass}>
        {field.label}
        {field.required && <RequiredMark />}
      </legend>
      <FieldHint field={field} hint={hint} />
      {children}
      <FieldError field={field} />
    </fieldset>
  );
}
