import { describe, expect, it } from 'vitest';
import { isConfirmedInAdvance } from './prefilled-confirmation';

const marked = { prefilledConfirmed: true };
const EMAIL = 'james.williams64@example.net';

describe('isConfirmedInAdvance', () => {
  it('confirms a marked field that keeps the value the class list gave it', () => {
    expect(isConfirmedInAdvance(marked, EMAIL, EMAIL)).toBe(true);
  });

  it('asks again once the claimant changes the value', () => {
    expect(isConfirmedInAdvance(marked, EMAIL, 'jim@example.com')).toBe(false);
  });

  it('takes a value with spaces around it as unchanged', () => {
    expect(isConfirmedInAdvance(marked, EMAIL, ` ${EMAIL} `)).toBe(true);
  });

  it('asks when the class list gave no value', () => {
    expect(isConfirmedInAdvance(marked, null, null)).toBe(false);
  });

  it('asks for a field the case does not mark, even with its prefilled value', () => {
    expect(isConfirmedInAdvance({ prefilledConfirmed: false }, EMAIL, EMAIL)).toBe(false);
  });
});
