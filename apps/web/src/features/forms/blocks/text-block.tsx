import type { HTMLInputAutoCompleteAttribute } from 'react';
import { FieldFrame } from '../components/field-frame';
import { TextInput } from '../components/masked-input';
import {
  describedBy,
  hintIdOf,
  useBlockField,
  type FieldBlockProps,
} from '../hooks/use-block-field';
import {
  useConfirmationWaived,
  useQueryStartingValue,
  useStartingValue,
  type StartingValueSource,
} from '../hooks/use-prefilled-values';

export interface TextBlockProps extends FieldBlockProps {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  /** Width as a Bootstrap column class, e.g. 'col-md-6'. */
  className?: string;
  /** Where the field starts from while empty, e.g. the payment e-mail from the contact one. */
  startsFrom?: StartingValueSource;
  /** The query parameter the field starts from while empty, e.g. the VIN from Lookup. */
  startsFromQuery?: string;
}

/**
 * A text field; it validates when left and on Enter (docs/behaviour.md#fields). A confirmation
 * field is not asked for a value the class list gave and the claimant kept
 * (docs/behaviour.md#name-and-contact).
 */
export function TextBlock(props: TextBlockProps) {
  const waived = useConfirmationWaived(props.field, props.confirms, props.clientId);
  const field = useBlockField(waived ? { ...props, registerWithPage: false } : props, {
    validateOn: 'commit',
  });
  useStartingValue(field, props.startsFrom);
  useQueryStartingValue(field, props.startsFromQuery);
  if (field.hidden || waived) return null;
  const text =
    typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : '';
  return (
    <FieldFrame field={field} hint={props.hint} className={props.className}>
      <TextInput
        id={field.id}
        name={field.key}
        type={props.type ?? 'text'}
        className={`form-control${field.error ? ' is-invalid' : ''}`}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        value={text}
        maskName={field.maskName}
        disabled={field.disabled}
        aria-required={field.required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, props.hint ? hintIdOf(field) : undefined)}
        onValue={field.change}
        onBlur={() => field.commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            field.commit();
          }
        }}
      />
    </FieldFrame>
  );
}
