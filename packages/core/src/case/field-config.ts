import { z } from 'zod';
import { DTO_MAPPINGS, FORM_TYPES } from '../form-types';
import { conditionSchema, modelSelectorSchema, validationRuleSchema } from '../rules/rule-config';

/**
 * The kind of input a field is; the server uses it to re-check values
 * (docs/behaviour.md#forms-config).
 */
export const FIELD_KINDS = [
  'text',
  'textarea',
  'date',
  'select',
  'radio',
  'hybridRadioText',
  'checkbox',
  'file',
  'hidden',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type FieldOption = z.infer<typeof optionSchema>;

/**
 * The value a radio field's "none" choice stores (docs/behaviour.md#forms-config: a radio may have
 * a none option).
 */
export const NONE_OPTION_VALUE = 'None';

/** The values a select, radio or hybrid field accepts: its options, plus the none choice. */
export function allowedOptionValues(
  field: Pick<FieldConfig, 'options' | 'noneOption'>,
): readonly string[] {
  const values = (field.options ?? []).map((option) => option.value);
  return field.noneOption === undefined ? values : [...values, NONE_OPTION_VALUE];
}

/**
 * Field dependency config (docs/behaviour.md#field-dependencies): when its conditions hold, the
 * dependency is fulfilled.
 */
export const fieldDependencySchema = z.object({
  /** How the conditions combine; a single condition ignores it. */
  operator: z.enum(['And', 'Or']).default('And'),
  conditions: z.array(conditionSchema).min(1),
  /** The conditions read this model instead of the field's own. */
  // Pure: a browser page that does not validate configs can leave this schema out.
  dependencyMetadata: /* @__PURE__ */ modelSelectorSchema.optional(),
  hideWhenUnfulfilled: z.boolean().default(true),
  disableWhenUnfulfilled: z.boolean().default(false),
  resetWhenUnfulfilled: z.boolean().default(true),
  resetWhenFulfilled: z.boolean().default(false),
  resetValue: z.union([z.string(), z.number(), z.boolean()]).nullable().default(null),
  /** Mask used while the dependency is fulfilled. */
  maskOverride: z.string().optional(),
});
export type FieldDependency = z.infer<typeof fieldDependencySchema>;

export const fieldConfigSchema = z.object({
  key: z.string().min(1),
  kind: z.enum(FIELD_KINDS).default('text'),
  label: z.string().default(''),
  defaultValue: z.union([z.string(), z.number(), z.boolean()]).nullable().default(null),
  prepopulatedDataKey: z.string().optional(),
  /**
   * The value the prepopulated data (the class list) gives this field counts as confirmed: while
   * the claimant leaves it unchanged, no confirmation field asks for it again
   * (docs/behaviour.md#name-and-contact). Needs a prepopulatedDataKey.
   */
  prefilledConfirmed: z.boolean().default(false),
  overrideEverDirtyFieldConstraint: z.boolean().default(false),
  maskName: z.string().optional(),
  suppressLabel: z.boolean().default(false),
  disableRequiredStyling: z.boolean().default(false),
  validations: z.array(validationRuleSchema).default([]),
  options: z.array(optionSchema).optional(),
  /** Radio fields only: an extra "none" choice with this label. */
  noneOption: z.object({ label: z.string() }).optional(),
  dependencies: z.array(fieldDependencySchema).default([]),
});
export type FieldConfig = z.infer<typeof fieldConfigSchema>;

export const modelMetadataSchema = z
  .object({
    formType: z.enum(FORM_TYPES),
    dtoMapping: z.enum(DTO_MAPPINGS),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean()]));
export type ModelMetadata = z.infer<typeof modelMetadataSchema>;

/** One entry of GET /api/forms/config (docs/behaviour.md#forms-config). */
export const remoteModelConfigSchema = z.object({
  metadataHash: z.string().min(1),
  metadata: modelMetadataSchema,
  fields: z.record(z.string(), fieldConfigSchema),
});
export type RemoteModelConfig = z.infer<typeof remoteModelConfigSchema>;
