import { z } from 'zod';
import { cultureCodeSchema, DEFAULT_CULTURE } from '../culture-code';
import {
  checkDeadlineText,
  DEADLINE_NAMES,
  DEFAULT_REDIRECT_KEY,
  redirectUrlSchema,
  windowsTimeZoneSchema,
  type DeadlineDefinition,
} from '../deadlines/deadlines';
import { FORM_TYPES, type FormType } from '../form-types';
import { fraudSettingsSchema } from '../fraud/config';
import { lifecycleSettingsSchema } from '../lifecycle/lifecycle-settings';
import { changeCutoffSchema } from '../payout/settings';
import { CAPTCHA_PROVIDERS, DEFAULT_CAPTCHA_PROVIDER } from './captcha-providers';
import { fieldConfigSchema, modelMetadataSchema, type RemoteModelConfig } from './field-config';
import { metadataHash } from './metadata-hash';
import { strictObject } from './schema-issues';
import { DEFAULT_THEME, THEMES } from './themes';

/**
 * The case definition: everything an administrator configures for one settlement site
 * (docs/architecture.md#case-as-data). The server reads it from YAML, adds the content
 * of each culture under `content`, and refuses to start when parseCaseDefinition throws.
 *
 * Every text a claimant reads is a content key, looked up in the content of the active
 * culture: field and option labels, page copy, banner, document titles. Names that are not
 * translated (administrator, case name and number) are plain text.
 */

const text = z.string().trim().min(1, 'must not be empty');

export const contentKeySchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_.-]*$/,
    'expected a content key of letters, digits, "_", "." or "-", such as LocKey_Faq_Title',
  );

/**
 * A file inside the case folder, written relative to it with "/" separators. Leading "/",
 * "." or ".." segments and backslashes are refused, so a path cannot leave the folder.
 */
export const caseFilePathSchema = z
  .string()
  .regex(
    /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/,
    'expected a path inside the case folder such as documents/notice.pdf (letters, digits, "_", "-", "." and "/"; no ".." or leading "/")',
  );

const httpsUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'expected an absolute http(s) URL',
});

/** Where the header shows the project title, subtitle and logo (docs/behaviour.md#header). */
export const LAYOUT_VARIANTS = ['logo-beside-title', 'logo-above-title', 'title-only'] as const;
export type LayoutVariant = (typeof LAYOUT_VARIANTS)[number];

/** docs/behaviour.md#header: 'reduced' is the header without File a Claim and VIN Lookup. */
export const HEADER_VARIANTS = ['standard', 'reduced'] as const;
export type HeaderVariant = (typeof HEADER_VARIANTS)[number];

/**
 * The three footers of docs/behaviour.md#footer; each theme has its own unless the case picks one.
 */
export const FOOTER_VARIANTS = ['columns', 'centered', 'compact'] as const;
export type FooterVariant = (typeof FOOTER_VARIANTS)[number];

export const caseDetailsSchema = strictObject({
  administratorTitle: text,
  caseName: text,
  caseNumber: text,
  projectTitleKey: contentKeySchema,
  projectSubtitleKey: contentKeySchema.optional(),
  logo: strictObject({ path: caseFilePathSchema, altKey: contentKeySchema }).optional(),
  layoutVariant: z.enum(LAYOUT_VARIANTS).default('logo-beside-title'),
  headerVariant: z.enum(HEADER_VARIANTS).default('standard'),
  /** Absent: the footer of the theme. */
  footerVariant: z.enum(FOOTER_VARIANTS).optional(),
  contact: strictObject({
    phone: text,
    email: z.email('expected an e-mail address'),
    mailingAddress: z.array(text).min(1, 'expected at least one address line'),
  }),
  privacyPolicyUrl: redirectUrlSchema,
  /** How many class members are expected to claim: the console's dashboard plots claims against it. */
  expectedClassSize: z.number().int().positive().optional(),
});
export type CaseDetails = z.infer<typeof caseDetailsSchema>;

/** docs/behaviour.md#application-state (the theme is kept at the top level). */
export const applicationSettingsSchema = strictObject({
  gnr2Gtag: text.optional(),
  analyticsTagId: z
    .string()
    .regex(/^[A-Z]{1,3}-[A-Z0-9-]+$/, 'expected a tag id such as G-ABC123XYZ')
    .optional(),
});

