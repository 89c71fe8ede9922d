import { VIN_LENGTH } from '../vin';
import { dynamicMaskRunner } from './dynamic-mask';
import type { MaskRunner } from './mask-runner';
import { numberMaskRunner, type NumberMaskOptions } from './number-mask';
import { patternMaskRunner } from './pattern-mask';
import { regExpMaskRunner, type RegExpMaskOptions } from './regexp-mask';

/**
 * The input masks of docs/behaviour.md#masks. Each entry is react-imask options as they are (the
 * browser passes it to the input unchanged) and the server re-checks submitted values with the
 * same entry through conformsToMask. Entries hold data only, apart from RegExp tokens, imask's
 * `Number` marker and the VIN's upper-casing, which imask needs as such.
 */

/**
 * The tokens of text-input masks (docs/behaviour.md#masks): digit, letter, alphanumeric. Passed as
 * imask `definitions` by every pattern mask, because imask's own '*' accepts any character
 * and its 'a' any Unicode letter.
 */
export const MASK_TOKENS = {
  '0': /[0-9]/,
  a: /[A-Za-z]/,
  '*': /[A-Za-z0-9]/,
} as const satisfies Record<string, RegExp>;

export interface PatternMaskOptions {
  mask: string;
  definitions: Record<string, RegExp>;
}

/** imask's dynamic mask: the alternative that takes the most of what is typed applies. */
export interface DynamicMaskOptions {
  mask: PatternMaskOptions[];
}

export type { NumberMaskOptions, RegExpMaskOptions };
export type MaskOptions =
  PatternMaskOptions | NumberMaskOptions | RegExpMaskOptions | DynamicMaskOptions;

export const MASK_NAMES = [
  'currency',
  'currencyTwoDecimals',
  'decimal',
  'internationalPhone',
  'date',
  'usPhone',
  'vin',
  'usZip',
  'nonUsZip',
  '',
] as const;
export type MaskName = (typeof MASK_NAMES)[number];

function pattern(mask: string): PatternMaskOptions {
  return { mask, definitions: { ...MASK_TOKENS } };
}

function currency(scale: number): NumberMaskOptions {
  return {
    mask: Number,
    scale,
    thousandsSeparator: ',',
    radix: '.',
    mapToRadix: ['.'],
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    normalizeZeros: true,
    padFractionalZeros: scale > 0,
  };
}

function toUpperCase(char: string): string {
  return char.toUpperCase();
}

/** '' is the empty mask type: no mask, any text. */
export const MASKS: Readonly<Record<MaskName, MaskOptions | null>> = {
  currency: currency(0),
  currencyTwoDecimals: currency(2),
  // At most one dot: a second one would not make a decimal number.
  decimal: { mask: /^(?=.{0,16}$)[0-9]*\.?[0-9]*$/ },
  internationalPhone: { mask: /^[0-9]{0,16}$/ },
  date: pattern('00/00/0000'),
  usPhone: pattern('(000) 000-0000'),
  vin: { mask: new RegExp(`^[A-Z0-9]{0,${VIN_LENGTH}}$`), prepareChar: toUpperCase },
  // Two alternatives rather than '00000[-0000]': imask counts a partly filled optional part as
  // complete, so '12345-67' would pass in the browser and fail on the server. A ZIP is five
  // digits or nine.
  usZip: { mask: [pattern('00000'), pattern('00000-0000')] },
  nonUsZip: { mask: /^[A-Za-z0-9 ]{0,10}$/ },
  '': null,
};

function isMaskName(name: string): name is MaskName {
  return (MASK_NAMES as readonly string[]).includes(name);
}

/**
 * The react-imask options of a mask type, or null for the empty type. An absent name is the
 * empty type. Throws for an unknown type (docs/behaviour.md#configuration-errors: no mask factory
 * for a mask type).
 */
export function getMask(name: string | undefined): MaskOptions | null {
  const key = name ?? '';
  if (!isMaskName(key)) {
    throw new Error(
      `no mask for mask type "${key}"; expected one of ${MASK_NAMES.map((known) => `"${known}"`).join(', ')}`,
    );
  }
  return MASKS[key];
}

export function isPatternMask(options: MaskOptions): options is PatternMaskOptions {
  return typeof options.mask === 'string';
}

export function isRegExpMask(options: MaskOptions): options is RegExpMaskOptions {
  return options.mask instanceof RegExp;
}

export function isNumberMask(options: MaskOptions): options is NumberMaskOptions {
  return options.mask === Number;
}

export function isDynamicMask(options: MaskOptions): options is DynamicMaskOptions {
  return Array.isArray(options.mask);
}

function createRunner(options: MaskOptions): MaskRunner {
  if (isPatternMask(options)) return patternMaskRunner(options.mask, options.definitions);
  if (isRegExpMask(options)) return regExpMaskRunner(options);
  if (isDynamicMask(options)) return dynamicMaskRunner(options.mask.map(runnerFor));
  return numberMaskRunner(options);
}

const runners = new WeakMap<MaskOptions, MaskRunner>();

function runnerFor(options: MaskOptions): MaskRunner {
  let runner = runners.get(options);
  if (!runner) {
    runner = createRunner(options);
    runners.set(options, runner);
  }
  return runner;
}

const NO_MASK: MaskRunner = {
  apply: (input) => input,
  unmask: (input) => input,
  isComplete: () => true,
};

function runner(name: string | undefined): MaskRunner {
  const options = getMask(name);
  return options ? runnerFor(options) : NO_MASK;
}

/** The value the mask shows once `input` has been typed or pasted and the field left. */
export function applyMask(name: string | undefined, input: string): string {
  return runner(name).apply(input);
}

/**
 * The raw characters of a value, as imask's unmaskedValue gives them: pattern masks drop what
 * they insert, number masks give a plain number ('1234.5'), the others give the masked value.
 */
export function unmaskedValue(name: string | undefined, value: string): string {
  return runner(name).unmask(value);
}

/**
 * Whether the value is a finished entry the mask itself would show. The empty string conforms:
 * whether a value is needed at all is for the required rules to say.
 */
export function conformsToMask(name: string | undefined, value: string): boolean {
  if (value === '') return true;
  const mask = runner(name);
  return mask.apply(value) === value && mask.isComplete(value);
}

/**
 * A finished value of each mask, for the message that asks for one (the rule engine's mask
 * check). Examples rather than patterns, so the message reads the same in every language.
 */
export const MASK_EXAMPLES: Readonly<Record<MaskName, string>> = {
  currency: '1,250',
  currencyTwoDecimals: '1,250.00',
  decimal: '1250.5',
  internationalPhone: '442079460958',
  date: '03/15/2024',
  usPhone: '(213) 555-0147',
  vin: '1NWVRS2F5JR162080',
  usZip: '90012',
  nonUsZip: 'SW1A 1AA',
  '': '',
};

/** A finished value of the mask type, e.g. '(213) 555-0147'; '' for the empty type. */
export function maskExample(name: string | undefined): string {
  getMask(name);
  return MASK_EXAMPLES[(name ?? '') as MaskName];
}

/** How dates and phone numbers are shown to claimants (docs/behaviour.md#masks). */
export const DISPLAY_FORMATS = { date: 'mm/dd/yyyy', phone: '(123) 456-7890' } as const;

/**
 * A ten-digit number as (123) 456-7890, whatever separators it was typed with. Anything else
 * (an international number, a partial one) is shown as entered.
 */
export function formatDisplayPhone(value: string): string {
  const digits = value.replace(/[^0-9]/g, '');
  return digits.length === 10 ? applyMask('usPhone', digits) : value;
}
