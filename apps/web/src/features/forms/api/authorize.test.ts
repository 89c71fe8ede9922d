import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorizeResponse } from '@claims/core/contract/api';
import { authorize } from '../../../lib/api-client';
import { useApplicationStore } from '../../../stores/application-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { resetModelsStore } from '../testing/render-with-model';
import { AUTHORIZE_WITHOUT_CAPTCHA, authorizeForm } from './authorize';

vi.mock('../../../lib/api-client', () => ({ authorize: vi.fn() }));

const mockedAuthorize = vi.mocked(authorize);
const PROBLEM =
  'A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.';

const credentials = modelConfig('Standard', 'Credentials', { noticeId: {}, pin: {} });
const claimantInfo = modelConfig('Standard', 'ClaimantInfo', {
  firstName: { prepopulatedDataKey: 'firstName' },
  mailingCity: { prepopulatedDataKey: 'mailingCity' },
});

function answer(status: number, body: Partial<AuthorizeResponse> | null) {
  mockedAuthorize.mockResolvedValue({
    status,
    body: body && {
      authorized: false,
      error: null,
      captcha: null,
      prepopulatedData: null,
      ...body,
    },
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  resetModelsStore();
  useModelsStore.getState().loadRemoteConfigs([credentials, claimantInfo]);
  const model = useModelsStore
    .getState()
    .selectModel({ formType: 'Standard', dtoMapping: 'Credentials' });
  useModelsStore.getState().setFieldValue(model.clientId, 'noticeId', 'NW12345678');
  useModelsStore.getState().setFieldValue(model.clientId, 'pin', '123456');
  useApplicationStore.getState().hideError();
  useApplicationStore.getState().setAuthorized('Standard', true, 'stale');
  useCaptchaStore.setState({ previousCaptcha: null });
});

describe('authorizeForm', () => {
  it('refuses to run without a captcha token', async () => {
    await expect(authorizeForm('Standard', null)).rejects.toThrow(AUTHORIZE_WITHOUT_CAPTCHA);
  });

  it('sends the credentials keyed by field name with the captcha token', async () => {
    answer(200, { authorized: true });
    await authorizeForm('Standard', 'token-1');
    expect(mockedAuthorize).toHaveBeenCalledWith('Standard', {
      credentials: { noticeId: 'NW12345678', pin: '123456' },
      reCaptchaResponse: 'token-1',
    });
  });

  it('sets the form unauthorized and clears the error while the call runs', async () => {
    let during: unknown;
    mockedAuthorize.mockImplementation(async () => {
      during = useApplicationStore.getState().authorized;
      return {
        status: 200,
        body: { authorized: true, error: null, captcha: null, prepopulatedData: null },
      };
    });
    await authorizeForm('Standard', 'token-1');
    expect(during).toMatchObject({ errorMessage: null, forms: { Standard: false } });
  });

  it("sets the form's flag from the server's answer", async () => {
    answer(200, { authorized: true });
    await expect(authorizeForm('Standard', 'token-1')).resolves.toMatchObject({ authorized: true });
    expect(useApplicationStore.getState().authorized.forms.Standard).toBe(true);
  });

  it('maps prepopulated data to camelCase and applies it to the models', async () => {
    answer(200, {
      authorized: true,
      prepopulatedData: { FirstName: 'Ana', MailingCity: 'Portland' },
    });
    await authorizeForm('Standard', 'token-1');
    const info = useModelsStore
      .getState()
      .selectModel({ formType: 'Standard', dtoMapping: 'ClaimantInfo' });
    expect(info.fields).toEqual({ firstName: 'Ana', mailingCity: 'Portland' });
  });

  it('keeps the returned captcha value as the previous captcha', async () => {
    answer(200, { authorized: true, captcha: 'pass-1' });
    await authorizeForm('Standard', 'token-1');
    expect(useCaptchaStore.getState().previousCaptcha).toBe('pass-1');
  });

  it.each([400, 401])("keeps the server's error of a %i for the page", async (status) => {
    answer(status, { error: 'The Notice ID and PIN do not match.' });
    const result = await authorizeForm('Standard', 'token-1');
    expect(result).toMatchObject({
      authorized: false,
      error: 'The Notice ID and PIN do not match.',
    });
    expect(useApplicationStore.getState().authorized.errorMessage).toBe(
      'The Notice ID and PIN do not match.',
    );
    expect(useApplicationStore.getState().errorInfo.showError).toBe(false);
  });

  it('shows the problem message for any other failure', async () => {
    answer(500, null);
    const result = await authorizeForm('Standard', 'token-1');
    expect(result.authorized).toBe(false);
    expect(useApplicationStore.getState().errorInfo).toMatchObject({
      showError: true,
      message: PROBLEM,
    });
  });

  it('shows the problem message when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedAuthorize.mockRejectedValue(new Error('offline'));
    await authorizeForm('Standard', 'token-1');
    expect(useApplicationStore.getState().errorInfo).toMatchObject({
      showError: true,
      message: PROBLEM,
    });
  });

  it('resets the captcha after every call', async () => {
    const reset = vi.fn();
    useCaptchaStore.setState({ reset });
    answer(500, null);
    await authorizeForm('Standard', 'token-1');
    answer(200, { authorized: true });
    await authorizeForm('Standard', 'token-2');
    expect(reset).toHaveBeenCalledTimes(2);
    useCaptchaStore.setState({ reset: useCaptchaStore.getInitialState().reset });
  });
});

