import { describe, expect, it } from 'vitest';
import { isEmpty, readProperty, textOf, toNumber } from './values';

describe('isEmpty', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['a blank string', ' \n '],
    ['an empty array', []],
    ['an empty file list', { length: 0 }],
    ['NaN', Number.NaN],
  ])('counts %s as empty', (_name, value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['false', false],
    ['text', 'a'],
    ['a file list with a file', { length: 1 }],
    ['an object', { name: 'a.pdf' }],
  ])('counts %s as a value', (_name, value) => {
    expect(isEmpty(value)).toBe(false);
  });

  it('counts false as empty when asked to, as for checkboxes', () => {
    expect(isEmpty(false, { falseIsEmpty: true })).toBe(true);
  });

  it('counts true as a value even for checkboxes', () => {
    expect(isEmpty(true, { falseIsEmpty: true })).toBe(false);
  });
});

describe('readProperty', () => {
  it('reads a PascalCase name from camelCase keys', () => {
    expect(readProperty({ firstName: 'Ada' }, 'FirstName')).toBe('Ada');
  });

  it('reads nothing for an inherited property', () => {
    expect(readProperty({}, 'toString')).toBeUndefined();
  });
});

describe('textOf', () => {
  it.each([
    ['a string', 'a', 'a'],
    ['a number', 12.5, '12.5'],
    ['a boolean', true, 'true'],
    ['a list', ['a'], undefined],
    ['null', null, undefined],
  ])('gives %s as %j', (_name, value, text) => {
    expect(textOf(value)).toBe(text);
  });
});

describe('textOf of a bigint', () => {
  it('gives its digits', () => {
    expect(textOf(10n)).toBe('10');
  });
});

describe('toNumber', () => {
  it.each([
    ['12', 12],
    [' -3.5 ', -3.5],
    ['+4', 4],
    ['.5', 0.5],
    ['1,234.50', 1234.5],
    [7, 7],
  ])('reads %j as %d', (value, number) => {
    expect(toNumber(value)).toBe(number);
  });

  it.each([
    ['badly grouped thousands', '1,23'],
    ['trailing letters', '12abc'],
    ['an empty string', ''],
    ['an exponent', '1e3'],
    ['infinity', Number.POSITIVE_INFINITY],
    ['a boolean', true],
    ['digits beyond the largest number', '9'.repeat(400)],
  ])('refuses %s', (_name, value) => {
    expect(toNumber(value)).toBeNull();
  });
});
