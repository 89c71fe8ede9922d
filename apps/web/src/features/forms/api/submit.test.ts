import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefusedDocument } from '@claims/core/contract/api';
import { isCsrfLoaded, postClaimSubmission } from '../../../lib/api-client';
import { useApplicationStore } from '../../../stores/application-store';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { setHiddenFieldValue } from '../hidden-field';
import { fileFieldValue } from '../models/form-model';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { resetModelsStore } from '../testing/render-with-model';
import { useUploadProgressStore } from '../upload/upload-progress-store';
import { ALREADY_SUBMITTING, SUBMIT_WITHOUT_CAPTCHA, submitClaim } from './submit';

vi.mock('../../../lib/api-client', () => ({
  isCsrfLoaded: vi.fn(() => true),
  postClaimSubmission: vi.fn(),
}));

const mockedPost = vi.mocked(postClaimSubmission);
const SUBMISSION_ERROR =
  'An error occured during your submission. Please try again. If this problem persists, please contact the settlement administrator at the email below.';

function answer(
  status: number,
  body: {
    error?: string | null;
    nonMatchingPaymentElection?: boolean;
    referenceCodeForm?: string | null;
    document?: RefusedDocument;
  } | null,
) {
  mockedPost.mockResolvedValue({
    status,
    body: body && {
      error: null,
      nonMatchingPaymentElection: false,
      referenceCodeForm: null,
      ...body,
    },
  });
}

let documentId = '';

