import { z } from 'zod';
import { DTO_MAPPINGS, FORM_TYPES } from '../form-types';

/**
 * The server-declared validation rules of docs/behaviour.md#rules, as they appear in a field
 * config's `validations` list (in the case definition and in GET /api/forms/config).
 * Property names in rule arguments name fields of the same model (or of `targetModel`)
 * and may be written PascalCase or camelCase; the engine camelCases them.
 */

/** Selects another model for rules that are evaluated against it (docs/behaviour.md#rules). */
export const modelSelectorSchema = z.object({
  formType: z.enum(FORM_TYPES).optional(),
  dtoMapping: z.enum(DTO_MAPPINGS),
});
export type ModelSelector = z.infer<typeof modelSelectorSchema>;

const scalar = z.union([z.string(), z.number(), z.boolean()]);

// The /* @__PURE__ */ marks below tell a bundler that building a schema has no side effect, so
// a browser page that does not validate configs leaves these schemas, and zod, out.

/** One condition of requiredIf / nestedRequiredIf and of field dependencies. */
export const conditionSchema = z.object({
  property: z.string().min(1),
  comparison: z.enum(['IsEqualTo', 'IsNotEqualTo']),
  /** Absent or null: compare against empty. */
  value: /* @__PURE__ */ scalar.nullable().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

const common = {
  /** Localisation key whose text overrides the default message. */
  messageKey: z.string().min(1).optional(),
  /** Literal message used when no localisation text is found. */
  message: z.string().min(1).optional(),
  /** Evaluate the rule's other-property references against this model instead. */
  targetModel: /* @__PURE__ */ modelSelectorSchema.optional(),
};

export const validationRuleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('required'), ...common }),
  z.object({ type: z.literal('requiredOnClientOnly'), ...common }),
  z.object({
    type: z.literal('range'),
    dataType: z.enum(['Number', 'DateTime']).default('Number'),
    /** Numbers for Number; M/d/yyyy date strings for DateTime. */
    min: z.union([z.number(), z.string()]),
    max: z.union([z.number(), z.string()]),
    ...common,
  }),
  z.object({ type: z.literal('characterSetRestriction'), ...common }),
  z.object({
    type: z.literal('endDate'),
    startProperty: z.string().min(1),
    inclusive: z.boolean().default(false),
    ...common,
  }),
  z.object({ type: z.literal('maxLength'), max: z.number().int().positive(), ...common }),
  z.object({
    type: z.literal('nestedRequiredIf'),
    operator: z.enum(['Or', 'And']),
    conditions: z.tuple([conditionSchema, conditionSchema]),
    ...common,
  }),
  z.object({ type: z.literal('requiredIf'), condition: conditionSchema, ...common }),
  z.object({
    type: z.literal('requiredIfOtherPropertyMatchesRegex'),
    property: z.string().min(1),
    pattern: z.string().min(1),
    ...common,
  }),
  z.object({ type: z.literal('preventFutureDate'), ...common }),
  z.object({ type: z.literal('preventFutureShortDate'), ...common }),
  z.object({ type: z.literal('regularExpression'), pattern: z.string().min(1), ...common }),
  /**
   * A payout detail checked as packages/core/src/payout/methods.ts checks it (an e-mail
   * address, a Venmo phone or e-mail, a routing number with its ABA check digit, an account
   * number or type); with `confirms`, it must also equal that field of the same model.
   */
  z.object({
    type: z.literal('payoutField'),
    kind: z.enum(['email', 'phoneOrEmail', 'routingNumber', 'accountNumber', 'accountType']),
    confirms: z.string().min(1).optional(),
    ...common,
  }),
  z.object({ type: z.literal('validDate'), formats: z.array(z.string().min(1)).min(1), ...common }),
  z.object({
    type: z.literal('requireOnePropertyValTrue'),
    properties: z.array(z.string().min(1)).min(1),
    ...common,
  }),
  z.object({
    type: z.literal('RequireOnePropertyToHaveAValue'),
    properties: z.array(z.string().min(1)).min(1),
    ...common,
  }),
]);
export type ValidationRule = z.infer<typeof validationRuleSchema>;
export type ValidationRuleType = ValidationRule['type'];
