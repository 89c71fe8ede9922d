import type {
  FormModel as SubmittedModel,
  SubmissionDocument,
  SubmissionPayload,
} from '@claims/core/contract/submission';
import { encodeSubmissionParts } from '@claims/core/contract/submission-encoding';
import type { DtoMapping, SubmittableFormType } from '@claims/core/form-types';
import { isRecordListOnPath } from '@claims/core/journeys/reachable-path';
import { isFieldHidden } from '@claims/core/rules/engine';
import { toCamelCase } from '@claims/core/text/camel-case';
import { isCsrfLoaded, postClaimSubmission } from '../../../lib/api-client';
import { logger } from '../../../lib/logger';
import { useApplicationStore } from '../../../stores/application-store';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { isFileFieldValue, type FieldValue, type FormModel } from '../models/form-model';
import { savedValuesResolver, useModelsStore } from '../stores/models-store';
import { documentRefusalMessage } from '../document-refusal';
import { hiddenFieldValue } from '../hidden-field';
import { UPLOAD_TEXT } from '../upload/upload-text';
import { useUploadProgressStore } from '../upload/upload-progress-store';
import { ERROR_MESSAGES, message } from './messages';

export const ALREADY_SUBMITTING = 'Form is already submitting.';
export const SUBMIT_WITHOUT_CAPTCHA = 'SubmitForm called without calling reCaptcha.';

export interface SubmitResult {
  submitted: boolean;
  /** The server's error on a 400, for the page to show beside the claim. */
  error: string | null;
  nonMatchingPaymentElection: boolean;
}

/**
 * The camelCase keys of the fields the claimant cannot see: hidden by an unmet dependency.
 * Their values stay in the store (the address keeps the US state and ZIP while another country
 * is chosen, so choosing the US again restores them) but are not part of the claim.
 */
function hiddenFields(model: FormModel): Set<string> {
  const store = useModelsStore.getState();
  const ctx = {
    values: model.fields,
    resolveModel: savedValuesResolver(store, model.metadata.formType),
    characterWhitelist: null,
    now: new Date(),
    side: 'client' as const,
  };
  const config = store.getConfigByHash(model.metadataHash);
  return new Set(
    Object.values(config.fields)
      .filter((field) => isFieldHidden(field, ctx))
      .map((field) => toCamelCase(field.key)),
  );
}

/** A model as the submission carries it: files as their name, size and type only. */
function toSubmitted(model: FormModel): SubmittedModel {
  const hidden = hiddenFields(model);
  const fields: SubmittedModel['fields'] = {};
  for (const [key, value] of Object.entries(model.fields)) {
    const sent: FieldValue = hidden.has(key) ? null : value;
    fields[key] = isFileFieldValue(sent)
      ? { name: sent.name, size: sent.size, type: sent.type }
      : sent;
  }
  return { ...model, metadata: model.metadata as SubmittedModel['metadata'], fields };
}

function savedOf(formType: SubmittableFormType, dtoMapping: DtoMapping): FormModel[] {
  const store = useModelsStore.getState();
  const configs = store.remoteConfigs ?? [];
  const hashes = new Set(
    configs
      .filter(
        (config) =>
          config.metadata.formType === formType && config.metadata.dtoMapping === dtoMapping,
      )
      .map((config) => config.metadataHash),
  );
  return store.saved.filter((model) => hashes.has(model.metadataHash));
}

/** The saved records of a list part, none while the list is on a branch the claimant left. */
function recordsOf(formType: SubmittableFormType, dtoMapping: DtoMapping): FormModel[] {
  const values = savedValuesResolver(useModelsStore.getState(), formType);
  return isRecordListOnPath(formType, dtoMapping, values) ? savedOf(formType, dtoMapping) : [];
}

function single(formType: SubmittableFormType, dtoMapping: DtoMapping): SubmittedModel | null {
  const [model] = savedOf(formType, dtoMapping);
  return model ? toSubmitted(model) : null;
}

function documentsOf(contexts: readonly FormModel[]): SubmissionDocument<File>[] {
  return contexts.flatMap((context) =>
    Object.values(context.fields)
      .filter(isFileFieldValue)
      .flatMap((value) => value.files.slice(0, 1))
      .map((file) => ({ contextClientId: context.clientId, file })),
  );
}

