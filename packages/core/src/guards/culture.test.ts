import { describe, expect, it } from 'vitest';
import { findEnabledCulture, resolveCulture, stripCulturePrefix } from './culture';

const enabled = ['en', 'es', 'fr-CA'];

describe('resolveCulture', () => {
  it('takes the culture query parameter first', () => {
    expect(
      resolveCulture({
        query: { culture: 'es' },
        pathname: '/fr-CA/standard',
        enabledCultures: enabled,
      }),
    ).toBe('es');
  });

  it('takes the first value of a repeated culture parameter', () => {
    expect(
      resolveCulture({ query: { culture: ['es', 'en'] }, pathname: '/', enabledCultures: enabled }),
    ).toBe('es');
  });

  it('takes the leading path segment when the query has no culture', () => {
    expect(resolveCulture({ query: {}, pathname: '/es/standard', enabledCultures: enabled })).toBe(
      'es',
    );
  });

  it('falls back to en without a culture in the query or the path', () => {
    expect(resolveCulture({ query: {}, pathname: '/standard', enabledCultures: enabled })).toBe(
      'en',
    );
  });

  it('falls back to en for a culture that is not enabled', () => {
    expect(
      resolveCulture({ query: { culture: 'de' }, pathname: '/', enabledCultures: enabled }),
    ).toBe('en');
  });

  it('passes over a disabled query culture to an enabled one in the path', () => {
    expect(
      resolveCulture({ query: { culture: 'de' }, pathname: '/es/', enabledCultures: enabled }),
    ).toBe('es');
  });

  it('matches regardless of letter case and answers with the enabled spelling', () => {
    expect(
      resolveCulture({ query: { culture: 'FR-ca' }, pathname: '/', enabledCultures: enabled }),
    ).toBe('fr-CA');
  });

  it('accepts the localisation store map of enabled cultures', () => {
    expect(
      resolveCulture({
        query: { culture: 'es' },
        pathname: '/',
        enabledCultures: { en: 'English', es: 'Español' },
      }),
    ).toBe('es');
  });

  it('ignores an empty culture parameter', () => {
    expect(
      resolveCulture({ query: { culture: '' }, pathname: '/es', enabledCultures: enabled }),
    ).toBe('es');
  });
});

describe('findEnabledCulture', () => {
  it('gives nothing for no candidate', () => {
    expect(findEnabledCulture(undefined, enabled)).toBeUndefined();
  });
});

describe('stripCulturePrefix', () => {
  it('removes a leading enabled culture', () => {
    expect(stripCulturePrefix('/es/standard/claim-details', enabled)).toBe(
      '/standard/claim-details',
    );
  });

  it('leaves the root when the culture was the whole path', () => {
    expect(stripCulturePrefix('/es', enabled)).toBe('/');
  });

  it('keeps the query string', () => {
    expect(stripCulturePrefix('/es?x=1', enabled)).toBe('/?x=1');
  });

  it('leaves a path without a culture alone', () => {
    expect(stripCulturePrefix('/standard', enabled)).toBe('/standard');
  });

  it('leaves a disabled culture in place', () => {
    expect(stripCulturePrefix('/de/standard', enabled)).toBe('/de/standard');
  });
});