beforeEach(() => {
  vi.clearAllMocks();
  resetModelsStore();
  vi.mocked(isCsrfLoaded).mockReturnValue(true);
  useModelsStore
    .getState()
    .loadRemoteConfigs([
      modelConfig('Standard', 'Credentials', { noticeId: {} }),
      modelConfig('Standard', 'ClaimantInfo', { firstName: {} }),
      modelConfig('Standard', 'DocumentContexts', { documentType: {}, document: { kind: 'file' } }),
    ]);
  const store = useModelsStore.getState();
  const info = store.selectModel({ formType: 'Standard', dtoMapping: 'ClaimantInfo' });
  store.setFieldValue(info.clientId, 'firstName', 'Ana');
  const draft = store.addDraft({ formType: 'Standard', dtoMapping: 'DocumentContexts' });
  store.setFieldValue(draft.clientId, 'documentType', 'Invoice');
  store.setFieldValue(
    draft.clientId,
    'document',
    fileFieldValue(new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' })),
  );
  store.promoteDraft(draft.clientId);
  documentId = draft.clientId;
  useApplicationStore.setState({ formReferenceCodes: {} });
  useApplicationStore.getState().hideError();
  useApplicationStore.getState().setSubmitting(false);
  useApplicationStore.getState().setInvalidPayPalVerification(false);
  useCaptchaStore.setState({ previousCaptcha: 'pass-1' });
});

function sentFormData(): FormData {
  const call = mockedPost.mock.calls[0];
  if (!call) throw new Error('nothing was submitted');
  return call[1];
}

describe('submitClaim', () => {
  it('refuses a second submission while one runs', async () => {
    useApplicationStore.getState().setSubmitting(true);
    await expect(submitClaim('Standard', 'token')).rejects.toThrow(ALREADY_SUBMITTING);
  });

  it('needs the csrf token loaded', async () => {
    vi.mocked(isCsrfLoaded).mockReturnValue(false);
    await expect(submitClaim('Standard', 'token')).rejects.toThrow(/needs the CSRF token/);
  });

  it("needs the claimant's culture", async () => {
    const culture = useLocalizationStore.getState().activeCulture;
    useLocalizationStore.setState({ activeCulture: '' });
    try {
      await expect(submitClaim('Standard', 'token')).rejects.toThrow(
        "submitting the Standard form needs the claimant's culture",
      );
      expect(mockedPost).not.toHaveBeenCalled();
    } finally {
      useLocalizationStore.setState({ activeCulture: culture });
    }
  });

  it('needs a captcha value', async () => {
    await expect(submitClaim('Standard', null)).rejects.toThrow(SUBMIT_WITHOUT_CAPTCHA);
  });

  it('sends the models as JSON parts and each file named by its document context', async () => {
    answer(200, { referenceCodeForm: 'ABC-7K3Q-9XT4' });
    await submitClaim('Standard', 'token');
    const data = sentFormData();
    expect(data.get('reCaptchaResponse')).toBe('token');
    expect(data.get('userPreferredCulture')).toBe('en');
    expect(data.get('captchaRawValue')).toBe('pass-1');
    expect(JSON.parse(String(data.get('claimantInfo')))).toMatchObject({
      fields: { firstName: 'Ana' },
      status: 'saved',
    });
    const [context] = JSON.parse(String(data.get('documentContexts'))) as {
      fields: { document: unknown };
    }[];
    expect(context?.fields.document).toEqual({
      name: 'invoice.pdf',
      size: 4,
      type: 'application/pdf',
    });
    const file = data.get('documents');
    expect(file instanceof File && file.name).toBe(documentId);
  });

  it('sends the hidden field only once something filled it in', async () => {
    answer(200, { referenceCodeForm: 'ABC-7K3Q-9XT4' });
    await submitClaim('Standard', 'token');
    expect(sentFormData().has('website')).toBe(false);
    mockedPost.mockClear();
    setHiddenFieldValue('https://spam.example');
    try {
      await submitClaim('Standard', 'token');
      expect(sentFormData().get('website')).toBe('https://spam.example');
    } finally {
      setHiddenFieldValue('');
    }
  });

  it('leaves drafts out of the submission', async () => {
    useModelsStore.getState().addDraft({ formType: 'Standard', dtoMapping: 'DocumentContexts' });
    answer(200, { referenceCodeForm: 'ABC-7K3Q-9XT4' });
    await submitClaim('Standard', 'token');
    expect(JSON.parse(String(sentFormData().get('documentContexts')))).toHaveLength(1);
  });

  it('keeps the reference code for the form and succeeds', async () => {
    answer(200, { referenceCodeForm: 'ABC-7K3Q-9XT4' });
    await expect(submitClaim('Standard', 'token')).resolves.toMatchObject({ submitted: true });
    expect(useApplicationStore.getState().formReferenceCodes.Standard).toBe('ABC-7K3Q-9XT4');
  });

  it('flags an unverified PayPal election without a popup', async () => {
    answer(200, { nonMatchingPaymentElection: true });
    await expect(submitClaim('Standard', 'token')).resolves.toMatchObject({
      submitted: false,
      nonMatchingPaymentElection: true,
    });
    expect(useApplicationStore.getState().payPalSettings.invalidPayPalVerification).toBe(true);
    expect(useApplicationStore.getState().errorInfo.showError).toBe(false);
  });

  it("shows the server's error", async () => {
    answer(200, { error: 'The deadline has passed.' });
    await expect(submitClaim('Standard', 'token')).resolves.toMatchObject({ submitted: false });
    expect(useApplicationStore.getState().errorInfo).toMatchObject({
      showError: true,
      message: 'The deadline has passed.',
    });
  });

  it('shows the default submission error when no reference code comes back', async () => {
    answer(200, {});
    await expect(submitClaim('Standard', 'token')).resolves.toMatchObject({ submitted: false });
    expect(useApplicationStore.getState().errorInfo.message).toMatch(/Please try again/);
    expect(useApplicationStore.getState().errorInfo.message).not.toBe(SUBMISSION_ERROR);
  });

  it('returns a 400 with its error and payment flag and no popup', async () => {
    answer(400, {
      error: 'documentContexts.0.document: Value is required',
      nonMatchingPaymentElection: true,
    });
    const result = await submitClaim('Standard', 'token');
    expect(result).toEqual({
      submitted: false,
      error: 'documentContexts.0.document: Value is required',
      nonMatchingPaymentElection: true,
    });
    expect(useApplicationStore.getState().errorInfo.showError).toBe(false);
  });

  it('shows the submission error for another failure', async () => {
    answer(500, null);
    await submitClaim('Standard', 'token');
    expect(useApplicationStore.getState().errorInfo).toMatchObject({
      showError: true,
      message: SUBMISSION_ERROR,
    });
  });

  it('names a document the server refused, with the reason, instead of the submission error', async () => {
    answer(415, {
      error: 'file "notes.pdf" is not a PDF, JPEG or PNG document',
      document: { name: 'notes.pdf', reason: 'notAllowedType' },
    });
    await submitClaim('Standard', 'token');
    expect(useApplicationStore.getState().errorInfo).toMatchObject({
      showError: true,
      message:
        'notes.pdf is not a PDF, JPG or PNG file, whatever its name says. Choose a PDF, JPG or PNG file.',
    });
  });

  it('keeps the submission error for a refusal that names no document', async () => {
    answer(413, { error: 'too many documents; at most 20 per submission' });
    await submitClaim('Standard', 'token');
    expect(useApplicationStore.getState().errorInfo.message).toBe(SUBMISSION_ERROR);
  });

  it('shows the submission error when a claim without documents cannot reach the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useModelsStore.getState().removeModel(documentId);
    mockedPost.mockRejectedValue(new Error('offline'));
    await submitClaim('Standard', 'token');
    expect(useApplicationStore.getState().errorInfo.message).toBe(SUBMISSION_ERROR);
  });

  it('says why an upload failed and keeps the claim and its documents', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedPost.mockRejectedValue(new Error('offline'));
    const result = await submitClaim('Standard', 'token');
    expect(result.error).toMatch(
      /^The upload failed because the connection to the server was lost/,
    );
    expect(useApplicationStore.getState().errorInfo.showError).toBe(false);
    expect(useModelsStore.getState().saved.map((model) => model.clientId)).toContain(documentId);
  });

  it('follows the upload of a claim with documents and lets the claimant cancel it', async () => {
    mockedPost.mockImplementation(
      (_formType, _formData, upload) =>
        new Promise((_resolve, reject) => {
          upload?.onProgress?.({ loaded: 512, total: 1024 });
          upload?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const pending = submitClaim('Standard', 'token');
    expect(useUploadProgressStore.getState()).toMatchObject({ active: true, loaded: 512 });
    useUploadProgressStore.getState().cancel();
    const result = await pending;
    expect(result.error).toMatch(/^The upload was cancelled/);
    expect(useUploadProgressStore.getState().active).toBe(false);
    expect(useApplicationStore.getState().errorInfo.showError).toBe(false);
  });

  it('clears the submitting flag and resets the captcha afterwards', async () => {
    const reset = vi.fn();
    useCaptchaStore.setState({ reset });
    answer(500, null);
    await submitClaim('Standard', 'token');
    expect(useApplicationStore.getState().client.isSubmitting).toBe(false);
    expect(reset).toHaveBeenCalledTimes(1);
    useCaptchaStore.setState({ reset: useCaptchaStore.getInitialState().reset });
  });
});

describe('what the submission leaves out', () => {
  const yes = { conditions: [{ property: 'hadRepairs', comparison: 'IsEqualTo', value: 'Yes' }] };

  function loadRepairs(hadRepairs: string) {
    resetModelsStore();
    useModelsStore.getState().loadRemoteConfigs([
      modelConfig('Standard', 'ClaimDetails', {
        hadRepairs: {},
        totalRepairCost: { dependencies: [yes] },
      }),
      modelConfig('Standard', 'ClaimTransactions', { repairShopName: {} }),
    ]);
    const store = useModelsStore.getState();
    const details = store.selectModel({ formType: 'Standard', dtoMapping: 'ClaimDetails' });
    store.setFieldValue(details.clientId, 'hadRepairs', hadRepairs);
    store.setFieldValue(details.clientId, 'totalRepairCost', '1,200');
    const row = store.addDraft({ formType: 'Standard', dtoMapping: 'ClaimTransactions' });
    store.setFieldValue(row.clientId, 'repairShopName', 'Northwind of Pasadena');
    store.promoteDraft(row.clientId);
    answer(200, { referenceCodeForm: 'ABC-7K3Q-9XT4' });
  }

  function sentPart(name: string): unknown {
    return JSON.parse(String(sentFormData().get(name)));
  }

  it('sends the repair rows while the claimant says there were repairs', async () => {
    loadRepairs('Yes');
    await submitClaim('Standard', 'token');
    expect(sentPart('claimTransactions')).toMatchObject([
      { fields: { repairShopName: 'Northwind of Pasadena' } },
    ]);
  });

  it('leaves out repair rows entered before the claimant answered that there were none', async () => {
    loadRepairs('No');
    await submitClaim('Standard', 'token');
    expect(sentPart('claimTransactions')).toEqual([]);
    expect(
      useModelsStore
        .getState()
        .savedModels({ formType: 'Standard', dtoMapping: 'ClaimTransactions' }),
    ).toHaveLength(1);
  });

  it('sends a field hidden by its dependency as empty and keeps its value for the claimant', async () => {
    loadRepairs('No');
    await submitClaim('Standard', 'token');
    expect(sentPart('claimDetails')).toMatchObject({
      fields: { hadRepairs: 'No', totalRepairCost: null },
    });
    const details = useModelsStore
      .getState()
      .selectModel({ formType: 'Standard', dtoMapping: 'ClaimDetails' });
    expect(details.fields.totalRepairCost).toBe('1,200');
  });
});
