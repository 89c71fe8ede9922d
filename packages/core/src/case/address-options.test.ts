import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELDS } from '../journeys/journey-blocks';
import { COUNTRY_CODES, DEFAULT_COUNTRY, SITE_OPTION_VALUES, US_STATES } from './address-options';

describe('the address lists', () => {
  it('lists about 190 countries by unique ISO code, the default country among them', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(185);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.filter((code) => !/^[A-Z]{2}$/.test(code))).toEqual([]);
    expect(COUNTRY_CODES).toContain(DEFAULT_COUNTRY);
  });

  it('lists the states, DC, the territories and the military codes by unique USPS code', () => {
    const codes = US_STATES.map((state) => state.value);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['OR', 'DC', 'PR', 'GU', 'AA', 'AE', 'AP']));
    expect(codes.length).toBeGreaterThanOrEqual(50 + 1 + 5 + 3);
  });

  it('supplies the options of the address selects, which the case lists none for', () => {
    expect(Object.keys(SITE_OPTION_VALUES).sort()).toEqual(
      [ADDRESS_FIELDS.country, ADDRESS_FIELDS.subDivision].sort(),
    );
    expect(SITE_OPTION_VALUES[ADDRESS_FIELDS.country]).toBe(COUNTRY_CODES);
    expect(SITE_OPTION_VALUES[ADDRESS_FIELDS.subDivision]).toEqual(
      US_STATES.map((state) => state.value),
    );
  });
});
