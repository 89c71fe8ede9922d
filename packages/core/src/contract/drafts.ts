import { z } from 'zod';
import { FORM_TYPE_SEGMENTS, type FormType } from '../form-types';
import { isSameSitePath, scalarValueSchema } from './api';

/**
 * The drafts of docs/behaviour.md#drafts: what a claimant answered so far, kept by the server per
 * member and form, so a reload, a new tab or a later visit carries on where they were.
 */

/** GET (the session's standing for the form) and PUT (the draft) of a form type. */
export function draftPath(formType: FormType): string {
  return `/api/forms/${FORM_TYPE_SEGMENTS[formType]}/draft`;
}

/** POST: keep the draft and, given an address, e-mail a link that resumes it. */
export function finishLaterPath(formType: FormType): string {
  return `${draftPath(formType)}/finish-later`;
}

/** GET ?token=…: the e-mailed link; it signs the browser in to the draft and opens its page. */
export const RESUME_LINK_PATH = '/api/forms/drafts/resume';

// The schemas below read these constants rather than DRAFT_LIMITS' properties, and name their
// checks as functions rather than arrows: the bundler counts a property read, or a call inside an
// arrow given to a schema, as a possible side effect, and would then keep the schemas, and all of
// zod, in the browser's code, which needs only the paths above.
const MAX_MODELS = 200;
const MAX_FIELDS = 100;
const MAX_KEY_LENGTH = 100;
const MAX_TEXT_LENGTH = 4000;

export const DRAFT_LIMITS = {
  models: MAX_MODELS,
  fields: MAX_FIELDS,
  keyLength: MAX_KEY_LENGTH,
  textLength: MAX_TEXT_LENGTH,
} as const;

function withinFieldLimit(fields: Record<string, unknown>): boolean {
  return Object.keys(fields).length <= MAX_FIELDS;
}

const draftValueSchema = z.union([
  z.string().max(MAX_TEXT_LENGTH),
  z.number(),
  z.boolean(),
  z.null(),
]);

/** One model of the form as the browser holds it; files are not kept (they are sent at submit). */
export const draftModelSchema = z.object({
  clientId: z.string().min(1).max(MAX_KEY_LENGTH),
  metadataHash: z.string().min(1).max(MAX_KEY_LENGTH),
  fields: z
    .record(z.string().min(1).max(MAX_KEY_LENGTH), draftValueSchema)
    .refine(withinFieldLimit, { message: `a model holds ${MAX_FIELDS} fields at most` }),
});
export type DraftModel = z.infer<typeof draftModelSchema>;

// PUT /api/forms/{form type}/draft
export const draftSchema = z.object({
  /** The page the claimant is on, a path on this site. */
  page: z.string().max(400).refine(isSameSitePath, { message: 'expected a path on this site' }),
  models: z.array(draftModelSchema).max(MAX_MODELS),
});
export type Draft = z.infer<typeof draftSchema>;

export const putDraftResponseSchema = z.object({
  /** When the draft is forgotten: the form's deadline, or sooner. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type PutDraftResponse = z.infer<typeof putDraftResponseSchema>;

// GET /api/forms/{form type}/draft
export const formStandingResponseSchema = z.object({
  /** Whether the session holds an authorization of the form. */
  authorized: z.boolean(),
  /** The authorization's prefill, keys capitalised as authorize gives them; null unless authorized. */
  prepopulatedData: z.record(z.string(), scalarValueSchema).nullable(),
  /** The answers kept so far, checked again against the form's rules; null when there are none. */
  draft: z.nullable(draftSchema),
  /** Fields whose kept values broke the rules when resumed, and were cleared. */
  clearedFields: z.array(z.string()),
  /** The last claim this session filed with the form, so its confirmation survives a reload. */
  referenceCode: z.string().nullable(),
});
export type FormStandingResponse = z.infer<typeof formStandingResponseSchema>;

// POST /api/forms/{form type}/draft/finish-later
export const finishLaterRequestSchema = z.object({
  draft: draftSchema,
  /** Where to send the link that resumes the draft; null sends none. */
  email: z.email().max(254).nullable(),
  culture: z.string().min(2).max(20),
});
export type FinishLaterRequest = z.infer<typeof finishLaterRequestSchema>;

export const finishLaterResponseSchema = z.object({
  expiresAt: z.iso.datetime({ offset: true }),
  emailed: z.boolean(),
});
export type FinishLaterResponse = z.infer<typeof finishLaterResponseSchema>;

export const resumeLinkQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'expected the token of the link' }),
});
export type ResumeLinkQuery = z.infer<typeof resumeLinkQuerySchema>;
