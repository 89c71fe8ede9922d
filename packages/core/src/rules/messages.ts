/**
 * Validation messages. Every message has a localisation key and a default English text; the
 * text of the key in the active culture replaces the English one when the content has it.
 *
 * Placeholders are named, in braces: {min}, {max}, {start}, {formats}, {format}. A content
 * author writes e.g. 'El valor debe estar entre {min} y {max}' for
 * LocKey_Validation_Number_Between. Placeholders a message does not fill are left as they are.
 * ruleMessageCatalogue() in registry.ts lists every key with its English text.
 */

export interface MessageText {
  key: string;
  /** Default English text, with named placeholders. */
  text: string;
}

/** Returns the text of a key in the active culture, or undefined when the content lacks it. */
export type Localize = (key: string) => string | undefined;

export type MessageParams = Readonly<Record<string, string>>;

/** Fills {name} placeholders from params; unknown ones stay as written. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? (params[name] as string) : placeholder,
  );
}

/** The localised text of a key, treating a blank text as missing. */
export function localizedText(localize: Localize | undefined, key: string): string | undefined {
  const text = localize?.(key);
  return text === undefined || text.trim() === '' ? undefined : text;
}

/** A message in the active culture, else in English, with its placeholders filled. */
export function messageFor(
  message: MessageText,
  params: MessageParams = {},
  localize?: Localize,
): string {
  return formatMessage(localizedText(localize, message.key) ?? message.text, params);
}

/** What a server-declared rule may say about its own message (rule-config.ts). */
export interface MessageOverride {
  messageKey?: string | undefined;
  message?: string | undefined;
}

/**
 * A rule's message, first found of: the text of the rule's messageKey, the rule's literal
 * message, the text of the default key, the default English text. Placeholders are filled in
 * whichever is used.
 */
export function ruleMessage(
  override: MessageOverride,
  fallback: MessageText,
  params: MessageParams = {},
  localize?: Localize,
): string {
  const overridden =
    (override.messageKey === undefined
      ? undefined
      : localizedText(localize, override.messageKey)) ?? override.message;
  return overridden === undefined
    ? messageFor(fallback, params, localize)
    : formatMessage(overridden, params);
}

/** Messages shared by the server-declared rules and the client rules (docs/behaviour.md#rules). */
export const SHARED_MESSAGES = {
  required: { key: 'LocKey_Validation_Required', text: 'Value is required' },
  conditionallyRequired: { key: 'LocKey_Validation_RequiredIf', text: 'The value is required' },
  maxLength: { key: 'LocKey_Validation_MaxLength', text: 'The maximum length allowed is {max}' },
  numberBetween: {
    key: 'LocKey_Validation_Number_Between',
    text: 'The value must be between {min} and {max}',
  },
  invalidDate: {
    key: 'LocKey_Validation_Date_InvalidFormat',
    text: 'Enter the date as {format}',
  },
} as const satisfies Record<string, MessageText>;
