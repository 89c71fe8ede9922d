import { useState } from 'react';
import { FieldsetFrame } from '../components/field-frame';
import { TextInput } from '../components/masked-input';
import { useBlockField, type FieldBlockProps } from '../hooks/use-block-field';
import { useLocalized, type LocalizedText } from '../localized-text';

export interface HybridRadioTextBlockProps extends FieldBlockProps {
  /** The choice that asks for free text; the last option when absent. */
  textOption?: string;
  /** The label of the free-text input. */
  textLabel?: LocalizedText;
}

/**
 * Radio choices where one choice is answered in the claimant's own words: the field stores the
 * chosen option's value, or the text typed for the free-text choice.
 */
export function HybridRadioTextBlock(props: HybridRadioTextBlockProps) {
  const localize = useLocalized();
  const field = useBlockField(props, { validateOn: 'commit' });
  const options = field.config.options ?? [];
  const textValue = props.textOption ?? options[options.length - 1]?.value;
  const fixed = options.filter((option) => option.value !== textValue);
  const value = field.value === null ? null : String(field.value);
  const isFixed = fixed.some((option) => option.value === value);
  const [textChosen, setTextChosen] = useState(value !== null && !isFixed);
  // The words typed for the free-text choice, kept while another choice is made, so choosing
  // the free-text choice again brings them back instead of an empty box.
  const freeText = value !== null && !isFixed ? value : null;
  const [typed, setTyped] = useState(freeText ?? '');
  // The model changed under the block (prepopulated, or reset by a dependency): follow it, and
  // keep the words typed for when the claimant chooses the free-text choice again.
  if (freeText !== null && freeText !== typed) setTyped(freeText);
  if (value === null && textChosen && typed !== '') setTextChosen(false);
  if (field.hidden) return null;
  if (options.length < 2) {
    throw new Error(`hybrid radio-text field "${field.key}" needs at least two options`);
  }
  const showText = textChosen && !isFixed;
  const textOption = options.find((option) => option.value === textValue);
  const textId = `${field.id}-text`;
  return (
    <FieldsetFrame field={field} hint={props.hint} radios>
      {options.map((option, index) => {
        const id = `${field.id}-${index}`;
        const isText = option.value === textValue;
        return (
          <div key={option.value} className="form-check">
            <input
              id={id}
              name={field.id}
              type="radio"
              className={`form-check-input${field.error ? ' is-invalid' : ''}`}
              aria-describedby={field.error ? field.errorId : undefined}
              checked={isText ? showText : value === option.value}
              disabled={field.disabled}
              aria-controls={isText && showText ? textId : undefined}
              onChange={() => {
                setTextChosen(isText);
                field.change(isText ? typed || null : option.value);
                // A fixed choice is complete at once, and so is text typed before; new free
                // text is checked when left.
                if (!isText || typed) field.commit();
              }}
            />
            <label htmlFor={id} className="form-check-label">
              {localize(option.label)}
            </label>
          </div>
        );
      })}
      {showText && (
        <div className="ms-4 mt-1">
          <label htmlFor={textId} className="form-label mb-1">
            {localize(props.textLabel ?? textOption?.label ?? '')}
          </label>
          <TextInput
            id={textId}
            className={`form-control${field.error ? ' is-invalid' : ''}`}
            value={typed}
            maskName={field.maskName}
            disabled={field.disabled}
            aria-invalid={field.error ? true : undefined}
            aria-describedby={field.error ? field.errorId : undefined}
            onValue={(text) => {
              setTyped(text);
              field.change(text);
            }}
            onBlur={() => field.commit()}
          />
        </div>
      )}
    </FieldsetFrame>
  );
}
