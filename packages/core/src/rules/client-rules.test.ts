import { describe, expect, it } from 'vitest';
import {
  betweenRule,
  clientMessageCatalogue,
  decimalRule,
  emailRule,
  firstClientError,
  integerRule,
  isDecimal,
  isEmail,
  isInteger,
  isUrl,
  maxLengthRule,
  requiredIfRule,
  requiredRule,
  urlRule,
  userConfirmsNoneRule,
} from './client-rules';
import { localizeFrom } from './test-helpers';

describe('requiredRule', () => {
  it('refuses a value that is blank once trimmed with "Value is required"', () => {
    expect(firstClientError([requiredRule()], '  ')).toBe('Value is required');
  });

  it('accepts text', () => {
    expect(firstClientError([requiredRule()], 'a')).toBeUndefined();
  });

  it('accepts false on a field that is not a checkbox', () => {
    expect(requiredRule().isValid(false)).toBe(true);
  });

  it('refuses an unticked checkbox', () => {
    expect(requiredRule({ checkbox: true }).isValid(false)).toBe(false);
  });

  it('uses the text of LocKey_Validation_Required when the content has it', () => {
    const localize = localizeFrom({ LocKey_Validation_Required: 'Obligatorio' });
    expect(firstClientError([requiredRule()], '', localize)).toBe('Obligatorio');
  });
});

describe('requiredIfRule', () => {
  it('refuses an empty value while the condition holds with "The value is required"', () => {
    expect(firstClientError([requiredIfRule(true)], '')).toBe('The value is required');
  });

  it('accepts an empty value while the condition does not hold', () => {
    expect(requiredIfRule(false).isValid('')).toBe(true);
  });

  it('reads a condition function on every check', () => {
    let holds = false;
    const rule = requiredIfRule(() => holds);
    const before = rule.isValid('');
    holds = true;
    expect([before, rule.isValid('')]).toEqual([true, false]);
  });
});

describe('userConfirmsNoneRule', () => {
  it('requires the confirmation while the list is empty', () => {
    expect(firstClientError([userConfirmsNoneRule([])], false)).toBe('The value is required');
  });

  it('accepts a ticked confirmation while the list is empty', () => {
    expect(userConfirmsNoneRule([]).isValid(true)).toBe(true);
  });

  it('needs no confirmation once the list has an item', () => {
    expect(userConfirmsNoneRule(['transaction']).isValid(false)).toBe(true);
  });

  it('reads a list function on every check', () => {
    const items: string[] = [];
    const rule = userConfirmsNoneRule(() => items);
    items.push('transaction');
    expect(rule.isValid(null)).toBe(true);
  });

  it('is named userConfirmsNone', () => {
    expect(userConfirmsNoneRule([]).name).toBe('userConfirmsNone');
  });
});

describe('maxLengthRule', () => {
  it('refuses longer text with "The maximum length allowed is {max}"', () => {
    expect(firstClientError([maxLengthRule(3)], 'abcd')).toBe('The maximum length allowed is 3');
  });

  it('accepts text of the maximum length', () => {
    expect(maxLengthRule(3).isValid('abc')).toBe(true);
  });

  it('accepts an empty value', () => {
    expect(maxLengthRule(3).isValid(null)).toBe(true);
  });

  it('refuses a value that is not text', () => {
    expect(maxLengthRule(3).isValid({ a: 1 })).toBe(false);
  });
});

describe('betweenRule', () => {
  it('refuses a number outside the range with "The value must be between {min} and {max}"', () => {
    expect(firstClientError([betweenRule(1, 10)], '11')).toBe('The value must be between 1 and 10');
  });

  it.each([1, '5.5', 10])('accepts %s inside the range, bounds included', (value) => {
    expect(betweenRule(1, 10).isValid(value)).toBe(true);
  });

  it('refuses text that is not a number', () => {
    expect(betweenRule(1, 10).isValid('five')).toBe(false);
  });

  it('accepts an empty value', () => {
    expect(betweenRule(1, 10).isValid('')).toBe(true);
  });

  it('fills {min} and {max} in the localised text', () => {
    const localize = localizeFrom({ LocKey_Validation_Number_Between: 'Entre {min} y {max}' });
    expect(betweenRule(1, 10).message(localize)).toBe('Entre 1 y 10');
  });
});

