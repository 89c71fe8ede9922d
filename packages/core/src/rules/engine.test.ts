import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '../case/field-config';
import {
  dependenciesFulfilled,
  effectiveMask,
  isFieldHidden,
  isFieldRequired,
  validateField,
  validateModel,
} from './engine';
import type { ModelSelector } from './rule-config';
import type { ValidationContext } from './rule-definition';
import { makeContext, makeField } from './test-helpers';

const required = { type: 'required' };
const maxFive = { type: 'maxLength', max: 5 };
const digits = { type: 'regularExpression', pattern: '[0-9]+' };
const ownerCondition = { property: 'role', comparison: 'IsEqualTo', value: 'Owner' };

function dependentField(dependency: Record<string, unknown>, validations: unknown[] = [required]) {
  return makeField('vin', validations, { dependencies: [dependency] });
}

describe('validateField', () => {
  it('returns every failing rule in declared order', () => {
    const field = makeField('pin', [maxFive, digits]);
    expect(validateField(field, makeContext({ pin: 'abcdefg' }))).toEqual([
      { field: 'pin', rule: 'maxLength', message: 'The maximum length allowed is 5' },
      { field: 'pin', rule: 'regularExpression', message: 'The value is not valid' },
    ]);
  });

  it('returns nothing for a valid value', () => {
    expect(validateField(makeField('pin', [maxFive, digits]), makeContext({ pin: '123' }))).toEqual(
      [],
    );
  });

  it('passes an empty value through every rule outside the required family', () => {
    const field = makeField('pin', [maxFive, digits, { type: 'validDate', formats: ['M/d/yyyy'] }]);
    expect(validateField(field, makeContext({ pin: '' }))).toEqual([]);
  });

  it('reads the value of a PascalCase field key from the camelCase model', () => {
    const field = makeField('PhoneNumber', [required]);
    expect(validateField(field, makeContext({ phoneNumber: '' }))).toEqual([
      { field: 'phoneNumber', rule: 'required', message: 'Value is required' },
    ]);
  });

  it('does not read inherited properties as values', () => {
    expect(validateField(makeField('constructor', [required]), makeContext({}))).toHaveLength(1);
  });

  it('throws for a rule type that has no definition, listing the known ones', () => {
    const field = {
      ...makeField('pin', []),
      validations: [{ type: 'luhn' }],
    } as unknown as FieldConfig;
    expect(() => validateField(field, makeContext({ pin: '1' }))).toThrow(
      /^no validation rule for type "luhn"; expected one of required, requiredOnClientOnly, range, /,
    );
  });
});

describe('mask conformance', () => {
  const phone = makeField('phoneNumber', [], { maskName: 'usPhone' });
  const international = {
    conditions: [{ property: 'mailingCountry', comparison: 'IsNotEqualTo', value: 'US' }],
    hideWhenUnfulfilled: false,
    resetWhenUnfulfilled: false,
    maskOverride: 'internationalPhone',
  };
  const overridden = makeField('phoneNumber', [], {
    maskName: 'usPhone',
    dependencies: [international],
  });

  it('refuses a half-typed phone number with a message showing a finished one', () => {
    expect(validateField(phone, makeContext({ phoneNumber: '(123) 45' }))).toEqual([
      {
        field: 'phoneNumber',
        rule: 'mask',
        message: 'Enter the complete value in this format: (213) 555-0147',
      },
    ]);
  });

  it('accepts a value the mask gives', () => {
    expect(validateField(phone, makeContext({ phoneNumber: '(123) 456-7890' }))).toEqual([]);
  });

  it('refuses a ZIP+4 cut short, which is neither five digits nor nine', () => {
    const zip = makeField('zip', [], { maskName: 'usZip' });
    expect(validateField(zip, makeContext({ zip: '12345-67' })).map((error) => error.rule)).toEqual(
      ['mask'],
    );
  });

  it('leaves blank values to the required rules', () => {
    expect(validateField(phone, makeContext({ phoneNumber: '  ' }))).toEqual([]);
    expect(validateField(phone, makeContext({ phoneNumber: null }))).toEqual([]);
  });

  it('reports the mask after the declared rules, so the case message is shown first', () => {
    const withFormat = makeField('phoneNumber', [{ type: 'regularExpression', pattern: '^\\(' }], {
      maskName: 'usPhone',
    });
    expect(
      validateField(withFormat, makeContext({ phoneNumber: '12' })).map((error) => error.rule),
    ).toEqual(['regularExpression', 'mask']);
  });

  it('gives the message in the active culture', () => {
    const ctx = makeContext(
      { phoneNumber: '(123) 45' },
      { localize: (key) => (key === 'LocKey_Validation_Mask' ? 'Escriba {example}' : undefined) },
    );
    expect(validateField(phone, ctx)[0]?.message).toBe('Escriba (213) 555-0147');
  });

  it('checks the mask override of a fulfilled dependency instead of the field mask', () => {
    const abroad = makeContext({ mailingCountry: 'GB', phoneNumber: '442079460958' });
    expect(effectiveMask(overridden, abroad)).toBe('internationalPhone');
    expect(validateField(overridden, abroad)).toEqual([]);
  });

  it('checks the field mask while the dependency with the override is unfulfilled', () => {
    const home = makeContext({ mailingCountry: 'US', phoneNumber: '442079460958' });
    expect(effectiveMask(overridden, home)).toBe('usPhone');
    expect(validateField(overridden, home).map((error) => error.rule)).toEqual(['mask']);
  });

  it('does not check values that are not text', () => {
    const amount = makeField('amount', [], { maskName: 'currency' });
    expect(validateField(amount, makeContext({ amount: 1234 }))).toEqual([]);
  });
});

