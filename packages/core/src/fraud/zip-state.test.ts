import { describe, expect, it } from 'vitest';
import { statesOfZip, ZIP_PREFIXES_BY_STATE, zip5, zipBelongsToState } from './zip-state';

describe('zipBelongsToState', () => {
  it.each([
    ['90210', 'CA'],
    ['10001', 'NY'],
    ['60601', 'IL'],
    ['02108', 'MA'],
    ['00901', 'PR'],
    ['20500', 'DC'],
    ['99501', 'AK'],
    ['96910', 'GU'],
    ['09001', 'AE'],
  ])('places %s in %s', (zip, state) => {
    expect(zipBelongsToState(zip, state)).toBe(true);
  });

  it.each([
    ['90210', 'NY'],
    ['10001', 'NJ'],
    ['05501', 'VT'],
    ['73101', 'TX'],
  ])('does not place %s in %s', (zip, state) => {
    expect(zipBelongsToState(zip, state)).toBe(false);
  });

  it('reads a ZIP+4 code by its first five digits', () => {
    expect(zipBelongsToState('90210-1234', 'CA')).toBe(true);
    expect(zipBelongsToState('902101234', 'NY')).toBe(false);
  });

  it('reads the state code in any case and with spaces around it', () => {
    expect(zipBelongsToState(' 90210 ', ' ca ')).toBe(true);
  });

  it.each([
    ['06390', 'NY'],
    ['06390', 'CT'],
    ['83414', 'WY'],
    ['83414', 'ID'],
    ['73301', 'TX'],
    ['73949', 'TX'],
    ['00501', 'NY'],
    ['05501', 'MA'],
    ['96799', 'AS'],
  ])('places %s, whose prefix crosses a state line, in %s', (zip, state) => {
    expect(zipBelongsToState(zip, state)).toBe(true);
  });

  it.each([
    ['a malformed ZIP Code', '9021', 'CA'],
    ['a ZIP Code with letters', '9021O', 'CA'],
    ['an unassigned prefix', '00012', 'CA'],
    ['an unassigned prefix inside a run', '34301', 'NY'],
    ['an unknown state', '90210', 'ZZ'],
    ['a state spelt out', '90210', 'California'],
  ])('knows nothing of %s', (_what, zip, state) => {
    expect(zipBelongsToState(zip, state)).toBeUndefined();
  });
});

describe('statesOfZip', () => {
  it('lists every state of a prefix shared across a state line', () => {
    expect(statesOfZip('06390')).toEqual(['CT', 'NY']);
  });

  it('lists no state for a malformed ZIP Code', () => {
    expect(statesOfZip('ABCDE')).toEqual([]);
  });
});

describe('zip5', () => {
  it.each([
    ['90210', '90210'],
    ['90210-1234', '90210'],
    ['902101234', '90210'],
    [' 02108 ', '02108'],
    ['9021', undefined],
    ['90210-12', undefined],
  ])('reads %s as %s', (zip, digits) => {
    expect(zip5(zip)).toBe(digits);
  });
});

describe('ZIP_PREFIXES_BY_STATE', () => {
  const STATES_AND_DC = (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH ' +
    'NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
  ).split(' ');

  it('has every state and the District of Columbia', () => {
    expect(Object.keys(ZIP_PREFIXES_BY_STATE)).toEqual(expect.arrayContaining(STATES_AND_DC));
  });

  it('holds ranges of 3-digit prefixes, each in order', () => {
    for (const [state, ranges] of Object.entries(ZIP_PREFIXES_BY_STATE)) {
      expect(state).toMatch(/^[A-Z]{2}$/);
      for (const [first, last] of ranges) {
        expect([state, first <= last && first >= 0 && last <= 999]).toEqual([state, true]);
      }
    }
  });
});
