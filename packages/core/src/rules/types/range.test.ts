import { describe, expect, it } from 'vitest';
import { verifyRule } from '../registry';
import { localizeFrom, makeField, messages } from '../test-helpers';
import { dateRangeOf } from './range';

const amount = { type: 'range', min: 1, max: 1000 };
const serviceDate = { type: 'range', dataType: 'DateTime', min: '1/1/2020', max: '12/31/2020' };

describe('range of numbers', () => {
  it.each([1, 500, 1000, '1000', '999.99', '1,000'])('passes %s', (value) => {
    expect(messages(amount, value)).toEqual([]);
  });

  it.each([0, 1000.01, '-5', '1,001'])('fails %s with the between message', (value) => {
    expect(messages(amount, value)).toEqual(['The value must be between 1 and 1000']);
  });

  it('fails text that is not a number', () => {
    expect(messages(amount, '12abc')).toEqual(['The value must be between 1 and 1000']);
  });

  it('passes an empty value', () => {
    expect(messages(amount, '')).toEqual([]);
  });

  it('fills {min} and {max} in the text of LocKey_Validation_Number_Between', () => {
    const localize = localizeFrom({
      LocKey_Validation_Number_Between: 'El valor debe estar entre {min} y {max}',
    });
    expect(messages(amount, 0, {}, { localize })).toEqual(['El valor debe estar entre 1 y 1000']);
  });

  it('accepts numeric text as bounds', () => {
    expect(messages({ ...amount, min: '10' }, 5)).toEqual([
      'The value must be between 10 and 1000',
    ]);
  });

  it('throws when a bound is not a number', () => {
    expect(() => messages({ ...amount, max: 'lots' }, 5)).toThrow(
      'range rule max "lots" is not a number',
    );
  });
});

describe('range of dates', () => {
  it.each(['1/1/2020', '6/15/2020', '06/15/2020', '12/31/2020'])('passes %s', (value) => {
    expect(messages(serviceDate, value)).toEqual([]);
  });

  it.each(['12/31/2019', '1/1/2021'])('fails %s with the dates in the message', (value) => {
    expect(messages(serviceDate, value)).toEqual([
      'The date must be between 01/01/2020 and 12/31/2020',
    ]);
  });

  it('fails a value that is not a date with the date format message', () => {
    expect(messages(serviceDate, '2/30/2020')).toEqual(['Enter the date as mm/dd/yyyy']);
  });

  it('compares a Date as its day in Los Angeles', () => {
    // 07:00 UTC on 1 January 2021 is still 31 December 2020 in Los Angeles.
    expect(messages(serviceDate, new Date('2021-01-01T07:00:00Z'))).toEqual([]);
  });

  it('fills {min} and {max} in the text of LocKey_Validation_Date_Between', () => {
    const localize = localizeFrom({
      LocKey_Validation_Date_Between: 'La fecha debe estar entre {min} y {max}',
    });
    expect(messages(serviceDate, '1/1/2021', {}, { localize })).toEqual([
      'La fecha debe estar entre 01/01/2020 y 12/31/2020',
    ]);
  });

  it('throws when a bound is not an M/d/yyyy date', () => {
    expect(() => messages({ ...serviceDate, min: 20200101 }, '1/1/2020')).toThrow(
      'range rule min "20200101" is not a date; expected M/d/yyyy',
    );
  });
});

describe('dateRangeOf', () => {
  it('gives the days of the first date range for the date picker', () => {
    const range = dateRangeOf(makeField('date', [amount, serviceDate]));
    expect(range && [range.min.toISODate(), range.max.toISODate()]).toEqual([
      '2020-01-01',
      '2020-12-31',
    ]);
  });

  it('is undefined for a field without a date range', () => {
    expect(dateRangeOf(makeField('amount', [amount]))).toBeUndefined();
  });
});

describe('verifying a range rule', () => {
  it('accepts numeric bounds', () => {
    expect(() => verifyRule({ type: 'range', dataType: 'Number', min: 0, max: 5 })).not.toThrow();
  });

  it('refuses a date range with a bound that is not a date', () => {
    expect(() =>
      verifyRule({ type: 'range', dataType: 'DateTime', min: '1/1/2020', max: 'soon' }),
    ).toThrow('range rule max "soon" is not a date');
  });
});
