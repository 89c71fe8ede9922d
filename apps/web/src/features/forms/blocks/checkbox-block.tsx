import { FieldError, FieldHint, RequiredMark } from '../components/field-frame';
import {
  describedBy,
  hintIdOf,
  useBlockField,
  type FieldBlockProps,
} from '../hooks/use-block-field';
import { useLocalized, type LocalizedText } from '../localized-text';

export interface CheckboxBlockProps extends FieldBlockProps {
  /** Label text (may hold inline HTML-free copy) replacing the field's label. */
  label?: LocalizedText;
}

/**
 * A single checkbox, false until ticked. It is required when its config says required,
 * requiredIf, nestedRequiredIf or requiredIfOtherPropertyMatchesRegex (docs/behaviour.md#fields).
 */
export function CheckboxBlock(props: CheckboxBlockProps) {
  const localize = useLocalized();
  const field = useBlockField(props, { validateOn: 'change' });
  if (field.hidden) return null;
  return (
    <div className="mb-3 form-field">
      <FieldHint field={field} hint={props.hint} />
      <div className="form-check">
        <input
          id={field.id}
          name={field.key}
          type="checkbox"
          className={`form-check-input${field.error ? ' is-invalid' : ''}`}
          checked={field.value === true}
          disabled={field.disabled}
          aria-required={field.required || undefined}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy(field, props.hint ? hintIdOf(field) : undefined)}
          onChange={(event) => field.change(event.target.checked)}
        />
        <label htmlFor={field.id} className="form-check-label">
          {props.label ? localize(props.label) : field.label}
          {field.required && <RequiredMark />}
        </label>
      </div>
      <FieldError field={field} />
    </div>
  );
}
