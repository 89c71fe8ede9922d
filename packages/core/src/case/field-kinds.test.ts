import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateField } from '../rules/engine';
import { localizeFrom, makeContext, makeField } from '../rules/test-helpers';
import { COUNTRY_CODES, US_STATES } from './address-options';
import {
  DATE_LIST_SEPARATOR,
  DATE_RANGE_SEPARATOR,
  DEFAULT_TEXT_MAX_LENGTH,
  DEFAULT_TEXTAREA_MAX_LENGTH,
  FIELD_KIND_MESSAGES,
  fieldKindProblems,
  fieldMaxLength,
  offeredValues,
} from './field-kinds';
import { FIELD_KINDS, NONE_OPTION_VALUE, type FieldConfig } from './field-config';

const yesNo = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

const field = (
  kind: string,
  extra: Readonly<Record<string, unknown>> = {},
  validations: readonly unknown[] = [],
) => makeField('answer', validations, { kind, ...extra });

/** The problems of `value` as the field's value, in a model holding `others` too. */
function problemsOf(
  config: FieldConfig,
  value: unknown,
  others: Readonly<Record<string, unknown>> = {},
  localize?: (key: string) => string | undefined,
) {
  const ctx = makeContext({ ...others, [config.key]: value }, localize ? { localize } : {});
  return fieldKindProblems(config, ctx);
}

const rulesOf = (config: FieldConfig, value: unknown) =>
  problemsOf(config, value).map((problem) => problem.rule);

describe('offeredValues', () => {
  it('lists the options of the field config', () => {
    expect(offeredValues(field('select', { options: yesNo }))).toEqual(['Yes', 'No']);
  });

  it('adds the none value of a radio with a none option', () => {
    const hadRepairs = field('radio', { options: yesNo, noneOption: { label: 'Not sure' } });
    expect(offeredValues(hadRepairs)).toEqual(['Yes', 'No', NONE_OPTION_VALUE]);
  });

  it('lists the countries for the mailing country select, whose options the site supplies', () => {
    expect(offeredValues(makeField('mailingCountry', [], { kind: 'select' }))).toEqual(
      COUNTRY_CODES,
    );
  });

  it('lists the states for the mailing state select', () => {
    const state = makeField('MailingSubDivision', [], { kind: 'select' });
    expect(offeredValues(state)).toEqual(US_STATES.map((entry) => entry.value));
  });

  it('prefers the options of the config to the site list', () => {
    const country = makeField('mailingCountry', [], {
      kind: 'select',
      options: [{ value: 'CA', label: 'Canada' }],
    });
    expect(offeredValues(country)).toEqual(['CA']);
  });

  it.each(['colour', 'constructor', '__proto__', 'toString'])(
    'offers nothing for a select "%s" without options',
    (key) => {
      expect(offeredValues(makeField(key, [], { kind: 'select' }))).toEqual([]);
    },
  );
});

describe('fieldMaxLength', () => {
  it.each([
    ['text', DEFAULT_TEXT_MAX_LENGTH],
    ['hidden', DEFAULT_TEXT_MAX_LENGTH],
    ['hybridRadioText', DEFAULT_TEXT_MAX_LENGTH],
    ['date', DEFAULT_TEXT_MAX_LENGTH],
    ['textarea', DEFAULT_TEXTAREA_MAX_LENGTH],
  ])('gives a %s field without a maxLength rule %i characters', (kind, max) => {
    expect(fieldMaxLength(field(kind))).toBe(max);
  });

  it('sets the defaults at 500 characters, and 4,000 for a textarea', () => {
    expect([DEFAULT_TEXT_MAX_LENGTH, DEFAULT_TEXTAREA_MAX_LENGTH]).toEqual([500, 4000]);
  });

  it('takes a declared maxLength instead of the default, shorter or longer', () => {
    expect(fieldMaxLength(makeField('a', [{ type: 'maxLength', max: 30 }]))).toBe(30);
    expect(fieldMaxLength(makeField('a', [{ type: 'maxLength', max: 10_000 }]))).toBe(10_000);
  });

  it('takes the shortest of several declared maxLength rules', () => {
    const twice = makeField('a', [
      { type: 'maxLength', max: 60 },
      { type: 'maxLength', max: 20 },
    ]);
    expect(fieldMaxLength(twice)).toBe(20);
  });
});

describe('fieldKindProblems: empty values', () => {
  const kinds = FIELD_KINDS.filter((kind) => kind !== 'checkbox');

  it.each(kinds)('passes null, absent and blank values of a %s field', (kind) => {
    const config = field(kind, { options: yesNo });
    expect(problemsOf(config, null)).toEqual([]);
    expect(problemsOf(config, undefined)).toEqual([]);
    expect(problemsOf(config, '')).toEqual([]);
    expect(problemsOf(config, '   ')).toEqual([]);
  });

  it('passes an absent checkbox', () => {
    expect(fieldKindProblems(field('checkbox'), makeContext({}))).toEqual([]);
  });
});

