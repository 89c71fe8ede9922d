import { createContext, useContext, type ReactNode } from 'react';
import type { FormField } from '../hooks/use-form-field';
import { hintIdOf } from '../hooks/use-block-field';
import { useLocalized, type LocalizedText } from '../localized-text';

/** Inside a record table the column headers show the labels, so fields hide theirs visually. */
export const CompactFieldsContext = createContext(false);

function useLabelHidden(field: FormField): boolean {
  const compact = useContext(CompactFieldsContext);
  return compact || field.config.suppressLabel;
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

/** The field's first error, beneath it (docs/behaviour.md#fields), tied to the input by its id. */
export function FieldError({ field }: { field: FormField }) {
  if (!field.error) return null;
  return (
    <div id={field.errorId} className="invalid-feedback d-block">
      {field.error}
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
  const labelHidden = useLabelHidden(field);
  return (
    <div className={['mb-3 form-field', className].filter(Boolean).join(' ')}>
      <label
        htmlFor={field.id}
        className={labelHidden ? 'visually-hidden' : 'form-label fw-semibold mb-1'}
      >
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
  const labelHidden = useLabelHidden(field);
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
      <legend
        id={legendId}
        className={labelHidden ? 'visually-hidden' : 'form-label fw-semibold fs-6 mb-1'}
      >
        {field.label}
        {field.required && <RequiredMark />}
      </legend>
      <FieldHint field={field} hint={hint} />
      {children}
      <FieldError field={field} />
    </fieldset>
  );
}
