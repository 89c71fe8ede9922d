import { describe, expect, it } from 'vitest';
import { DATE_SUPPORT } from './date-rules';
import { dateSupport, provideDateSupport } from './date-support.browser';

describe('the date rules of a browser build', () => {
  it('are refused until the site provides them, and then given', () => {
    expect(() => dateSupport()).toThrow(/before the date rules were loaded/);
    provideDateSupport(DATE_SUPPORT);
    expect(dateSupport()).toBe(DATE_SUPPORT);
  });
});
