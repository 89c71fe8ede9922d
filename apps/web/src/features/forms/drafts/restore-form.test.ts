import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useApplicationStore } from '../../../stores/application-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { resetStores } from '../../../stores/testing/reset-stores';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { useClearedAnswersStore } from './cleared-answers';
import { getStanding, type FormStanding } from './draft-api';
import { askFirstStanding, forgetFirstStanding, restoreForm } from './restore-form';

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

describe('the standing asked for at start-up', () => {
  beforeEach(() => forgetFirstStanding());

  it('is asked for only once the session has started', async () => {
    standing({});
    let start!: () => void;
    void askFirstStanding('Standard', new Promise<void>((resolve) => (start = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mockedGet).not.toHaveBeenCalled();
    start();
    await vi.waitFor(() => expect(mockedGet).toHaveBeenCalledWith('Standard'));
  });

  it("is read by the form's first restore, and the next one asks the server again", async () => {
    standing({ referenceCode: '5BC-GBAA-68SW' });
    void askFirstStanding('Standard', Promise.resolve());
    await restoreForm('Standard');
    expect(mockedGet).toHaveBeenCalledTimes(1);
    await restoreForm('Standard');
    expect(mockedGet).toHaveBeenCalledTimes(2);
  });

  it('is not read by the restore of another form, which asks the server', async () => {
    mockedGet.mockImplementation((formType) =>
      Promise.resolve({
        status: 200,
        error: null,
        body: {
          authorized: false,
          prepopulatedData: null,
          draft: null,
          clearedFields: [],
          referenceCode: `code of ${formType}`,
          captcha: null,
        },
      }),
    );
    void askFirstStanding('Standard', Promise.resolve());
    await restoreForm('Automotive');
    expect(useApplicationStore.getState().formReferenceCodes).toEqual({
      Automotive: 'code of Automotive',
    });
  });

  it('tells whether the session holds an authorization of the form', async () => {
    standing({ authorized: true });
    expect(await askFirstStanding('Standard', Promise.resolve())).toBe(true);
    standing({ authorized: false });
    expect(await askFirstStanding('Standard', Promise.resolve())).toBe(false);
    mockedGet.mockRejectedValue(new Error('offline'));
    expect(await askFirstStanding('Standard', Promise.resolve())).toBe(false);
  });

  it('is not read once forgotten', async () => {
    standing({});
    void askFirstStanding('Standard', Promise.resolve());
    forgetFirstStanding();
    await restoreForm('Standard');
    expect(mockedGet).toHaveBeenCalledTimes(2);
  });

  it('restores nothing when it failed, as a failed call of the restore itself does', async () => {
    mockedGet.mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    void askFirstStanding('Standard', Promise.resolve());
    expect(await restoreForm('Standard')).toMatchObject({ authorized: false });
    expect(mockedGet).toHaveBeenCalledTimes(1);
  });
});