describe('rules against another model', () => {
  const selector: ModelSelector = { formType: 'Standard', dtoMapping: 'ClaimantInfo' };
  const rule = {
    type: 'requiredIf',
    condition: ownerCondition,
    targetModel: selector,
  };

  it('passes the rule its target model selector', () => {
    const asked: ModelSelector[] = [];
    const ctx = makeContext(
      { answer: '' },
      {
        resolveModel: (wanted) => {
          asked.push(wanted);
          return { role: 'Owner' };
        },
      },
    );
    validateField(makeField('answer', [rule]), ctx);
    expect(asked).toEqual([selector]);
  });

  it('reads a model that does not exist yet as empty', () => {
    const ctx = makeContext({ answer: '', role: 'Owner' }, { resolveModel: () => undefined });
    expect(validateField(makeField('answer', [rule]), ctx)).toEqual([]);
  });

  it('throws when the context cannot resolve other models', () => {
    expect(() => validateField(makeField('answer', [rule]), makeContext({ answer: '' }))).toThrow(
      'rule "requiredIf" of field "answer" reads the Standard ClaimantInfo model, but the validation context has no resolveModel',
    );
  });
});

describe('isFieldRequired', () => {
  it('is true for a required rule', () => {
    expect(isFieldRequired(makeField('a', [maxFive, required]), makeContext())).toBe(true);
  });

  it('is false for a field without required rules', () => {
    expect(isFieldRequired(makeField('a', [maxFive]), makeContext())).toBe(false);
  });

  it('is true for requiredOnClientOnly in the browser', () => {
    const field = makeField('a', [{ type: 'requiredOnClientOnly' }]);
    expect(isFieldRequired(field, makeContext({}, { side: 'client' }))).toBe(true);
  });

  it('is false for requiredOnClientOnly on the server', () => {
    const field = makeField('a', [{ type: 'requiredOnClientOnly' }]);
    expect(isFieldRequired(field, makeContext({}, { side: 'server' }))).toBe(false);
  });

  it('follows a requiredIf condition', () => {
    const field = makeField('a', [{ type: 'requiredIf', condition: ownerCondition }]);
    expect([
      isFieldRequired(field, makeContext({ role: 'Owner' })),
      isFieldRequired(field, makeContext({ role: 'Lessee' })),
    ]).toEqual([true, false]);
  });

  it('follows nestedRequiredIf conditions', () => {
    const nested = {
      type: 'nestedRequiredIf',
      operator: 'And',
      conditions: [ownerCondition, { property: 'vin', comparison: 'IsNotEqualTo' }],
    };
    const field = makeField('a', [nested]);
    expect([
      isFieldRequired(field, makeContext({ role: 'Owner', vin: 'X' })),
      isFieldRequired(field, makeContext({ role: 'Owner', vin: '' })),
    ]).toEqual([true, false]);
  });

  it('follows requiredIfOtherPropertyMatchesRegex', () => {
    const rule = { type: 'requiredIfOtherPropertyMatchesRegex', property: 'zip', pattern: '9.*' };
    const field = makeField('a', [rule]);
    expect([
      isFieldRequired(field, makeContext({ zip: '90210' })),
      isFieldRequired(field, makeContext({ zip: '10001' })),
    ]).toEqual([true, false]);
  });

  it('is false for the rules that require one of several properties', () => {
    const field = makeField('a', [
      { type: 'requireOnePropertyValTrue', properties: ['x'] },
      { type: 'RequireOnePropertyToHaveAValue', properties: ['y'] },
    ]);
    expect(isFieldRequired(field, makeContext())).toBe(false);
  });
});