describe('authorizeForm asked for a stronger check', () => {
  const challenge = { parameters: { nonce: 'n', data: { maxNumber: 100_000 } }, signature: 's' };
  const checking =
    'This Notice ID needs one more check that this request comes from a person. Please wait a few seconds while your browser completes it.';
  const strongerCheck = {
    status: 428,
    body: {
      authorized: false,
      error: checking,
      captcha: null,
      prepopulatedData: null,
      captchaChallenge: challenge,
    },
  };
  const signedIn = {
    status: 200,
    body: { authorized: true, error: null, captcha: null, prepopulatedData: {} },
  };
  const realSolve = useCaptchaStore.getInitialState().solve;

  it('solves the harder challenge, shows the checking message meanwhile, and sends the credentials again with its token', async () => {
    let shownWhileSolving: string | null = null;
    const solve = vi.fn(async () => {
      shownWhileSolving = useApplicationStore.getState().authorized.errorMessage;
      return 'harder-token';
    });
    useCaptchaStore.setState({ solve });
    mockedAuthorize.mockResolvedValueOnce(strongerCheck).mockResolvedValueOnce(signedIn);
    await expect(authorizeForm('Standard', 'token-1')).resolves.toMatchObject({
      authorized: true,
    });
    expect(solve).toHaveBeenCalledWith(challenge);
    expect(shownWhileSolving).toBe(checking);
    expect(mockedAuthorize).toHaveBeenLastCalledWith('Standard', {
      credentials: { noticeId: 'NW12345678', pin: '123456' },
      reCaptchaResponse: 'harder-token',
    });
    expect(useApplicationStore.getState().authorized).toMatchObject({
      errorMessage: null,
      forms: { Standard: true },
    });
    useCaptchaStore.setState({ solve: realSolve });
  });

  it('keeps the server\u2019s message for the page when the harder challenge cannot be solved', async () => {
    useCaptchaStore.setState({ solve: vi.fn(async () => null) });
    mockedAuthorize.mockResolvedValueOnce(strongerCheck);
    await expect(authorizeForm('Standard', 'token-1')).resolves.toEqual({
      authorized: false,
      error: checking,
      prepopulatedData: {},
    });
    expect(mockedAuthorize).toHaveBeenCalledTimes(1);
    useCaptchaStore.setState({ solve: realSolve });
  });

  it('stops after three stronger checks in a row', async () => {
    useCaptchaStore.setState({ solve: vi.fn(async () => 'harder-token') });
    mockedAuthorize.mockResolvedValue(strongerCheck);
    const result = await authorizeForm('Standard', 'token-1');
    expect(result.authorized).toBe(false);
    expect(mockedAuthorize).toHaveBeenCalledTimes(4);
    useCaptchaStore.setState({ solve: realSolve });
  });
});