describe('fieldKindProblems: checkboxes', () => {
  it.each([true, false])('passes %s', (value) => {
    expect(problemsOf(field('checkbox'), value)).toEqual([]);
  });

  it.each(['true', 'on', '', 1, 0, [true], { checked: true }])(
    'refuses %j, which is not true or false',
    (value) => {
      expect(problemsOf(field('checkbox'), value)).toEqual([
        {
          field: 'answer',
          rule: 'type',
          message: FIELD_KIND_MESSAGES.valueKind.text,
          detail: 'expected true or false',
        },
      ]);
    },
  );

  it('refuses every value that is not a boolean or empty', () => {
    fc.assert(
      fc.property(
        fc.jsonValue().filter((value) => typeof value !== 'boolean' && value !== null),
        (value) => {
          expect(rulesOf(field('checkbox'), value)).toEqual(['type']);
        },
      ),
    );
  });
});

describe('fieldKindProblems: value types', () => {
  it.each([[['a']], [[]], [{ text: 'a' }], [{}]])(
    'refuses the list or object %j in a text field',
    (value) => {
      expect(problemsOf(field('text'), value)).toEqual([
        {
          field: 'answer',
          rule: 'type',
          message: FIELD_KIND_MESSAGES.valueKind.text,
          detail: 'expected text, a number or true/false',
        },
      ]);
    },
  );

  it('refuses an object in a select, before looking at its options', () => {
    expect(rulesOf(field('select', { options: yesNo }), { value: 'Yes' })).toEqual(['type']);
  });

  it.each([42, 3.5, true, false])('passes the number or boolean %j in a text field', (value) => {
    expect(problemsOf(field('text'), value)).toEqual([]);
  });

  it('leaves a file field to the submission contract', () => {
    expect(problemsOf(field('file'), { name: 'a.pdf', size: 1, type: 'application/pdf' })).toEqual(
      [],
    );
  });

  it('names the field by its camelCase key', () => {
    const config = makeField('MiddleInitial', [], { kind: 'checkbox' });
    const ctx = makeContext({ middleInitial: 'yes' });
    expect(fieldKindProblems(config, ctx)[0]?.field).toBe('middleInitial');
  });
});

describe('fieldKindProblems: options', () => {
  const select = field('select', { options: yesNo });

  it('passes an offered value', () => {
    expect(problemsOf(select, 'No')).toEqual([]);
  });

  it('refuses a value that is not offered, saying what was sent and what is allowed', () => {
    expect(problemsOf(select, 'Maybe')).toEqual([
      {
        field: 'answer',
        rule: 'options',
        message: 'Choose one of the options offered',
        detail: 'unexpected value "Maybe"; expected one of Yes, No',
      },
    ]);
  });

  it('compares a number with the options as text', () => {
    const counts = field('select', { options: [{ value: '2', label: 'Two' }] });
    expect(problemsOf(counts, 2)).toEqual([]);
    expect(rulesOf(counts, 3)).toEqual(['options']);
  });

  it('passes the none value of a radio with a none option only', () => {
    const withNone = field('radio', { options: yesNo, noneOption: { label: 'Not sure' } });
    expect(problemsOf(withNone, NONE_OPTION_VALUE)).toEqual([]);
    expect(problemsOf(field('radio', { options: yesNo }), NONE_OPTION_VALUE)[0]?.detail).toBe(
      'unexpected value "None"; expected one of Yes, No',
    );
  });

  it('refuses markup as a mailing country, checking the site list of countries', () => {
    const country = makeField('mailingCountry', [{ type: 'required' }], { kind: 'select' });
    const problems = problemsOf(country, '<script>alert(1)</script>');
    expect(problems.map((problem) => problem.rule)).toEqual(['options']);
    expect(problems[0]?.detail).toMatch(
      /^unexpected value "<script>alert\(1\)<\/script>"; expected one of AF, AL, .*, US, /,
    );
  });

  it('passes a listed country and a listed state', () => {
    expect(problemsOf(makeField('mailingCountry', [], { kind: 'select' }), 'GB')).toEqual([]);
    expect(problemsOf(makeField('mailingSubDivision', [], { kind: 'select' }), 'DC')).toEqual([]);
  });

  it('refuses every value of a select that offers no options', () => {
    expect(problemsOf(field('select'), 'anything')[0]?.detail).toBe(
      'unexpected value "anything"; the field offers no options',
    );
  });

  it('repeats at most 40 characters of an unexpected value', () => {
    const detail = problemsOf(select, '€'.repeat(60_000))[0]?.detail ?? '';
    expect(detail).toBe(`unexpected value "${'€'.repeat(40)}…"; expected one of Yes, No`);
  });

  it('cuts an unexpected value between characters, never inside one', () => {
    const detail = problemsOf(select, '😀'.repeat(50))[0]?.detail ?? '';
    expect(detail).toBe(`unexpected value "${'😀'.repeat(40)}…"; expected one of Yes, No`);
  });

  it('words the message in the claimant\u2019s culture', () => {
    const localize = localizeFrom({ LocKey_Validation_Option: 'Elija una de las opciones' });
    expect(problemsOf(select, 'Quizás', {}, localize)[0]?.message).toBe(
      'Elija una de las opciones',
    );
  });

  it('passes exactly the offered values', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((text) => text.trim() !== ''),
        (text) => {
          const offered = ['Yes', 'No'].includes(text);
          expect(problemsOf(select, text).length === 0).toBe(offered);
        },
      ),
    );
  });
});

