import { FieldFrame } from '../components/field-frame';
import {
  describedBy,
  hintIdOf,
  useBlockField,
  type FieldBlockProps,
} from '../hooks/use-block-field';

/** docs/behaviour.md#page-blocks: textareas are 5 rows high. */
export const TEXTAREA_ROWS = 5;

export function TextareaBlock(props: FieldBlockProps) {
  const field = useBlockField(props, { validateOn: 'commit' });
  if (field.hidden) return null;
  return (
    <FieldFrame field={field} hint={props.hint}>
      <textarea
        id={field.id}
        name={field.key}
        rows={TEXTAREA_ROWS}
        className={`form-control${field.error ? ' is-invalid' : ''}`}
        value={typeof field.value === 'string' ? field.value : ''}
        disabled={field.disabled}
        aria-required={field.required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, props.hint ? hintIdOf(field) : undefined)}
        onChange={(event) => field.change(event.target.value)}
        onBlur={() => field.commit()}
      />
    </FieldFrame>
  );
}
