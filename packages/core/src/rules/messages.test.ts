import { describe, expect, it } from 'vitest';
import { formatMessage, messageFor, ruleMessage } from './messages';

const fallback = { key: 'LocKey_Default', text: 'Between {min} and {max}' };

describe('formatMessage', () => {
  it('fills named placeholders', () => {
    expect(formatMessage('Between {min} and {max}', { min: '1', max: '9' })).toBe(
      'Between 1 and 9',
    );
  });

  it('leaves placeholders it has no parameter for', () => {
    expect(formatMessage('Up to {max} ({unit})', { max: '5' })).toBe('Up to 5 ({unit})');
  });

  it('does not take inherited properties for parameters', () => {
    expect(formatMessage('{constructor}', {})).toBe('{constructor}');
  });
});

describe('messageFor', () => {
  it('uses the English text when there is no localize function', () => {
    expect(messageFor(fallback, { min: '1', max: '2' })).toBe('Between 1 and 2');
  });

  it('treats a blank localised text as missing', () => {
    expect(messageFor(fallback, { min: '1', max: '2' }, () => '  ')).toBe('Between 1 and 2');
  });
});

describe('ruleMessage', () => {
  const texts: Record<string, string> = {
    LocKey_Default: 'Entre {min} y {max}',
    LocKey_Override: 'De {min} a {max}',
  };
  const localize = (key: string) => texts[key];
  const params = { min: '1', max: '2' };

  it('prefers the text of the messageKey', () => {
    const override = { messageKey: 'LocKey_Override', message: 'literal' };
    expect(ruleMessage(override, fallback, params, localize)).toBe('De 1 a 2');
  });

  it('falls back to the literal message, with placeholders filled', () => {
    const override = { messageKey: 'LocKey_Unknown', message: 'From {min}' };
    expect(ruleMessage(override, fallback, params, localize)).toBe('From 1');
  });

  it('falls back to the text of the default key', () => {
    expect(ruleMessage({ messageKey: 'LocKey_Unknown' }, fallback, params, localize)).toBe(
      'Entre 1 y 2',
    );
  });

  it('falls back to the default English text', () => {
    expect(ruleMessage({}, fallback, params, () => undefined)).toBe('Between 1 and 2');
  });
});