describe('dependenciesFulfilled', () => {
  it('is true for a field without dependencies', () => {
    expect(dependenciesFulfilled(makeField('a', []), makeContext())).toBe(true);
  });

  it('holds when the single condition holds', () => {
    const field = dependentField({ conditions: [ownerCondition] });
    expect(dependenciesFulfilled(field, makeContext({ role: 'Owner' }))).toBe(true);
  });

  it('does not hold when the single condition fails', () => {
    const field = dependentField({ conditions: [ownerCondition] });
    expect(dependenciesFulfilled(field, makeContext({ role: 'Lessee' }))).toBe(false);
  });

  it('with And, needs every condition', () => {
    const field = dependentField({
      operator: 'And',
      conditions: [ownerCondition, { property: 'state', comparison: 'IsEqualTo', value: 'CA' }],
    });
    expect(dependenciesFulfilled(field, makeContext({ role: 'Owner', state: 'NV' }))).toBe(false);
  });

  it('with Or, needs one condition', () => {
    const field = dependentField({
      operator: 'Or',
      conditions: [ownerCondition, { property: 'state', comparison: 'IsEqualTo', value: 'CA' }],
    });
    expect(dependenciesFulfilled(field, makeContext({ role: 'Lessee', state: 'CA' }))).toBe(true);
  });

  it('needs every dependency of the field', () => {
    const field = makeField('a', [], {
      dependencies: [
        { conditions: [ownerCondition] },
        { conditions: [{ property: 'state', comparison: 'IsEqualTo', value: 'CA' }] },
      ],
    });
    expect(dependenciesFulfilled(field, makeContext({ role: 'Owner', state: 'NV' }))).toBe(false);
  });

  it('reads the model named by dependencyMetadata', () => {
    const field = dependentField({
      conditions: [ownerCondition],
      dependencyMetadata: { dtoMapping: 'Credentials' },
    });
    const ctx = makeContext(
      { role: 'Lessee' },
      {
        resolveModel: (selector) =>
          selector.dtoMapping === 'Credentials' ? { role: 'Owner' } : undefined,
      },
    );
    expect(dependenciesFulfilled(field, ctx)).toBe(true);
  });

  it('throws when dependencyMetadata names a model the context cannot resolve', () => {
    const field = dependentField({
      conditions: [ownerCondition],
      dependencyMetadata: { dtoMapping: 'Credentials' },
    });
    expect(() => dependenciesFulfilled(field, makeContext())).toThrow(
      'a dependency of field "vin" reads the current Credentials model',
    );
  });
});

describe('isFieldHidden', () => {
  it('is true when a dependency is unfulfilled and hides the field', () => {
    const field = dependentField({ conditions: [ownerCondition] });
    expect(isFieldHidden(field, makeContext({ role: 'Lessee' }))).toBe(true);
  });

  it('is false when the unfulfilled dependency only disables the field', () => {
    const field = dependentField({
      conditions: [ownerCondition],
      hideWhenUnfulfilled: false,
      disableWhenUnfulfilled: true,
    });
    expect(isFieldHidden(field, makeContext({ role: 'Lessee' }))).toBe(false);
  });
});

describe('validateModel', () => {
  function ctxFor(values: Record<string, unknown>): ValidationContext {
    return makeContext(values);
  }

  it('validates every field of the model', () => {
    const fields = {
      firstName: makeField('firstName', [required]),
      pin: makeField('pin', [digits]),
    };
    expect(validateModel(fields, ctxFor({ firstName: '', pin: 'x' })).map((e) => e.field)).toEqual([
      'firstName',
      'pin',
    ]);
  });

  it('skips a field hidden by an unfulfilled dependency', () => {
    const fields = { vin: dependentField({ conditions: [ownerCondition] }) };
    expect(validateModel(fields, ctxFor({ role: 'Lessee', vin: '' }))).toEqual([]);
  });

  it('validates a field whose dependency is fulfilled', () => {
    const fields = { vin: dependentField({ conditions: [ownerCondition] }) };
    expect(validateModel(fields, ctxFor({ role: 'Owner', vin: '' }))).toHaveLength(1);
  });

  it('validates an unfulfilled field that stays visible', () => {
    const fields = {
      vin: dependentField({ conditions: [ownerCondition], hideWhenUnfulfilled: false }),
    };
    expect(validateModel(fields, ctxFor({ role: 'Lessee', vin: '' }))).toHaveLength(1);
  });

  it('checks a file field for presence', () => {
    const fields = { proof: makeField('proof', [required], { kind: 'file' }) };
    expect(validateModel(fields, ctxFor({ proof: [] }))).toEqual([
      { field: 'proof', rule: 'required', message: 'Value is required' },
    ]);
  });

  it('does not check a file field content against text rules', () => {
    const rules: unknown[] = [required, maxFive, { type: 'characterSetRestriction' }];
    const fields = { proof: makeField('proof', rules, { kind: 'file' }) };
    const files = [{ name: 'a very long name ©.pdf', size: 10, type: 'application/pdf' }];
    expect(validateModel(fields, ctxFor({ proof: files }))).toEqual([]);
  });
});
