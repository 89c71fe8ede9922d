import { beforeEach, describe, expect, it } from 'vitest';
import { fileFieldValue } from '../models/form-model';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { draftOf, restoreDraftModels } from './draft-models';

const credentials = modelConfig('Standard', 'Credentials', { noticeId: {}, pin: {} });
const claimantInfo = modelConfig('Standard', 'ClaimantInfo', {
  firstName: { prepopulatedDataKey: 'FirstName' },
  lastName: {},
});
const documents = modelConfig('Standard', 'DocumentContexts', { file: { kind: 'file' } });
const transactions = modelConfig('Standard', 'ClaimTransactions', { amount: {} });
const automotiveInfo = modelConfig('Automotive', 'ClaimantInfo', { firstName: {} });

const PAGE = '/standard/claim-details';

function models() {
  return useModelsStore.getState();
}

function claimant() {
  return models().selectModel({ formType: 'Standard', dtoMapping: 'ClaimantInfo' });
}

beforeEach(() => {
  models().loadRemoteConfigs([credentials, claimantInfo, documents, transactions, automotiveInfo]);
});

describe('draftOf', () => {
  it('keeps the form’s answers and its page, and never the credentials', () => {
    const pin = models().selectModel({ formType: 'Standard', dtoMapping: 'Credentials' });
    models().changeField(pin.clientId, 'pin', '123456');
    models().changeField(claimant().clientId, 'firstName', 'Ana');
    const draft = draftOf('Standard', PAGE);
    expect(draft.page).toBe(PAGE);
    expect(draft.models).toEqual([
      {
        clientId: claimant().clientId,
        metadataHash: claimantInfo.metadataHash,
        fields: { firstName: 'Ana', lastName: null },
      },
    ]);
    expect(JSON.stringify(draft)).not.toContain('123456');
  });

  it('leaves out documents, whose files cannot be kept', () => {
    const context = models().addDraft({ formType: 'Standard', dtoMapping: 'DocumentContexts' });
    models().changeField(context.clientId, 'file', fileFieldValue(new File(['x'], 'a.pdf')));
    models().promoteDraft(context.clientId);
    const hashes = draftOf('Standard', PAGE).models.map((model) => model.metadataHash);
    expect(hashes).not.toContain(documents.metadataHash);
  });

  it('keeps only the models of the form asked for', () => {
    const hashes = draftOf('Automotive', '/automotive/claimant-info').models.map(
      (model) => model.metadataHash,
    );
    expect(hashes).toEqual([automotiveInfo.metadataHash]);
  });
});

describe('restoreDraftModels', () => {
  it('puts a kept answer back, and a prefill does not replace it afterwards', () => {
    restoreDraftModels({
      page: PAGE,
      models: [
        {
          clientId: 'ClaimantInfo-old',
          metadataHash: claimantInfo.metadataHash,
          fields: { firstName: 'Beatriz', lastName: 'Ruiz', unknownField: 'x' },
        },
      ],
    });
    models().applyPrepopulatedData('Standard', { firstName: 'Prefilled' });
    expect(claimant().fields).toEqual({ firstName: 'Beatriz', lastName: 'Ruiz' });
  });

  it('puts back the records of a list part in place of those it held', () => {
    const record = models().addDraft({ formType: 'Standard', dtoMapping: 'ClaimTransactions' });
    models().promoteDraft(record.clientId);
    restoreDraftModels({
      page: PAGE,
      models: [
        {
          clientId: 'ClaimTransactions-a',
          metadataHash: transactions.metadataHash,
          fields: { amount: '10' },
        },
        {
          clientId: 'ClaimTransactions-b',
          metadataHash: transactions.metadataHash,
          fields: { amount: '20' },
        },
      ],
    });
    const saved = models().savedModels({ formType: 'Standard', dtoMapping: 'ClaimTransactions' });
    expect(saved.map((model) => [model.clientId, model.fields.amount])).toEqual([
      ['ClaimTransactions-a', '10'],
      ['ClaimTransactions-b', '20'],
    ]);
  });

  it('passes over models of configs the form no longer has', () => {
    const before = models().saved;
    restoreDraftModels({
      page: PAGE,
      models: [{ clientId: 'gone-1', metadataHash: 'gone', fields: { a: 'b' } }],
    });
    expect(models().saved).toEqual(before);
  });
});
