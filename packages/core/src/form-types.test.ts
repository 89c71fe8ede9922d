import { describe, expect, it } from 'vitest';
import {
  assertFormType,
  FORM_TYPE_SEGMENTS,
  FORM_TYPES,
  formTypeFromSegment,
  isFormType,
} from './form-types';

describe('form types', () => {
  it('accepts each of the four form types', () => {
    for (const type of FORM_TYPES) expect(assertFormType(type)).toBe(type);
  });

  it('throws Unexpected Form Type for anything else, listing the four', () => {
    expect(() => assertFormType('Claims')).toThrow(
      'Unexpected Form Type "Claims"; expected one of Standard, Automotive, Lookup, DocumentsUpload',
    );
  });

  it('does not take a non-string for a form type', () => {
    expect(isFormType(42)).toBe(false);
  });

  it('finds the form type of each URL segment', () => {
    for (const type of FORM_TYPES) expect(formTypeFromSegment(FORM_TYPE_SEGMENTS[type])).toBe(type);
  });

  it('finds no form type for an unknown segment', () => {
    expect(formTypeFromSegment('claims')).toBeUndefined();
  });
});