describe('fieldKindProblems: hybrid radio and text fields', () => {
  const hybrid = field('hybridRadioText', { options: yesNo });

  it('passes one of its options or the claimant\u2019s own words', () => {
    expect(problemsOf(hybrid, 'Yes')).toEqual([]);
    expect(problemsOf(hybrid, 'From my neighbour')).toEqual([]);
  });

  it('refuses words longer than 500 characters without a maxLength rule', () => {
    expect(rulesOf(hybrid, 'a'.repeat(501))).toEqual(['maxLength']);
  });

  it('passes any text up to the maximum length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: DEFAULT_TEXT_MAX_LENGTH }), (text) => {
        expect(problemsOf(hybrid, text)).toEqual([]);
        expect(problemsOf(field('text'), text)).toEqual([]);
      }),
    );
  });
});

describe('fieldKindProblems: maximum length', () => {
  it('passes 500 characters in a text field and refuses 501 with the maxLength message', () => {
    expect(problemsOf(field('text'), 'a'.repeat(500))).toEqual([]);
    expect(problemsOf(field('text'), 'a'.repeat(501))).toEqual([
      { field: 'answer', rule: 'maxLength', message: 'The maximum length allowed is 500' },
    ]);
  });

  it('refuses 60,000 characters in a text field without rules', () => {
    expect(rulesOf(field('text'), 'x'.repeat(60_000))).toEqual(['maxLength']);
  });

  it('passes 4,000 characters in a textarea and refuses 4,001', () => {
    expect(problemsOf(field('textarea'), 'a'.repeat(4000))).toEqual([]);
    expect(problemsOf(field('textarea'), 'a'.repeat(4001))[0]?.message).toBe(
      'The maximum length allowed is 4000',
    );
  });

  it('bounds hidden and date fields too', () => {
    expect(rulesOf(field('hidden'), 'a'.repeat(501))).toEqual(['maxLength']);
    expect(rulesOf(field('date'), '01/02/2020;'.repeat(50))).toEqual(['maxLength']);
  });

  it('counts the text of a number', () => {
    const short = makeField('answer', [{ type: 'maxLength', max: 3 }]);
    expect(rulesOf(short, 12345)).toEqual(['maxLength']);
  });

  it('holds a field to its declared maxLength instead of the default', () => {
    const notes = makeField('answer', [{ type: 'maxLength', max: 2000 }], { kind: 'textarea' });
    expect(rulesOf(notes, 'a'.repeat(2001))).toEqual(['maxLength']);
    const long = makeField('answer', [{ type: 'maxLength', max: 10_000 }]);
    expect(problemsOf(long, 'a'.repeat(9000))).toEqual([]);
  });

  it('words an over-long value as the declared rule does, so the browser shows one message', () => {
    const config = makeField('answer', [
      { type: 'maxLength', max: 5, messageKey: 'LocKey_Too_Long' },
    ]);
    const localize = localizeFrom({ LocKey_Too_Long: 'At most {max} letters' });
    const ctx = makeContext({ answer: 'abcdefg' }, { localize });
    expect(fieldKindProblems(config, ctx)).toEqual([
      { field: 'answer', rule: 'maxLength', message: 'At most 5 letters' },
    ]);
    expect(validateField(config, ctx).map((error) => error.message)).toEqual(['At most 5 letters']);
  });

  it('reports an over-long value alone, without parsing it as a date or masked entry', () => {
    const phone = field('text', { maskName: 'usPhone' });
    expect(rulesOf(phone, '('.repeat(501))).toEqual(['maxLength']);
  });

  it('refuses exactly the texts longer than the maximum', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 700 }), fc.integer({ min: 1, max: 600 }), (text, max) => {
        const config = makeField('answer', [{ type: 'maxLength', max }]);
        const tooLong = text.trim() !== '' && text.length > max;
        expect(rulesOf(config, text)).toEqual(tooLong ? ['maxLength'] : []);
      }),
    );
  });
});

