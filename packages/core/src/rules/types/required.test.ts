import { describe, expect, it } from 'vitest';
import { localizeFrom, messages } from '../test-helpers';

const rule = { type: 'required' };

describe('required', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['a blank string', '  \t '],
    ['an empty list', []],
    ['NaN', Number.NaN],
  ])('fails on %s with "Value is required"', (_name, value) => {
    expect(messages(rule, value)).toEqual(['Value is required']);
  });

  it.each([
    ['text', 'x'],
    ['zero', 0],
    ['false on a field that is not a checkbox', false],
    ['a list with an item', ['a']],
    ['a file description', { name: 'a.pdf', size: 1, type: 'application/pdf' }],
  ])('passes on %s', (_name, value) => {
    expect(messages(rule, value)).toEqual([]);
  });

  it('fails on an unticked checkbox', () => {
    expect(messages(rule, false, {}, {}, { kind: 'checkbox' })).toEqual(['Value is required']);
  });

  it('passes on a ticked checkbox', () => {
    expect(messages(rule, true, {}, {}, { kind: 'checkbox' })).toEqual([]);
  });

  it('fails on an empty file list', () => {
    expect(messages(rule, { length: 0 }, {}, {}, { kind: 'file' })).toEqual(['Value is required']);
  });

  it('also runs on the server', () => {
    expect(messages(rule, '', {}, { side: 'server' })).toEqual(['Value is required']);
  });

  it('uses the text of its messageKey when the content has it', () => {
    const localize = localizeFrom({ LocKey_Custom: 'Indique su nombre' });
    expect(messages({ ...rule, messageKey: 'LocKey_Custom' }, '', {}, { localize })).toEqual([
      'Indique su nombre',
    ]);
  });

  it('uses its literal message when the content lacks the messageKey', () => {
    const rejected = messages(
      { ...rule, messageKey: 'LocKey_Missing', message: 'Name, please' },
      '',
    );
    expect(rejected).toEqual(['Name, please']);
  });

  it('uses the text of LocKey_Validation_Required when the content has it', () => {
    const localize = localizeFrom({ LocKey_Validation_Required: 'El valor es obligatorio' });
    expect(messages(rule, '', {}, { localize })).toEqual(['El valor es obligatorio']);
  });
});
