import { describe, expect, it } from 'vitest';
import { parseCaseDefinition } from './parse-case';
import { CREDENTIALS, minimalCaseWith, problemsOf, withLifecycle } from './test-helpers';

describe('content checks', () => {
  it('refuses copy with a paragraph tag, naming the key', () => {
    const problems = problemsOf([['content', 'es', 'LocKey_Q'], '<p>¿Quién?</p>']);
    expect(problems).toEqual([
      'case.content.es.LocKey_Q: Invalid localization for "LocKey_Q": copy must not contain <p>, <ul>, <ol> or <li> tags; found <p>',
    ]);
  });

  it('refuses copy with list tags', () => {
    const problems = problemsOf([
      ['content', 'en', 'LocKey_A'],
      'Bring <ul><li>a receipt</li></ul>',
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.content\.en\.LocKey_A: Invalid localization.*found <ul>, <li>$/,
      ),
    ]);
  });

  it('refuses content missing a key that the default culture has', () => {
    expect(problemsOf([['content', 'es', 'LocKey_Q'], undefined])).toEqual([
      'case.content.es.LocKey_Q: missing; the default culture "en" has this key',
    ]);
  });

  it('refuses content with a key that the default culture lacks', () => {
    expect(problemsOf([['content', 'es', 'LocKey_Extra'], 'Extra'])).toEqual([
      'case.content.es.LocKey_Extra: not in the default culture "en"; every culture needs the same keys',
    ]);
  });

  it('refuses an enabled culture without content', () => {
    expect(problemsOf([['content', 'es'], undefined])).toEqual([
      'case.content.es: no content for the enabled culture "es"',
    ]);
  });

  it('does not ask a disabled culture for content', () => {
    const source = minimalCaseWith(
      [['cultures', 'enabled', 'es', 'enabled'], false],
      [['content', 'es'], undefined],
    );
    expect(() => parseCaseDefinition(source)).not.toThrow();
  });

  it('refuses content without a text the site shows', () => {
    const problems = problemsOf(
      [['content', 'en', 'LocKey_Button_Next'], undefined],
      [['content', 'es', 'LocKey_Button_Next'], undefined],
    );
    expect(problems).toEqual([
      'case.content.en.LocKey_Button_Next: missing; the site shows this text on its pages',
    ]);
  });

  it('refuses a label that is not a content key of the case', () => {
    const problems = problemsOf([[...CREDENTIALS, 'fields', 1, 'label'], 'LocKey_Field_Pin']);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[1].label: content key "LocKey_Field_Pin" is not in the content of the default culture "en"',
    ]);
  });

  it('refuses a page paragraph that is not a content key of the case', () => {
    const problems = problemsOf([
      ['pages', 'home', 'sections'],
      [{ paragraphKeys: ['LocKey_Missing'] }],
    ]);
    expect(problems).toEqual([
      'case.pages.home.sections[0].paragraphKeys[0]: content key "LocKey_Missing" is not in the content of the default culture "en"',
    ]);
  });

  it('accepts lifecycle reasons whose texts every culture gives', () => {
    expect(problemsOf(...withLifecycle())).toEqual([]);
  });

  it('refuses a deficiency reason whose label is not a content key of the case', () => {
    const problems = problemsOf(...withLifecycle(), [
      ['lifecycle', 'deficiencyReasons', 1, 'labelKey'],
      'LocKey_Deficiency_Blurry',
    ]);
    expect(problems).toEqual([
      'case.lifecycle.deficiencyReasons[1].labelKey: content key "LocKey_Deficiency_Blurry" is not in the content of the default culture "en"',
    ]);
  });

  it('refuses a deficiency reason whose what-to-send text is not a content key of the case', () => {
    const problems = problemsOf(
      ...withLifecycle(),
      [['content', 'en', 'LocKey_Deficiency_MissingReceipt_Send'], undefined],
      [['content', 'es', 'LocKey_Deficiency_MissingReceipt_Send'], undefined],
    );
    expect(problems).toEqual([
      'case.lifecycle.deficiencyReasons[0].whatToSendKey: content key "LocKey_Deficiency_MissingReceipt_Send" is not in the content of the default culture "en"',
    ]);
  });

  it('refuses a denial reason whose label is not a content key of the case', () => {
    const problems = problemsOf(...withLifecycle(), [
      ['lifecycle', 'denialReasons', 2, 'labelKey'],
      'LocKey_Denial_Twice',
    ]);
    expect(problems).toEqual([
      'case.lifecycle.denialReasons[2].labelKey: content key "LocKey_Denial_Twice" is not in the content of the default culture "en"',
    ]);
  });

  it('refuses a culture without the what-to-send text of a deficiency reason', () => {
    const problems = problemsOf(...withLifecycle(), [
      ['content', 'es', 'LocKey_Deficiency_Unreadable_Send'],
      undefined,
    ]);
    expect(problems).toEqual([
      'case.content.es.LocKey_Deficiency_Unreadable_Send: missing; the default culture "en" has this key',
    ]);
  });
});
