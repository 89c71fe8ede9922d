import { describe, expect, it } from 'vitest';
import { messages } from '../test-helpers';

const rule = { type: 'requireOnePropertyValTrue', properties: ['OwnedVehicle', 'LeasedVehicle'] };

describe('requireOnePropertyValTrue', () => {
  it('passes when one of the properties is true', () => {
    expect(messages(rule, null, { ownedVehicle: false, leasedVehicle: true })).toEqual([]);
  });

  it('fails with "At least one option is required." when none is true', () => {
    expect(messages(rule, null, { ownedVehicle: false, leasedVehicle: false })).toEqual([
      'At least one option is required.',
    ]);
  });

  it('does not count the text "true" as ticked', () => {
    expect(messages(rule, null, { ownedVehicle: 'true' })).toEqual([
      'At least one option is required.',
    ]);
  });

  it('uses its literal message when given one', () => {
    expect(messages({ ...rule, message: 'Choose owned or leased' }, null, {})).toEqual([
      'Choose owned or leased',
    ]);
  });
});
