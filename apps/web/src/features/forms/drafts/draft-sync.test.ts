import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageNode } from '@claims/core/navigation/navigation';
import { useApplicationStore } from '../../../stores/application-store';
import { useNavigationStore } from '../../../stores/navigation-store';
import { resetStores } from '../../../stores/testing/reset-stores';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { putDraft } from './draft-api';
import { startDraftSync } from './draft-sync';

vi.mock('./draft-api', () => ({ putDraft: vi.fn() }));
const mockedPut = vi.mocked(putDraft);

const claimantInfo = modelConfig('Standard', 'ClaimantInfo', { firstName: {} });

function page(path: string, requiresAuthorization = true): PageNode {
  return {
    path,
    nextNavTarget: null,
    backNavTarget: null,
    timeoutEnabled: true,
    requiresAuthorization,
  };
}

function moveTo(path: string, requiresAuthorization = true) {
  useNavigationStore.setState({
    currentPage: page(path, requiresAuthorization),
    activeFormType: 'Standard',
  });
}

let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  resetStores();
  mockedPut.mockReset();
  mockedPut.mockResolvedValue({
    status: 200,
    body: { expiresAt: '2036-06-30T07:00:00Z' },
    error: null,
  });
  useModelsStore.getState().loadRemoteConfigs([claimantInfo]);
  useApplicationStore.getState().setAuthorized('Standard', true);
  stop = startDraftSync(100);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('startDraftSync', () => {
  it('sends the answers and the page reached once the moves settle', async () => {
    moveTo('/standard/claimant-info');
    moveTo('/standard/claim-details');
    await vi.advanceTimersByTimeAsync(150);
    expect(mockedPut).toHaveBeenCalledTimes(1);
    expect(mockedPut).toHaveBeenCalledWith(
      'Standard',
      expect.objectContaining({ page: '/standard/claim-details' }),
    );
  });

  it('does not send the same draft twice', async () => {
    moveTo('/standard/claimant-info');
    await vi.advanceTimersByTimeAsync(150);
    moveTo('/standard/claim-details');
    moveTo('/standard/claimant-info');
    await vi.advanceTimersByTimeAsync(150);
    expect(mockedPut).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for a form the session has not authorized, nor on its landing page', async () => {
    moveTo('/standard', false);
    await vi.advanceTimersByTimeAsync(150);
    useApplicationStore.getState().setAuthorized('Standard', false);
    moveTo('/standard/claimant-info');
    await vi.advanceTimersByTimeAsync(150);
    expect(mockedPut).not.toHaveBeenCalled();
  });

  it('sends nothing once the claim is filed', async () => {
    moveTo('/standard/confirmation');
    await vi.advanceTimersByTimeAsync(150);
    expect(mockedPut).not.toHaveBeenCalled();
  });
});
