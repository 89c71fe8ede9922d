import type { HTMLInputAutoCompleteAttribute } from 'react';
import type { FieldOption } from '@claims/core/case/field-config';
import { FieldFrame } from '../components/field-frame';
import {
  describedBy,
  hintIdOf,
  useBlockField,
  type FieldBlockProps,
} from '../hooks/use-block-field';
import { useLocalized, type LocalizedText } from '../localized-text';
import { FORMS_TEXT } from '../forms-text';

export interface SelectBlockProps extends FieldBlockProps {
  /** Options for a field whose config lists none (the states, the countries). */
  options?: readonly FieldOption[];
  /** The empty first choice. */
  placeholder?: LocalizedText;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  className?: string;
}

export function SelectBlock(props: SelectBlockProps) {
  const localize = useLocalized();
  const field = useBlockField(props, { validateOn: 'change' });
  if (field.hidden) return null;
  const options = props.options ?? field.config.options;
  if (!options) {
    throw new Error(`select field "${field.key}" has no options in its config or its block`);
  }
  return (
    <FieldFrame field={field} hint={props.hint} className={props.className}>
      <select
        id={field.id}
        name={field.key}
        className={`form-select${field.error ? ' is-invalid' : ''}`}
        value={field.value === null ? '' : String(field.value)}
        disabled={field.disabled}
        autoComplete={props.autoComplete}
        aria-required={field.required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, props.hint ? hintIdOf(field) : undefined)}
        onChange={(event) => field.change(event.target.value)}
      >
        <option value="">{localize(props.placeholder ?? FORMS_TEXT.selectPlaceholder)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {localize(option.label)}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
