import { describe, expect, it } from 'vitest';
import { chosenEngines, loadWindowSeconds } from './data-io-options';

const URL = 'postgres://postgres@127.0.0.1:5432/test';

describe('chosenEngines', () => {
  it('runs SQLite alone when neither DATA_IO_ENGINES nor DATABASE_URL is set', () => {
    expect(chosenEngines(undefined, undefined)).toEqual(['SQLite']);
  });

  it('adds PostgreSQL when DATABASE_URL is set', () => {
    expect(chosenEngines('', URL)).toEqual(['SQLite', 'PostgreSQL']);
  });

  it('runs only the engines named, SQLite first', () => {
    expect(chosenEngines('postgres', URL)).toEqual(['PostgreSQL']);
    expect(chosenEngines(' PostgreSQL , sqlite ', URL)).toEqual(['SQLite', 'PostgreSQL']);
    expect(chosenEngines('sqlite', URL)).toEqual(['SQLite']);
  });

  it('refuses an engine it does not know, naming the known ones', () => {
    expect(() => chosenEngines('mysql', URL)).toThrow(
      'DATA_IO_ENGINES names "mysql"; expected one or more of sqlite, postgres, postgresql',
    );
  });

  it('refuses PostgreSQL without DATABASE_URL', () => {
    expect(() => chosenEngines('postgres', undefined)).toThrow(/set DATABASE_URL/);
  });
});

describe('loadWindowSeconds', () => {
  it('is 60 s unless set', () => {
    expect(loadWindowSeconds(undefined)).toBe(60);
  });

  it('takes a number of seconds', () => {
    expect(loadWindowSeconds('12.5')).toBe(12.5);
  });

  it('refuses no time, negative time and words', () => {
    for (const value of ['0', '-5', 'soon']) expect(() => loadWindowSeconds(value)).toThrow();
  });
});
