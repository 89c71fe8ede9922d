import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useApplicationStore } from '../../../stores/application-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { resetStores } from '../../../stores/testing/reset-stores';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { useClearedAnswersStore } from './cleared-answers';
import { getStanding, type FormStanding } from './draft-api';
import { restoreForm } from './restore-form';

vi.mock('./draft-api', () => ({ getStanding: vi.fn() }));
const mockedGet = vi.mocked(getStanding);

const claimantInfo = modelConfig('Standard', 'ClaimantInfo', {
  firstName: { prepopulatedDataKey: 'FirstName' },
  mailingCity: { prepopulatedDataKey: 'City' },
});

function standing(overrides: Partial<FormStanding>) {
  mockedGet.mockResolvedValue({
    status: 200,
    error: null,
    body: {
      authorized: true,
      prepopulatedData: null,
      draft: null,
      clearedFields: [],
      referenceCode: null,
      captcha: null,
      ...overrides,
    },
  });
}

function claimant() {
  return useModelsStore
    .getState()
    .selectModel({ formType: 'Standard', dtoMapping: 'ClaimantInfo' });
}

beforeEach(() => {
  resetStores();
  mockedGet.mockReset();
  useModelsStore.getState().loadRemoteConfigs([claimantInfo]);
});

describe('restoreForm', () => {
  it('restores the authorization, its prefill, its captcha pass and the draft at its page', async () => {
    standing({
      prepopulatedData: { City: 'Fresno' },
      captcha: 'pass-2',
      draft: {
        page: '/standard/claim-details',
        models: [
          {
            clientId: 'c-1',
            metadataHash: claimantInfo.metadataHash,
            fields: { firstName: 'Ana' },
          },
        ],
      },
    });
    const restored = await restoreForm('Standard');
    expect(restored).toEqual({
      authorized: true,
      page: '/standard/claim-details',
      clearedFields: [],
    });
    expect(useApplicationStore.getState().authorized.forms.Standard).toBe(true);
    expect(claimant().fields).toEqual({ firstName: 'Ana', mailingCity: 'Fresno' });
    expect(useCaptchaStore.getState().previousCaptcha).toBe('pass-2');
  });

  it('keeps the answers the resume cleared for the page it opens to name', async () => {
    standing({
      draft: { page: '/standard/claim-details', models: [] },
      clearedFields: ['ClaimantInfo.firstName'],
    });
    await restoreForm('Standard');
    expect(useClearedAnswersStore.getState().cleared).toEqual({
      formType: 'Standard',
      fields: ['ClaimantInfo.firstName'],
    });
  });

  it('remembers the reference code filed, for the confirmation page', async () => {
    standing({ referenceCode: '5BC-GBAA-68SW' });
    await restoreForm('Standard');
    expect(useApplicationStore.getState().formReferenceCodes.Standard).toBe('5BC-GBAA-68SW');
  });

  it('restores nothing when the session holds no authorization of the form', async () => {
    standing({ authorized: false });
    expect(await restoreForm('Standard')).toMatchObject({ authorized: false, page: null });
    expect(useApplicationStore.getState().authorized.forms.Standard).toBe(false);
  });

  it('restores nothing when the server cannot be reached', async () => {
    mockedGet.mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await restoreForm('Standard')).toMatchObject({ authorized: false });
  });
});
