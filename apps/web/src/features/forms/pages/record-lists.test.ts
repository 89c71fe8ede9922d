import { beforeEach, describe, expect, it } from 'vitest';
import { useModelsStore } from '../stores/models-store';
import { demoModelConfigs } from '../testing/demo-case';
import { resetModelsStore } from '../testing/render-with-model';
import { isRecordListOnPath } from './record-lists';

beforeEach(() => {
  resetModelsStore();
  useModelsStore.getState().loadRemoteConfigs(demoModelConfigs());
});

function answerRepairs(value: string | null) {
  const store = useModelsStore.getState();
  const details = store.selectModel({ formType: 'Standard', dtoMapping: 'ClaimDetails' });
  store.setFieldValue(details.clientId, 'hadRepairs', value);
}

const onPath = (dtoMapping: 'ClaimTransactions' | 'DocumentContexts') =>
  isRecordListOnPath(useModelsStore.getState(), 'Standard', dtoMapping);

describe('isRecordListOnPath', () => {
  it('counts the repair records while the claimant says there were repairs', () => {
    answerRepairs('Yes');
    expect(onPath('ClaimTransactions')).toBe(true);
  });

  it('leaves out the repair records once the claimant says there were none', () => {
    answerRepairs('No');
    expect(onPath('ClaimTransactions')).toBe(false);
  });

  it('leaves out the repair records while the question is unanswered', () => {
    answerRepairs(null);
    expect(onPath('ClaimTransactions')).toBe(false);
  });

  it('always counts a list whose blocks show unconditionally', () => {
    answerRepairs('No');
    expect(onPath('DocumentContexts')).toBe(true);
  });

  it('counts every list of the Lookup form, which has no page configs', () => {
    expect(isRecordListOnPath(useModelsStore.getState(), 'Lookup', 'ClaimTransactions')).toBe(true);
  });
});