export const culturesSchema = strictObject({
  default: cultureCodeSchema.default(DEFAULT_CULTURE),
  /** Every culture the case has copy for; the language selector offers the enabled ones. */
  enabled: z.record(
    cultureCodeSchema,
    strictObject({ name: text, enabled: z.boolean().default(true) }),
  ),
});

const contentSchema = z.record(cultureCodeSchema, z.record(z.string().min(1), z.string()));

export const caseDeadlineSchema = strictObject({
  /** MM/dd/yyyy or MM/dd/yyyy hh:mm:ss a (docs/behaviour.md#deadlines). */
  deadline: z.string(),
  /** A Windows time-zone name, e.g. Pacific Standard Time. */
  timeZone: windowsTimeZoneSchema,
  /** Where to send claimants once it has passed, per culture code or "default"; else /deadline. */
  redirectUrls: z
    .record(z.union([z.literal(DEFAULT_REDIRECT_KEY), cultureCodeSchema]), redirectUrlSchema)
    .optional(),
}).superRefine(checkDeadlineText);
export type CaseDeadline = z.infer<typeof caseDeadlineSchema>;

export const deadlinesSchema = strictObject({
  /** The Windows time zone dates are shown in. */
  projectTimeZone: windowsTimeZoneSchema,
  globalDeadline: caseDeadlineSchema.optional(),
  claimFilingDeadline: caseDeadlineSchema.optional(),
  automotiveFilingDeadline: caseDeadlineSchema.optional(),
  lookupFilingDeadline: caseDeadlineSchema.optional(),
  documentsUploadFilingDeadline: caseDeadlineSchema.optional(),
});

/** A model of a form: its metadata (formType may be left out: the form it is listed under). */
export const caseModelSchema = strictObject({
  metadata: modelMetadataSchema.extend({ formType: z.enum(FORM_TYPES).optional() }),
  fields: z.array(strictObject(fieldConfigSchema.shape)).min(1, 'expected at least one field'),
});

function modelsOf(formType: FormType) {
  return z
    .array(caseModelSchema)
    .min(1, 'expected at least one model')
    .superRefine((models, ctx) => {
      models.forEach((model, index) => {
        if (model.metadata.formType !== undefined && model.metadata.formType !== formType) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'metadata', 'formType'],
            message: `formType "${model.metadata.formType}" in a model listed under ${formType}; leave it out or write ${formType}`,
          });
        }
      });
    })
    .transform((models) =>
      models.map((model) => ({ ...model, metadata: { ...model.metadata, formType } })),
    );
}

export const formsSchema = strictObject({
  Standard: modelsOf('Standard').optional(),
  Automotive: modelsOf('Automotive').optional(),
  Lookup: modelsOf('Lookup').optional(),
  DocumentsUpload: modelsOf('DocumentsUpload').optional(),
});
export type CaseForms = z.infer<typeof formsSchema>;
export type CaseModel = NonNullable<CaseForms[FormType]>[number];

export const captchaSettingsSchema = strictObject({
  provider: z.enum(CAPTCHA_PROVIDERS).default(DEFAULT_CAPTCHA_PROVIDER),
  /**
   * The hosted providers' public site key. When absent, the server's environment gives it.
   * Secrets never belong here.
   */
  siteKey: text.optional(),
  /**
   * Altcha: the largest number the proof of work searches up to. Higher costs bots (and
   * claimants' phones) more time; 100,000 takes well under a second on a phone.
   */
  maxNumber: z.number().int().min(1_000).max(10_000_000).default(100_000),
});

export const paymentSettingsSchema = strictObject({
  payPal: strictObject({
    enabled: z.boolean().default(false),
    /** Public client id; when absent, the server's environment gives it. */
    clientId: text.optional(),
    /** PayPal environment, e.g. https://api-m.sandbox.paypal.com; else the server's default. */
    baseUrl: httpsUrlSchema.optional(),
    /** Seconds a PayPal authorization code stays valid. */
    authCodeExpiration: z.number().int().positive().default(600),
  }).prefault({}),
  /**
   * The last day, in the case's time zone (lifecycle's), on which a claimant may change how
   * they are paid on Check Claim Status (payout/settings.ts payoutChangeClosesAt; written as
   * the deadlines are, MM/dd/yyyy). Left out, the change is open until the claim is paid,
   * denied or withdrawn (docs/behaviour.md#after-filing).
   */
  changeCutoff: changeCutoffSchema.optional(),
});

export const bannerSchema = strictObject({
  showBanner: z.boolean().default(false),
  headerKey: contentKeySchema,
  copyKeys: z.tuple([contentKeySchema, contentKeySchema]),
});

