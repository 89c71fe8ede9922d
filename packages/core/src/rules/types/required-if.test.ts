import { describe, expect, it } from 'vitest';
import { localizeFrom, messages } from '../test-helpers';

function requiredIf(condition: Record<string, unknown>) {
  return { type: 'requiredIf', condition };
}

describe('requiredIf', () => {
  const whenOwner = requiredIf({ property: 'Role', comparison: 'IsEqualTo', value: 'Owner' });

  it('fails on an empty value when the other field equals the value', () => {
    expect(messages(whenOwner, '', { role: 'Owner' })).toEqual(['The value is required']);
  });

  it('passes an empty value when the other field differs', () => {
    expect(messages(whenOwner, '', { role: 'Lessee' })).toEqual([]);
  });

  it('passes a present value when the condition holds', () => {
    expect(messages(whenOwner, 'x', { role: 'Owner' })).toEqual([]);
  });

  it('requires a value when the other field is not equal to the value', () => {
    const rule = requiredIf({ property: 'role', comparison: 'IsNotEqualTo', value: 'Owner' });
    expect(messages(rule, null, { role: 'Lessee' })).toEqual(['The value is required']);
  });

  it('requires a value when the other field is empty', () => {
    const rule = requiredIf({ property: 'email', comparison: 'IsEqualTo' });
    expect(messages(rule, null, { email: ' ' })).toEqual(['The value is required']);
  });

  it('requires a value when the other field is not empty', () => {
    const rule = requiredIf({ property: 'email', comparison: 'IsNotEqualTo', value: null });
    expect(messages(rule, null, { email: 'a@b.co' })).toEqual(['The value is required']);
  });

  it('requires a ticked checkbox when the condition holds', () => {
    expect(messages(whenOwner, false, { role: 'Owner' }, {}, { kind: 'checkbox' })).toEqual([
      'The value is required',
    ]);
  });

  it('uses the text of LocKey_Validation_RequiredIf when the content has it', () => {
    const localize = localizeFrom({ LocKey_Validation_RequiredIf: 'Este valor es obligatorio' });
    expect(messages(whenOwner, '', { role: 'Owner' }, { localize })).toEqual([
      'Este valor es obligatorio',
    ]);
  });

  it('reads the condition from the target model', () => {
    const rule = { ...whenOwner, targetModel: { dtoMapping: 'ClaimantInfo' } };
    const resolveModel = () => ({ role: 'Owner' });
    expect(messages(rule, '', { role: 'Lessee' }, { resolveModel })).toEqual([
      'The value is required',
    ]);
  });
});
