import { describe, expect, it } from 'vitest';
import { messages } from '../test-helpers';

const isOwner = { property: 'role', comparison: 'IsEqualTo', value: 'Owner' };
const hasNoVin = { property: 'vin', comparison: 'IsEqualTo' };

function nested(operator: 'Or' | 'And') {
  return { type: 'nestedRequiredIf', operator, conditions: [isOwner, hasNoVin] };
}

describe('nestedRequiredIf', () => {
  it('with Or, requires a value when the first condition alone holds', () => {
    expect(messages(nested('Or'), '', { role: 'Owner', vin: '1HGCM' })).toEqual([
      'The value is required',
    ]);
  });

  it('with Or, requires a value when the second condition alone holds', () => {
    expect(messages(nested('Or'), '', { role: 'Lessee', vin: '' })).toEqual([
      'The value is required',
    ]);
  });

  it('with Or, passes an empty value when neither condition holds', () => {
    expect(messages(nested('Or'), '', { role: 'Lessee', vin: '1HGCM' })).toEqual([]);
  });

  it('with And, passes an empty value when only one condition holds', () => {
    expect(messages(nested('And'), '', { role: 'Owner', vin: '1HGCM' })).toEqual([]);
  });

  it('with And, requires a value when both conditions hold', () => {
    expect(messages(nested('And'), '', { role: 'Owner' })).toEqual(['The value is required']);
  });

  it('passes a present value when the conditions hold', () => {
    expect(messages(nested('And'), 'x', { role: 'Owner' })).toEqual([]);
  });
});
