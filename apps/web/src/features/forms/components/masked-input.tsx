import {
  useCallback,
  useRef,
  useState,
  type ComponentType,
  type InputHTMLAttributes,
  type Ref,
  type RefCallback,
} from 'react';
import { getMask, type MaskOptions } from '@claims/core/masks/masks';
import { lazyComponent } from '../../../components/ui/lazy-component';

type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> &
  MaskOptions & {
    value: string;
    onAccept(value: string): void;
    inputRef?: Ref<HTMLInputElement>;
  };

/** Props of react-imask that are not attributes of the input. */
const MASK_PROPS = new Set([
  'mask',
  'definitions',
  'scale',
  'thousandsSeparator',
  'radix',
  'mapToRadix',
  'min',
  'max',
  'normalizeZeros',
  'padFractionalZeros',
  'prepareChar',
]);

/**
 * Until imask has loaded, the field is a plain input that takes what is typed as it is; once
 * imask is there, it receives the value and masks it (and reports the masked value), so no
 * keystroke typed while the page was still loading is lost.
 */
function UnmaskedElement({ value, onAccept, inputRef, ...props }: MaskedInputProps) {
  const attributes = Object.fromEntries(
    Object.entries(props).filter(([name]) => !MASK_PROPS.has(name)),
  ) as InputHTMLAttributes<HTMLInputElement>;
  return (
    <input
      {...attributes}
      ref={inputRef}
      value={value}
      onChange={(event) => onAccept(event.target.value)}
    />
  );
}

// imask loads with the first use of a masked input (TextInput). react-imask types IMaskInput as
// a union over every mask kind; the masks of packages/core are a known subset, so the component
// is used through this narrower signature.
const MaskedElement = lazyComponent(
  async () =>
    (await import('react-imask')).IMaskInput as unknown as ComponentType<MaskedInputProps>,
  UnmaskedElement,
);

let masksLoaded = false;

/** Loads imask; every masked input renders masked from then on. */
export async function preloadMasks(): Promise<void> {
  await MaskedElement.preload();
  masksLoaded = true;
}

export interface TextInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
> {
  value: string;
  maskName: string | undefined;
  onValue(value: string): void;
  inputRef?: Ref<HTMLInputElement>;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A ref that moves the focus to the input that replaces a focused one: the plain input gives
 * way to the masked one when imask arrives, and a new mask (a dependency's maskOverride)
 * makes a new input, while the claimant may be typing.
 */
function useFocusKeptAcrossInputs(inputRef: Ref<HTMLInputElement> | undefined) {
  const current = useRef<HTMLInputElement | null>(null);
  const hadFocus = useRef(false);
  return useCallback<RefCallback<HTMLInputElement>>(
    (element) => {
      // React detaches the ref of a removed input before it takes the input out of the page.
      if (element === null) {
        hadFocus.current = current.current !== null && current.current === document.activeElement;
      } else if (hadFocus.current && element !== current.current) {
        hadFocus.current = false;
        element.focus();
      }
      current.current = element;
      assignRef(inputRef, element);
    },
    [inputRef],
  );
}

/**
 * A text input that applies a mask of docs/behaviour.md#masks when the field has one. The masked
 * text is what the model stores; the rule engine checks it against the same mask in the
 * browser and on the server.
 *
 * imask loads when the claimant first focuses, presses on or changes a masked input, rather
 * than with the page: most of a page's visitors read it before they type, and the mask's code
 * (about 16 KB gzip) is not worth delaying the page for. Until imask has arrived the input takes
 * what is typed as it is, and imask then masks it. A value the claimant did not type (one
 * restored from the draft, filled in from the address or picked in a calendar) loads imask at
 * once, so it is shown masked.
 */
export function TextInput({ value, maskName, onValue, inputRef, ...rest }: TextInputProps) {
  const mask = getMask(maskName);
  const ref = useFocusKeptAcrossInputs(inputRef);
  const [used, setUsed] = useState(false);
  const requested = useRef(false);
  // What the claimant typed into the input before imask: any other value (a VIN the address
  // fills in) is masked at once.
  const [typed, setTyped] = useState('');
  if (!mask) {
    return (
      <input {...rest} ref={ref} value={value} onChange={(event) => onValue(event.target.value)} />
    );
  }
  if (value === typed && !used && !masksLoaded) {
    const use = () => {
      if (requested.current) return;
      requested.current = true;
      // A failure to load shows when the masked input renders, as on any other page.
      const masked = () => setUsed(true);
      preloadMasks().then(masked, masked);
    };
    return (
      <input
        {...rest}
        ref={ref}
        value={value}
        onFocus={(event) => {
          use();
          rest.onFocus?.(event);
        }}
        onPointerDown={(event) => {
          use();
          rest.onPointerDown?.(event);
        }}
        onChange={(event) => {
          use();
          setTyped(event.target.value);
          onValue(event.target.value);
        }}
      />
    );
  }
  return (
    // A new mask (a dependency's maskOverride) needs a new imask instance.
    <MaskedElement
      key={maskName}
      {...rest}
      {...mask}
      inputRef={ref}
      value={value}
      onAccept={(accepted) => {
        if (accepted !== value) onValue(accepted);
      }}
    />
  );
}
