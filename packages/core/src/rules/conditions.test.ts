import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './engine';
import type { Condition } from './rule-config';

function holds(condition: Condition, values: Record<string, unknown>): boolean {
  return evaluateCondition(condition, values);
}

describe('evaluateCondition', () => {
  it('IsEqualTo holds when the property equals the value', () => {
    expect(
      holds({ property: 'role', comparison: 'IsEqualTo', value: 'Owner' }, { role: 'Owner' }),
    ).toBe(true);
  });

  it('IsEqualTo fails when the property differs', () => {
    expect(
      holds({ property: 'role', comparison: 'IsEqualTo', value: 'Owner' }, { role: 'owner' }),
    ).toBe(false);
  });

  it('IsNotEqualTo holds when the property differs', () => {
    expect(
      holds({ property: 'role', comparison: 'IsNotEqualTo', value: 'Owner' }, { role: 'Lessee' }),
    ).toBe(true);
  });

  it('IsNotEqualTo fails when the property equals the value', () => {
    expect(
      holds({ property: 'role', comparison: 'IsNotEqualTo', value: 'Owner' }, { role: 'Owner' }),
    ).toBe(false);
  });

  it('IsEqualTo without a value holds for an empty property', () => {
    expect(holds({ property: 'vin', comparison: 'IsEqualTo' }, { vin: '   ' })).toBe(true);
  });

  it('IsEqualTo null holds for an absent property', () => {
    expect(holds({ property: 'vin', comparison: 'IsEqualTo', value: null }, {})).toBe(true);
  });

  it('IsEqualTo an empty string holds for a null property', () => {
    expect(holds({ property: 'vin', comparison: 'IsEqualTo', value: '' }, { vin: null })).toBe(
      true,
    );
  });

  it('IsNotEqualTo empty holds for a property with a value', () => {
    expect(holds({ property: 'vin', comparison: 'IsNotEqualTo' }, { vin: '1HG' })).toBe(true);
  });

  it('IsNotEqualTo empty fails for an empty list', () => {
    expect(holds({ property: 'vins', comparison: 'IsNotEqualTo' }, { vins: [] })).toBe(false);
  });

  it('compares a number with its text', () => {
    expect(holds({ property: 'count', comparison: 'IsEqualTo', value: 5 }, { count: '5' })).toBe(
      true,
    );
  });

  it('compares booleans with their text', () => {
    expect(
      holds({ property: 'owner', comparison: 'IsEqualTo', value: true }, { owner: 'true' }),
    ).toBe(true);
  });

  it('treats false as a value, not as empty', () => {
    expect(holds({ property: 'owner', comparison: 'IsEqualTo' }, { owner: false })).toBe(false);
  });

  it('does not take an absent property for false', () => {
    expect(holds({ property: 'owner', comparison: 'IsEqualTo', value: false }, {})).toBe(false);
  });

  it('ignores blanks around the property value', () => {
    expect(
      holds({ property: 'state', comparison: 'IsEqualTo', value: 'CA' }, { state: ' CA ' }),
    ).toBe(true);
  });

  it('holds for a list that contains the value', () => {
    expect(
      holds(
        { property: 'types', comparison: 'IsEqualTo', value: 'Car' },
        { types: ['Truck', 'Car'] },
      ),
    ).toBe(true);
  });

  it('reads a PascalCase property from the camelCase model', () => {
    expect(
      holds(
        { property: 'MailingCountry', comparison: 'IsEqualTo', value: 'US' },
        { mailingCountry: 'US' },
      ),
    ).toBe(true);
  });
});