describe('fieldKindProblems: dates', () => {
  const date = field('date');

  it.each(['03/15/2020', '3/5/2020', '12/31/99', '02/29/2024'])('passes the day %s', (value) => {
    expect(problemsOf(date, value)).toEqual([]);
  });

  it.each(['02/30/2020', '13/01/2020', '2020-03-15', 'yesterday', '03/15/2020 10:00'])(
    'refuses %j, which is not a day written M/d/yyyy',
    (value) => {
      expect(problemsOf(date, value)).toEqual([
        { field: 'answer', rule: 'date', message: 'Enter the date as mm/dd/yyyy' },
      ]);
    },
  );

  it('refuses a number in a date field', () => {
    expect(rulesOf(date, 20200315)).toEqual(['date']);
  });

  it('passes a range of two days in order, as the date picker writes it', () => {
    expect(problemsOf(date, `03/01/2020${DATE_RANGE_SEPARATOR}03/05/2020`)).toEqual([]);
    expect(problemsOf(date, `03/01/2020${DATE_RANGE_SEPARATOR}03/01/2020`)).toEqual([]);
  });

  it.each([
    `03/05/2020${DATE_RANGE_SEPARATOR}03/01/2020`,
    `03/01/2020${DATE_RANGE_SEPARATOR}02/30/2020`,
    `03/01/2020${DATE_RANGE_SEPARATOR}03/02/2020${DATE_RANGE_SEPARATOR}03/03/2020`,
    `03/01/2020${DATE_RANGE_SEPARATOR}`,
  ])('refuses the range %j', (value) => {
    expect(rulesOf(date, value)).toEqual(['date']);
  });

  it('passes a list of days and refuses one holding something else', () => {
    const days = ['03/01/2020', '03/09/2020', '02/29/2020'];
    expect(problemsOf(date, days.join(DATE_LIST_SEPARATOR))).toEqual([]);
    expect(rulesOf(date, [...days, '02/30/2020'].join(DATE_LIST_SEPARATOR))).toEqual(['date']);
    expect(rulesOf(date, `${days[0]}${DATE_LIST_SEPARATOR}`)).toEqual(['date']);
  });

  it('checks a field with validDate rules against their formats, with their message', () => {
    const iso = field('date', {}, [{ type: 'validDate', formats: ['yyyy-MM-dd'] }]);
    expect(problemsOf(iso, '2020-03-15')).toEqual([]);
    expect(problemsOf(iso, '03/15/2020')).toEqual([
      {
        field: 'answer',
        rule: 'validDate',
        message: 'The value must be a valid date (yyyy-MM-dd)',
      },
    ]);
  });

  it('passes every real day written MM/dd/yyyy', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T12:00:00Z'),
          max: new Date('2100-12-31T12:00:00Z'),
          noInvalidDate: true,
        }),
        (day) => {
          const text = [day.getUTCMonth() + 1, day.getUTCDate()]
            .map((part) => String(part).padStart(2, '0'))
            .concat(String(day.getUTCFullYear()))
            .join('/');
          expect(problemsOf(date, text)).toEqual([]);
        },
      ),
    );
  });
});

describe('fieldKindProblems: masks', () => {
  const phone = field('text', { maskName: 'usPhone' });

  it('passes a finished entry of the mask', () => {
    expect(problemsOf(phone, '(503) 555-0147')).toEqual([]);
  });

  it('refuses a half-filled entry with the message of the mask', () => {
    expect(problemsOf(phone, '(503) 55')).toEqual([
      {
        field: 'answer',
        rule: 'mask',
        message: 'Enter the complete value in this format: (213) 555-0147',
      },
    ]);
  });

  it('checks the mask of a fulfilled dependency instead of the field\u2019s own', () => {
    const config = field('text', {
      maskName: 'usPhone',
      dependencies: [
        {
          conditions: [{ property: 'country', comparison: 'IsNotEqualTo', value: 'US' }],
          hideWhenUnfulfilled: false,
          maskOverride: 'internationalPhone',
        },
      ],
    });
    expect(problemsOf(config, '442079460958', { country: 'GB' })).toEqual([]);
    expect(problemsOf(config, '442079460958', { country: 'US' })[0]?.rule).toBe('mask');
  });

  it('checks the mask of a date field as well as its day', () => {
    const masked = field('date', { maskName: 'date' });
    expect(rulesOf(masked, '3/5/2020')).toEqual(['mask']);
    expect(rulesOf(masked, '02/30/2020')).toEqual(['date']);
  });
});

describe('fieldKindProblems: any input', () => {
  it('answers every kind and any JSON value without throwing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_KINDS), fc.jsonValue(), (kind, value) => {
        const config = field(kind, { options: yesNo });
        const problems = problemsOf(config, value);
        expect(problems.every((problem) => problem.field === 'answer')).toBe(true);
      }),
    );
  });
});
