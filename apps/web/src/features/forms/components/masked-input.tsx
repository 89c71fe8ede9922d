import type { ComponentType, InputHTMLAttributes, Ref } from 'react';
import { getMask, type MaskOptions } from '@claims/core/masks/masks';
import { lazyComponent } from '../../../components/ui/lazy-component';

type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> &
  MaskOptions & {
    value: string;
    onAccept(value: string): void;
    inputRef?: Ref<HTMLInputElement>;
  };

/** Until imask has loaded, the field is a plain input showing the value, so nothing moves. */
function UnmaskedElement(props: MaskedInputProps) {
  return (
    <input
      ref={props.inputRef}
      id={props.id}
      name={props.name}
      type={props.type}
      className={props.className}
      placeholder={props.placeholder}
      inputMode={props.inputMode}
      autoComplete={props.autoComplete}
      disabled={props.disabled}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      aria-required={props['aria-required']}
      value={props.value}
      readOnly
    />
  );
}

// imask is loaded by the first page with a masked field; the router preloads it for such pages
// (preloadMasks). react-imask types IMaskInput as a union over every mask kind; the masks of
// packages/core are a known subset, so the component is used through this narrower signature.
const MaskedElement = lazyComponent(
  async () =>
    (await import('react-imask')).IMaskInput as unknown as ComponentType<MaskedInputProps>,
  UnmaskedElement,
);

/** Loads imask, so a page with masked fields renders them masked from the start. */
export const preloadMasks = MaskedElement.preload;

export interface TextInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
> {
  value: string;
  maskName: string | undefined;
  onValue(value: string): void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A text input that applies a mask of SPEC.md section 5 when the field has one. The masked
 * text is what the model stores; the server re-checks it with the same mask.
 */
export function TextInput({ value, maskName, onValue, inputRef, ...rest }: TextInputProps) {
  const mask = getMask(maskName);
  if (!mask) {
    return (
      <input
        {...rest}
        ref={inputRef}
        value={value}
        onChange={(event) => onValue(event.target.value)}
      />
    );
  }
  return (
    // A new mask (a dependency's maskOverride) needs a new imask instance.
    <MaskedElement
      key={maskName}
      {...rest}
      {...mask}
      inputRef={inputRef}
      value={value}
      onAccept={(accepted) => {
        if (accepted !== value) onValue(accepted);
      }}
    />
  );
}
