import { SHARED_MESSAGES, messageFor, type Localize, type MessageText } from './messages';
import { isEmpty, textOf, toNumber } from './values';

/**
 * Rules the pages apply themselves, besides the server-declared ones
 * (docs/behaviour.md#client-rules). Like those, every rule except the required ones passes an empty
 * value.
 */
export interface ClientRule {
  readonly name: string;
  isValid(value: unknown): boolean;
  /** The message in the active culture, else in English. */
  message(localize?: Localize): string;
}

/** The first failing rule's message, or undefined when the value passes them all. */
export function firstClientError(
  rules: readonly ClientRule[],
  value: unknown,
  localize?: Localize,
): string | undefined {
  return rules.find((rule) => !rule.isValid(value))?.message(localize);
}

function clientRule(
  name: string,
  text: MessageText,
  isValid: (value: unknown) => boolean,
  params: Readonly<Record<string, string>> = {},
): ClientRule {
  return { name, isValid, message: (localize) => messageFor(text, params, localize) };
}

/** Whether a non-empty value's text passes; empty values pass, non-text values fail. */
function optionalText(test: (text: string) => boolean): (value: unknown) => boolean {
  return (value) => {
    if (isEmpty(value)) return true;
    const text = textOf(value);
    return text !== undefined && test(text);
  };
}

export interface RequiredOptions {
  /** For a checkbox: unticked (false) counts as empty. */
  checkbox?: boolean;
}

/** The value, trimmed, must not be empty: 'Value is required'. */
export function requiredRule(options: RequiredOptions = {}): ClientRule {
  return clientRule(
    'required',
    SHARED_MESSAGES.required,
    (value) => !isEmpty(value, { falseIsEmpty: options.checkbox === true }),
  );
}

/** Required while the condition holds: 'The value is required'. */
export function requiredIfRule(
  condition: boolean | (() => boolean),
  options: RequiredOptions = {},
): ClientRule {
  const holds = typeof condition === 'function' ? condition : () => condition;
  return clientRule(
    'requiredIf',
    SHARED_MESSAGES.conditionallyRequired,
    (value) => !holds() || !isEmpty(value, { falseIsEmpty: options.checkbox === true }),
  );
}

/**
 * 'User confirms none': while the list is empty the claimant must confirm they have nothing to
 * list, e.g. tick "I have no transactions to report". Pass a function to read a list that
 * changes.
 */
export function userConfirmsNoneRule(
  items: readonly unknown[] | (() => readonly unknown[]),
): ClientRule {
  const current = typeof items === 'function' ? items : () => items;
  return {
    ...requiredIfRule(() => current().length === 0, { checkbox: true }),
    name: 'userConfirmsNone',
  };
}

/** 'The maximum length allowed is {max}', counted in UTF-16 code units like maxlength. */
export function maxLengthRule(max: number): ClientRule {
  return clientRule(
    'maxLength',
    SHARED_MESSAGES.maxLength,
    optionalText((text) => text.length <= max),
    { max: String(max) },
  );
}

/** 'The value must be between {min} and {max}', inclusive. */
export function betweenRule(min: number, max: number): ClientRule {
  return clientRule(
    'between',
    SHARED_MESSAGES.numberBetween,
    (value) => {
      if (isEmpty(value)) return true;
      const number = toNumber(value);
      return number !== null && number >= min && number <= max;
    },
    { min: String(min), max: String(max) },
  );
}

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*$`);
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** A host name of two or more labels whose last one is a real top-level domain shape. */
function isDomainName(domain: string): boolean {
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  const last = labels[labels.length - 1] as string;
  return (
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL_DOMAIN.test(last)
  );
}

/**
 * An address mail can be delivered to on the public internet: a dot-atom local part of at most
 * 64 characters (RFC 5322, no quoted forms), '@', and a domain name with a top-level domain
 * (no IP literals, no single-label hosts); at most 254 characters in all (RFC 5321).
 */
export function isEmail(text: string): boolean {
  if (text.length > 254) return false;
  const at = text.lastIndexOf('@');
  if (at < 1) return false;
  const local = text.slice(0, at);
  return local.length <= 64 && LOCAL_PART.test(local) && isDomainName(text.slice(at + 1));
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * An http or https address with a public-looking host (a domain name with a top-level domain,
 * or an IPv4 address), parsed by the WHATWG URL parser both browsers and the server use.
 */
export function isUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return isDomainName(url.hostname) || IPV4.test(url.hostname);
}

/** An optional minus sign and digits: '42', '-7'. Numbers must be safe integers. */
export function isInteger(value: string | number): boolean {
  return typeof value === 'number' ? Number.isSafeInteger(value) : /^-?\d+$/.test(value);
}

/** An optional minus sign, digits and at most one point with digits after it: '3', '-0.5', '.5'. */
export function isDecimal(value: string | number): boolean {
  return typeof value === 'number'
    ? Number.isFinite(value)
    : /^-?(?:\d+(?:\.\d+)?|\.\d+)$/.test(value);
}

export const CLIENT_MESSAGES = {
  email: { key: 'LocKey_Validation_Email', text: 'Value is not a valid email address' },
  url: { key: 'LocKey_Validation_Url', text: 'The value is not a valid URL address' },
  integer: { key: 'LocKey_Validation_Integer', text: 'Value is not an integer' },
  decimal: { key: 'LocKey_Validation_Decimal', text: 'Value must be decimal' },
} as const satisfies Record<string, MessageText>;

function numberOrText(test: (value: string | number) => boolean): (value: unknown) => boolean {
  return (value) =>
    isEmpty(value) || ((typeof value === 'number' || typeof value === 'string') && test(value));
}

export const emailRule = clientRule('email', CLIENT_MESSAGES.email, optionalText(isEmail));
export const urlRule = clientRule('url', CLIENT_MESSAGES.url, optionalText(isUrl));
export const integerRule = clientRule('integer', CLIENT_MESSAGES.integer, numberOrText(isInteger));
export const decimalRule = clientRule('decimal', CLIENT_MESSAGES.decimal, numberOrText(isDecimal));

/** Every message the client rules can give, for content authors and content checks. */
export function clientMessageCatalogue(): MessageText[] {
  return [
    SHARED_MESSAGES.required,
    SHARED_MESSAGES.conditionallyRequired,
    SHARED_MESSAGES.maxLength,
    SHARED_MESSAGES.numberBetween,
    ...Object.values(CLIENT_MESSAGES),
  ];
}