describe('isEmail', () => {
  it.each([
    'claimant@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.org",
    'x@xn--bcher-kva.de',
    'a_b-c@ex-ample.io',
  ])('accepts %s', (text) => {
    expect(isEmail(text)).toBe(true);
  });

  it.each([
    ['no @', 'claimant.example.com'],
    ['an empty local part', '@example.com'],
    ['a single-label domain', 'claimant@localhost'],
    ['a numeric top-level domain', 'claimant@example.123'],
    ['two dots in a row', 'first..last@example.com'],
    ['a leading dot', '.first@example.com'],
    ['a space', 'first last@example.com'],
    ['two @', 'a@b@example.com'],
    ['a label starting with a hyphen', 'a@-example.com'],
    ['a trailing dot on the domain', 'a@example.com.'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
    ['more than 254 characters', `a@${'b'.repeat(250)}.com`],
    ['a label over 63 characters', `a@${'b'.repeat(64)}.com`],
    ['an IP literal', 'a@[127.0.0.1]'],
  ])('refuses %s', (_name, text) => {
    expect(isEmail(text)).toBe(false);
  });
});

describe('isUrl', () => {
  it.each([
    'https://example.com',
    'http://www.example.com/path?q=1#top',
    'https://sub.example.co.uk:8443/a',
    'http://192.168.0.1/status',
    'https://bücher.de',
  ])('accepts %s', (text) => {
    expect(isUrl(text)).toBe(true);
  });

  it.each([
    ['no scheme', 'www.example.com'],
    ['another scheme', 'ftp://example.com'],
    ['javascript', 'javascript:alert(1)'],
    ['a single-label host', 'http://localhost'],
    ['a space', 'https://exa mple.com'],
    ['no host', 'https://'],
    ['a bad port', 'https://example.com:99999'],
    ['an out-of-range IPv4 address', 'http://256.1.1.1'],
  ])('refuses %s', (_name, text) => {
    expect(isUrl(text)).toBe(false);
  });
});

describe('isInteger', () => {
  it.each(['0', '42', '-7', 12])('accepts %s', (value) => {
    expect(isInteger(value)).toBe(true);
  });

  it.each(['', '-', '1.0', '1e3', ' 1', '+1', 1.5, Number.NaN])('refuses %s', (value) => {
    expect(isInteger(value)).toBe(false);
  });
});

describe('isDecimal', () => {
  it.each(['3', '-0.5', '.5', '10.25', 2.5])('accepts %s', (value) => {
    expect(isDecimal(value)).toBe(true);
  });

  it.each(['', '-', '.', '1.', '1.2.3', 'abc', Number.POSITIVE_INFINITY])('refuses %s', (value) => {
    expect(isDecimal(value)).toBe(false);
  });
});

describe('the library validators as rules', () => {
  it('emailRule gives "Value is not a valid email address"', () => {
    expect(firstClientError([emailRule], 'nope')).toBe('Value is not a valid email address');
  });

  it('urlRule gives "The value is not a valid URL address"', () => {
    expect(firstClientError([urlRule], 'nope')).toBe('The value is not a valid URL address');
  });

  it('integerRule gives "Value is not an integer"', () => {
    expect(firstClientError([integerRule], '1.5')).toBe('Value is not an integer');
  });

  it('decimalRule gives "Value must be decimal"', () => {
    expect(firstClientError([decimalRule], 'x')).toBe('Value must be decimal');
  });

  it('pass an empty value', () => {
    expect([emailRule, urlRule, integerRule, decimalRule].every((rule) => rule.isValid(''))).toBe(
      true,
    );
  });

  it('refuse a value that is neither text nor a number', () => {
    expect([emailRule, integerRule].map((rule) => rule.isValid({ a: 1 }))).toEqual([false, false]);
  });
});

describe('firstClientError', () => {
  it('gives the message of the first failing rule only', () => {
    expect(firstClientError([requiredRule(), maxLengthRule(1), emailRule], 'abc')).toBe(
      'The maximum length allowed is 1',
    );
  });
});

describe('clientMessageCatalogue', () => {
  it('lists each client message key once', () => {
    const keys = clientMessageCatalogue().map((message) => message.key);
    expect(keys).toEqual([...new Set(keys)]);
  });
});
