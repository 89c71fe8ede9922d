import { describe, expect, it } from 'vitest';
import {
  classListRowProblems,
  maskPayoutValue,
  payoutRowProblems,
  vehicleRowProblems,
} from './import-rows';

describe('import row rules', () => {
  it('accept a class list row with a Notice ID and a PIN of digits', () => {
    expect(classListRowProblems({ noticeId: ' nw0001 ', pin: '1234' })).toEqual([]);
  });

  it('name each column of a class list row that is wrong', () => {
    expect(classListRowProblems({ noticeId: 'NW 1', pin: '12a' })).toEqual([
      {
        column: 'noticeId',
        problem: '"NW 1" is not a Notice ID (1 to 40 letters, digits or hyphens)',
      },
      { column: 'pin', problem: 'the PIN is not 4 to 12 digits' },
    ]);
    expect(classListRowProblems({ noticeId: '', pin: '' }).map((p) => p.problem)).toEqual([
      'noticeId is empty',
      'pin is empty',
    ]);
  });

  it('refuse a VIN whose check digit is wrong', () => {
    expect(vehicleRowProblems({ vin: '1NWVRS2F5JR162080' })).toEqual([]);
    expect(vehicleRowProblems({ vin: '1NWVRS2F6JR162080' })[0]?.column).toBe('vin');
  });

  it('refuse a payout row with an unknown outcome or a malformed amount', () => {
    expect(
      payoutRowProblems({ claim: 'A1', amount: '12.50', method: 'check', outcome: 'Paid' }),
    ).toEqual([]);
    expect(
      payoutRowProblems({ claim: 'A1', amount: '12,5', method: 'check', outcome: 'lost' }).map(
        (p) => p.column,
      ),
    ).toEqual(['amount', 'outcome']);
  });

  it('mask a payout destination down to its last four characters', () => {
    expect(maskPayoutValue('member@example.org')).toBe('••••••••••••••.org');
    expect(maskPayoutValue('short')).toBe('•••••');
  });
});
