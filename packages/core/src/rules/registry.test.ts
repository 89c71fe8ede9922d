import { describe, expect, it } from 'vitest';
import { validationRuleSchema } from './rule-config';
import { allRules, getRule, RULE_TYPES, ruleMessageCatalogue, verifyRule } from './registry';

/**
 * The messages of the rule types of docs/behaviour.md#rules, declared here apart from the rules.
 */
const RULE_MESSAGE_KEYS = [
  'LocKey_Validation_Required',
  'LocKey_Validation_RequiredIf',
  'LocKey_Validation_MaxLength',
  'LocKey_Validation_Number_Between',
  'LocKey_Validation_Date_Between',
  'LocKey_Validation_Date_InvalidFormat',
  'LocKey_Validation_Date_NotInFuture',
  'LocKey_Validation_EndDate',
  'LocKey_Validation_EndDate_Inclusive',
  'LocKey_Validation_RestrictedCharacters',
  'LocKey_Validation_Regex_InvalidValue',
  'LocKey_Validation_ValidDate',
  'LocKey_Validation_RequireOnePropertyValTrue',
  'LocKey_Validation_RequireOnePropertyToHaveAValue',
  'LocKey_Validation_Email',
  'LocKey_Payout_RoutingNumber_Characters',
  'LocKey_Payout_RoutingNumber_Length',
  'LocKey_Payout_RoutingNumber_Prefix',
  'LocKey_Payout_RoutingNumber_CheckDigit',
  'LocKey_Payout_RoutingNumber_Unassigned',
  'LocKey_Payout_AccountNumber_Characters',
  'LocKey_Payout_AccountNumber_Length',
  'LocKey_Payout_AccountNumber_Mismatch',
  'LocKey_Payout_AccountType_Invalid',
  'LocKey_Payout_PhoneOrEmail_Invalid',
  'LocKey_Payout_Venmo_Username',
  'LocKey_Payout_Phone_Characters',
  'LocKey_Payout_Phone_CountryCode',
  'LocKey_Payout_Phone_Length',
  'LocKey_Payout_Phone_AreaCode',
  'LocKey_Payout_Phone_Exchange',
];

describe('the rule registry', () => {
  it('has a definition for every rule type the config schema accepts', () => {
    const declared = validationRuleSchema.options.map((option) => option.shape.type.value);
    expect([...RULE_TYPES].sort()).toEqual([...declared].sort());
  });

  it('registers each definition under its own type', () => {
    for (const [type, definition] of Object.entries(allRules())) expect(definition.type).toBe(type);
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

  it('lists exactly the message keys of the rule types, each once', () => {
    expect(ruleMessageCatalogue().map((message) => message.key)).toEqual(
      expect.arrayContaining(RULE_MESSAGE_KEYS),
    );
    expect(ruleMessageCatalogue()).toHaveLength(RULE_MESSAGE_KEYS.length);
  });

  it('gives each key the English text of every rule that declares it', () => {
    const catalogue = new Map(ruleMessageCatalogue().map(({ key, text }) => [key, text]));
    for (const definition of Object.values(allRules())) {
      for (const { key, text } of definition.messages) {
        expect({ type: definition.type, key, text: catalogue.get(key) }).toEqual({
          type: definition.type,
          key,
          text,
        });
      }
    }
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
