import { describe, expect, it } from 'vitest';
import { validationRuleSchema } from './rule-config';
import { getRule, RULE_TYPES, RULES, ruleMessageCatalogue, verifyRule } from './registry';

describe('the rule registry', () => {
  it('has a definition for every rule type the config schema accepts', () => {
    const declared = validationRuleSchema.options.map((option) => option.shape.type.value);
    expect([...RULE_TYPES].sort()).toEqual([...declared].sort());
  });

  it('registers each definition under its own type', () => {
    for (const [type, definition] of Object.entries(RULES)) expect(definition.type).toBe(type);
  });

  it('gives the definition of a known type', () => {
    expect(getRule('maxLength').type).toBe('maxLength');
  });

  it('throws for an unknown type, listing the known ones', () => {
    expect(() => getRule('creditCard')).toThrow(
      `no validation rule for type "creditCard"; expected one of ${RULE_TYPES.join(', ')}`,
    );
  });

  it('does not take inherited properties for rule types', () => {
    expect(() => getRule('toString')).toThrow('no validation rule for type "toString"');
  });

  it('lists every message key once in the catalogue', () => {
    const keys = ruleMessageCatalogue().map((message) => message.key);
    expect(keys).toEqual([...new Set(keys)]);
  });

  it('lists the localisation keys named by the specification', () => {
    expect(ruleMessageCatalogue().map((message) => message.key)).toEqual(
      expect.arrayContaining([
        'LocKey_Validation_Number_Between',
        'LocKey_Validation_Date_Between',
        'LocKey_Validation_RestrictedCharacters',
        'LocKey_Validation_Regex_InvalidValue',
      ]),
    );
  });

  it('verifies a rule without arguments to check', () => {
    expect(() => verifyRule({ type: 'required' })).not.toThrow();
  });
});
