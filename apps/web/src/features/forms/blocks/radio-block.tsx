import { NONE_OPTION_VALUE } from '@claims/core/case/field-config';
import { useApplicationStore } from '../../../stores/application-store';
import { FieldsetFrame } from '../components/field-frame';
import { useBlockField, type FieldBlockProps } from '../hooks/use-block-field';
import { useLocalized } from '../localized-text';

export interface RadioBlockProps extends FieldBlockProps {
  /** Lay the choices out on one line. */
  inline?: boolean;
  /** Options offered only while the case enables the PayPal payment election. */
  requirePayPal?: readonly string[];
}

/** Radio choices in a fieldset whose legend is the field label. */
export function RadioBlock(props: RadioBlockProps) {
  const localize = useLocalized();
  const field = useBlockField(props, { validateOn: 'change' });
  const payPalEnabled = useApplicationStore((state) => state.payPalSettings.enabled);
  if (field.hidden) return null;
  const { options, noneOption } = field.config;
  if (!options) throw new Error(`radio field "${field.key}" has no options in its config`);
  const offered = options.filter(
    (option) => payPalEnabled || !props.requirePayPal?.includes(option.value),
  );
  const choices = noneOption
    ? [...offered, { value: NONE_OPTION_VALUE, label: noneOption.label }]
    : offered;
  return (
    <FieldsetFrame field={field} hint={props.hint} radios>
      {choices.map((option, index) => {
        const id = `${field.id}-${index}`;
        return (
          <div
            key={option.value}
            className={`form-check${props.inline ? ' form-check-inline' : ''}`}
          >
            <input
              id={id}
              name={field.id}
              type="radio"
              className={`form-check-input${field.error ? ' is-invalid' : ''}`}
              aria-describedby={field.error ? field.errorId : undefined}
              value={option.value}
              checked={field.value === option.value}
              disabled={field.disabled}
              onChange={() => field.change(option.value)}
            />
            <label htmlFor={id} className="form-check-label">
              {localize(option.label)}
            </label>
          </div>
        );
      })}
    </FieldsetFrame>
  );
}
