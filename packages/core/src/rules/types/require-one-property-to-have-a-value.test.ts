import { describe, expect, it } from 'vitest';
import { messages } from '../test-helpers';

const rule = { type: 'RequireOnePropertyToHaveAValue', properties: ['Email', 'PhoneNumber'] };

describe('RequireOnePropertyToHaveAValue', () => {
  it('passes when one of the properties has a value', () => {
    expect(messages(rule, null, { email: '', phoneNumber: '5551234567' })).toEqual([]);
  });

  it('fails with "At least one field must have a value." when none has', () => {
    expect(messages(rule, null, { email: ' ', phoneNumber: null })).toEqual([
      'At least one field must have a value.',
    ]);
  });

  it('counts false as a value', () => {
    expect(messages(rule, null, { email: false })).toEqual([]);
  });
});