const pageSectionSchema = strictObject({
  headingKey: contentKeySchema.optional(),
  paragraphKeys: z.array(contentKeySchema).min(1, 'expected at least one paragraph'),
});

const pageShape = {
  titleKey: contentKeySchema,
  sections: z.array(pageSectionSchema).default([]),
};
export const contentPageSchema = strictObject(pageShape);
export type ContentPage = z.infer<typeof contentPageSchema>;

/** A row of the Key Dates page: a deadline of the case, or a date written in the copy. */
const keyDateSchema = strictObject({
  labelKey: contentKeySchema,
  deadline: z.enum(DEADLINE_NAMES).optional(),
  valueKey: contentKeySchema.optional(),
}).refine((row) => (row.deadline === undefined) !== (row.valueKey === undefined), {
  message: 'expected either deadline or valueKey, not both',
});

/** Copy of the pages the header links lead to (docs/behaviour.md#content-pages). */
export const pagesSchema = strictObject({
  home: contentPageSchema,
  keyDates: strictObject({ ...pageShape, dates: z.array(keyDateSchema).min(1) }),
  importantDocuments: contentPageSchema,
  faq: strictObject({
    ...pageShape,
    items: z
      .array(strictObject({ questionKey: contentKeySchema, answerKey: contentKeySchema }))
      .min(1),
  }),
  fileClaim: contentPageSchema.optional(),
  claimStatus: contentPageSchema.optional(),
  changeOfAddress: contentPageSchema.optional(),
});

export const importantDocumentSchema = strictObject({
  titleKey: contentKeySchema,
  descriptionKey: contentKeySchema.optional(),
  path: caseFilePathSchema,
});

export const caseDefinitionSchema = strictObject({
  theme: z.enum(THEMES).default(DEFAULT_THEME),
  application: applicationSettingsSchema.prefault({}),
  details: caseDetailsSchema,
  cultures: culturesSchema,
  /** Culture code → content key → text; the server fills it from content/<code>.json. */
  content: contentSchema,
  deadlines: deadlinesSchema,
  forms: formsSchema,
  captcha: captchaSettingsSchema.prefault({}),
  payment: paymentSettingsSchema.prefault({}),
  /** Every character a characterSetRestriction field accepts. */
  characterWhitelist: z.string().min(1, 'must list at least one character'),
  banner: bannerSchema.optional(),
  /**
   * docs/behaviour.md#mailing-address: the non-US address layout is offered only when this is on.
   */
  internationalAddressSupport: z.boolean().default(false),
  pages: pagesSchema,
  importantDocuments: z.array(importantDocumentSchema).default([]),
  /**
   * The claim's life after intake: deficiency and denial reasons, cure and appeal windows
   * (lifecycle/lifecycle-settings.ts). Left out, the case offers no reasons, so its claims
   * cannot be marked deficient or denied.
   */
  lifecycle: lifecycleSettingsSchema.optional(),
  /**
   * Thresholds, weights and windows of the fraud score (fraud/config.ts). Left out, the case
   * scores with the defaults.
   */
  fraud: fraudSettingsSchema.optional(),
});
export type CaseDefinition = z.infer<typeof caseDefinitionSchema>;

/** Every model of the case with its form type, in FORM_TYPES order then listing order. */
export function caseModels(caseDef: CaseDefinition): CaseModel[] {
  return FORM_TYPES.flatMap((formType) => caseDef.forms[formType] ?? []);
}

/** GET /api/forms/config: one entry per model, fields keyed by field key. */
export function toRemoteModelConfigs(caseDef: CaseDefinition): RemoteModelConfig[] {
  return caseModels(caseDef).map((model) => ({
    metadataHash: metadataHash(model.metadata),
    metadata: model.metadata,
    fields: Object.fromEntries(model.fields.map((field) => [field.key, field])),
  }));
}

/** The deadlines of the case in the form toDeadlinesResponse takes. */
export function deadlineDefinitions(caseDef: CaseDefinition): DeadlineDefinition[] {
  return DEADLINE_NAMES.flatMap((name) => {
    const entry = caseDef.deadlines[name];
    if (entry === undefined) return [];
    return [
      {
        name,
        deadline: entry.deadline,
        windowsZone: entry.timeZone,
        ...(entry.redirectUrls === undefined ? {} : { redirectUrls: entry.redirectUrls }),
      },
    ];
  });
}