/** The multipart body: models as JSON parts, each file named by its document context's clientId. */
export function buildSubmission(
  formType: SubmittableFormType,
  captchaToken: string,
  culture: string,
  captchaRawValue: string | null,
): FormData {
  const contexts = recordsOf(formType, 'DocumentContexts');
  const payload: SubmissionPayload<File> = {
    reCaptchaResponse: captchaToken,
    userPreferredCulture: culture,
    captchaRawValue,
    credentials: single(formType, 'Credentials'),
    claimantInfo: single(formType, 'ClaimantInfo'),
    claimDetails: single(formType, 'ClaimDetails'),
    signature: single(formType, 'Signature'),
    prepopulatedData: savedOf(formType, 'PrepopulatedData').map(toSubmitted),
    documentContexts: contexts.map(toSubmitted),
    claimTransactions: recordsOf(formType, 'ClaimTransactions').map(toSubmitted),
    website: hiddenFieldValue(),
    documents: documentsOf(contexts),
  };
  const formData = new FormData();
  for (const part of encodeSubmissionParts(payload)) {
    if (part.kind === 'text') formData.append(part.name, part.value);
    else formData.append(part.name, part.file, part.fileName);
  }
  return formData;
}

function carriesFiles(formData: FormData): boolean {
  return [...formData.values()].some((value) => typeof value !== 'string');
}

/**
 * Submits the claim (docs/behaviour.md#submission), one submission at a time. Outcomes: a
 * payment election PayPal could not verify (flagged, no popup); an error (shown, or the error
 * page with redirectOnError); an answer without a reference code (the default submission
 * error); otherwise the reference code is kept for the form and the submission succeeded.
 */
export async function submitClaim(
  formType: SubmittableFormType,
  captchaToken: string | null,
  options: { redirectOnError?: boolean } = {},
): Promise<SubmitResult> {
  const app = useApplicationStore.getState();
  if (app.client.isSubmitting) throw new Error(ALREADY_SUBMITTING);
  if (!isCsrfLoaded()) {
    throw new Error(
      `submitting the ${formType} form needs the CSRF token; load it with loadCsrf() first`,
    );
  }
  const culture = useLocalizationStore.getState().activeCulture;
  if (!culture) throw new Error(`submitting the ${formType} form needs the claimant's culture`);
  if (!captchaToken) throw new Error(SUBMIT_WITHOUT_CAPTCHA);

  const failed = (
    error: string | null = null,
    nonMatchingPaymentElection = false,
  ): SubmitResult => ({
    submitted: false,
    error,
    nonMatchingPaymentElection,
  });
  app.setSubmitting(true);
  try {
    const formData = buildSubmission(
      formType,
      captchaToken,
      culture,
      useCaptchaStore.getState().previousCaptcha,
    );
    let answer;
    // A claim with documents shows its upload's progress and can be cancelled (upload/).
    const upload = carriesFiles(formData) ? useUploadProgressStore.getState() : null;
    const controller = upload?.start();
    try {
      answer = await postClaimSubmission(
        formType,
        formData,
        controller && { onProgress: upload?.report, signal: controller.signal },
      );
    } catch (error) {
      if (controller?.signal.aborted) return failed(message(UPLOAD_TEXT.cancelled));
      logger.error(`submitting the ${formType} form failed`, error);
      // The answers and documents stay in the store: the claimant sends them again.
      if (controller) return failed(message(UPLOAD_TEXT.failed));
      app.showError(message(ERROR_MESSAGES.submission));
      return failed();
    } finally {
      upload?.finish();
    }
    const { status, body } = answer;
    // docs/behaviour.md#documents: a refused document is named, with the reason, in the
    // claimant's language.
    const refusal = body?.document ? documentRefusalMessage(message, body.document) : null;
    if (status === 400 && body) {
      if (body.nonMatchingPaymentElection) app.setInvalidPayPalVerification(true);
      return failed(refusal ?? body.error, body.nonMatchingPaymentElection);
    }
    if (status < 200 || status >= 300 || !body) {
      app.showError(refusal ?? message(ERROR_MESSAGES.submission));
      return failed(refusal);
    }
    if (body.nonMatchingPaymentElection) {
      app.setInvalidPayPalVerification(true);
      return failed(null, true);
    }
    if (body.error) {
      app.showError(body.error, { redirectOnError: options.redirectOnError });
      return failed(body.error);
    }
    if (!body.referenceCodeForm) {
      app.showError(message(ERROR_MESSAGES.submissionDefault));
      return failed();
    }
    app.setReferenceCode(formType, body.referenceCodeForm);
    return { submitted: true, error: null, nonMatchingPaymentElection: false };
  } finally {
    useApplicationStore.getState().setSubmitting(false);
    useCaptchaStore.getState().reset();
  }
}
