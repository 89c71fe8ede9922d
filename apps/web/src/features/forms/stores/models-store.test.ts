import { beforeEach, describe, expect, it } from 'vitest';
import { isClientId } from '@claims/core/ids/client-id';
import { modelConfig } from '../testing/model-configs';
import { isSingleModelPart, NOT_LOADED_MESSAGE, useModelsStore } from './models-store';

const claimantInfo = modelConfig('Standard', 'ClaimantInfo', {
  firstName: { prepopulatedDataKey: 'FirstName' },
  lastName: { prepopulatedDataKey: 'LastName' },
  mailingCountry: {
    defaultValue: 'US',
    prepopulatedDataKey: 'Country',
    overrideEverDirtyFieldConstraint: true,
  },
  emailAddress: {},
});
const documents = modelConfig('Standard', 'DocumentContexts', { file: { kind: 'file' } });
const transactions = modelConfig('Standard', 'ClaimTransactions', { amount: {} });
const automotiveInfo = modelConfig('Automotive', 'ClaimantInfo', { firstName: {} });

const standard = { formType: 'Standard', dtoMapping: 'ClaimantInfo' } as const;

function load() {
  useModelsStore
    .getState()
    .loadRemoteConfigs([claimantInfo, documents, transactions, automotiveInfo]);
}

function claimant() {
  return useModelsStore.getState().selectModel(standard);
}

beforeEach(() => {
  useModelsStore.setState({
    remoteConfigs: null,
    saved: [],
    drafts: [],
    everModified: {},
    touched: {},
    errors: {},
    prefilled: {},
  });
});

describe('models store', () => {
  it('throws when a config is read before the configs are loaded', () => {
    expect(() => useModelsStore.getState().getRemoteConfig(standard)).toThrow(NOT_LOADED_MESSAGE);
  });

  it('fails a selector that matches no config and lists the loaded ones', () => {
    load();
    expect(() =>
      useModelsStore.getState().getRemoteConfig({ formType: 'Lookup', dtoMapping: 'Credentials' }),
    ).toThrow(/no RemoteModelConfig matches formType "Lookup".*loaded: \(formType "Standard"/);
  });

  it('fails a selector that matches two configs', () => {
    useModelsStore
      .getState()
      .loadRemoteConfigs([
        modelConfig('Standard', 'DocumentContexts', { file: {} }, { documentType: 'Receipt' }),
        modelConfig('Standard', 'DocumentContexts', { file: {} }, { documentType: 'Title' }),
      ]);
    expect(() =>
      useModelsStore
        .getState()
        .getRemoteConfig({ formType: 'Standard', dtoMapping: 'DocumentContexts' }),
    ).toThrow(/2 RemoteModelConfigs match/);
  });

  it('tells configs of one part apart by their further metadata', () => {
    useModelsStore
      .getState()
      .loadRemoteConfigs([
        modelConfig('Standard', 'DocumentContexts', { file: {} }, { documentType: 'Receipt' }),
        modelConfig('Standard', 'DocumentContexts', { file: {} }, { documentType: 'Title' }),
      ]);
    const config = useModelsStore.getState().getRemoteConfig({
      formType: 'Standard',
      dtoMapping: 'DocumentContexts',
      documentType: 'Title',
    });
    expect(config.metadata.documentType).toBe('Title');
  });

  it('refuses two configs with the same metadata hash', () => {
    expect(() => useModelsStore.getState().loadRemoteConfigs([claimantInfo, claimantInfo])).toThrow(
      /duplicate RemoteModelConfig metadataHash/,
    );
  });

  it('builds one saved model per config except document contexts and claim transactions', () => {
    load();
    const mappings = useModelsStore.getState().saved.map((model) => model.metadata.dtoMapping);
    expect(mappings).toEqual(['ClaimantInfo', 'ClaimantInfo']);
  });

  it('builds one saved model for the prepopulated data, which the claimant does not fill', () => {
    useModelsStore
      .getState()
      .loadRemoteConfigs([modelConfig('Standard', 'PrepopulatedData', { vin: {} })]);
    const mappings = useModelsStore.getState().saved.map((model) => model.metadata.dtoMapping);
    expect(mappings).toEqual(['PrepopulatedData']);
  });

  it('builds a model whose id is null, fields are null and status is saved', () => {
    load();
    expect(claimant()).toMatchObject({
      id: null,
      status: 'saved',
      metadataHash: claimantInfo.metadataHash,
      metadata: { formType: 'Standard', dtoMapping: 'ClaimantInfo' },
      fields: { firstName: null, lastName: null, mailingCountry: null, emailAddress: null },
    });
  });

  it('gives each model a client id of its prefix and 8 random characters', () => {
    load();
    expect(isClientId(claimant().clientId, 'ClaimantInfo-')).toBe(true);
  });

  it('camel-cases field keys written PascalCase', () => {
    useModelsStore
      .getState()
      .loadRemoteConfigs([modelConfig('Standard', 'Signature', { SignatureName: {} })]);
    const model = useModelsStore
      .getState()
      .selectModel({ formType: 'Standard', dtoMapping: 'Signature' });
    expect(Object.keys(model.fields)).toEqual(['signatureName']);
  });

  it('selects a page model by form type and dto mapping', () => {
    load();
    const model = useModelsStore
      .getState()
      .selectModel({ formType: 'Automotive', dtoMapping: 'ClaimantInfo' });
    expect(model.metadataHash).toBe(automotiveInfo.metadataHash);
  });

  it('stores an empty string as null', () => {
    load();
    useModelsStore.getState().changeField(claimant().clientId, 'firstName', 'Ana');
    useModelsStore.getState().changeField(claimant().clientId, 'firstName', '');
    expect(claimant().fields.firstName).toBeNull();
  });

  it('marks a changed field touched and ever modified', () => {
    load();
    const { clientId } = claimant();
    useModelsStore.getState().changeField(clientId, 'firstName', 'Ana');
    const state = useModelsStore.getState();
    expect(state.touched[clientId]?.firstName).toBe(true);
    expect(state.everModified[claimantInfo.metadataHash]?.firstName).toBe(true);
  });

  it('does not mark a field set by the engine as modified', () => {
    load();
    const { clientId } = claimant();
    useModelsStore.getState().setFieldValue(clientId, 'firstName', 'Ana');
    expect(useModelsStore.getState().everModified[claimantInfo.metadataHash]).toBeUndefined();
    expect(useModelsStore.getState().touched[clientId]).toBeUndefined();
  });

  it('refuses a value for a field the model does not have', () => {
    load();
    expect(() => useModelsStore.getState().changeField(claimant().clientId, 'nope', 'x')).toThrow(
      /has no field "nope"; its fields are firstName, lastName/,
    );
  });

  it('fails for a client id no record has', () => {
    load();
    expect(() => useModelsStore.getState().getModel('missing12345678')).toThrow(
      'no record with client id "missing12345678"',
    );
  });

  it('keeps drafts apart from saved models', () => {
    load();
    const draft = useModelsStore
      .getState()
      .addDraft({ formType: 'Standard', dtoMapping: 'DocumentContexts' });
    expect(draft.status).toBe('draft');
    expect(useModelsStore.getState().drafts).toHaveLength(1);
    expect(
      useModelsStore
        .getState()
        .savedModels({ formType: 'Standard', dtoMapping: 'DocumentContexts' }),
    ).toEqual([]);
  });

  it('moves a promoted draft to the saved models', () => {
    load();
    const selector = { formType: 'Standard', dtoMapping: 'DocumentContexts' } as const;
    const draft = useModelsStore.getState().addDraft(selector);
    useModelsStore.getState().promoteDraft(draft.clientId);
    expect(useModelsStore.getState().draftModels(selector)).toEqual([]);
    expect(useModelsStore.getState().savedModels(selector)).toMatchObject([
      { clientId: draft.clientId, status: 'saved' },
    ]);
  });

  it('refuses a second saved model for a single-model part', () => {
    load();
    const draft = useModelsStore.getState().addDraft(standard);
    expect(() => useModelsStore.getState().promoteDraft(draft.clientId)).toThrow(
      /only one model may exist per single-model part/,
    );
  });

  it('discards a draft', () => {
    load();
    const draft = useModelsStore
      .getState()
      .addDraft({ formType: 'Standard', dtoMapping: 'ClaimTransactions' });
    useModelsStore.getState().discardDraft(draft.clientId);
    expect(useModelsStore.getState().drafts).toEqual([]);
  });

  it('removes a saved record', () => {
    load();
    const selector = { formType: 'Standard', dtoMapping: 'ClaimTransactions' } as const;
    const draft = useModelsStore.getState().addDraft(selector);
    useModelsStore.getState().promoteDraft(draft.clientId);
    useModelsStore.getState().removeModel(draft.clientId);
    expect(useModelsStore.getState().savedModels(selector)).toEqual([]);
  });

  it('applies prepopulated data to fields never modified', () => {
    load();
    useModelsStore
      .getState()
      .applyPrepopulatedData('Standard', { firstName: 'Ana', lastName: 'Ruiz' });
    expect(claimant().fields).toMatchObject({ firstName: 'Ana', lastName: 'Ruiz' });
  });

  it('remembers the values the prepopulated data gave', () => {
    load();
    useModelsStore.getState().applyPrepopulatedData('Standard', { firstName: 'Ana' });
    expect(useModelsStore.getState().prefilled[claimant().clientId]).toEqual({ firstName: 'Ana' });
  });

  it('does not count a value the claimant typed as prefilled', () => {
    load();
    useModelsStore.getState().changeField(claimant().clientId, 'firstName', 'Anita');
    useModelsStore.getState().applyPrepopulatedData('Standard', { firstName: 'Ana' });
    expect(useModelsStore.getState().prefilled[claimant().clientId]).toBeUndefined();
  });

  it('keeps what the claimant typed over prepopulated data', () => {
    load();
    useModelsStore.getState().changeField(claimant().clientId, 'firstName', 'Anita');
    useModelsStore.getState().applyPrepopulatedData('Standard', { firstName: 'Ana' });
    expect(claimant().fields.firstName).toBe('Anita');
  });

  it('keeps prepopulated data off a field the claimant emptied', () => {
    load();
    useModelsStore.getState().changeField(claimant().clientId, 'firstName', 'Anita');
    useModelsStore.getState().changeField(claimant().clientId, 'firstName', '');
    useModelsStore.getState().applyPrepopulatedData('Standard', { firstName: 'Ana' });
    expect(claimant().fields.firstName).toBeNull();
  });

  it('overrides a modified field still at its default when the override flag is set', () => {
    load();
    useModelsStore.getState().changeField(claimant().clientId, 'mailingCountry', 'US');
    useModelsStore.getState().applyPrepopulatedData('Standard', { country: 'CA' });
    expect(claimant().fields.mailingCountry).toBe('CA');
  });

  it('keeps a modified field that left its default even with the override flag', () => {
    load();
    useModelsStore.getState().changeField(claimant().clientId, 'mailingCountry', 'MX');
    useModelsStore.getState().applyPrepopulatedData('Standard', { country: 'CA' });
    expect(claimant().fields.mailingCountry).toBe('MX');
  });

  it('applies prepopulated data only to the form type it was given for', () => {
    load();
    useModelsStore.getState().applyPrepopulatedData('Automotive', { firstName: 'Ana' });
    expect(claimant().fields.firstName).toBeNull();
  });

  it('forgets every answer and draft on reinitialize', () => {
    load();
    const before = claimant().clientId;
    useModelsStore.getState().changeField(before, 'firstName', 'Ana');
    useModelsStore.getState().addDraft({ formType: 'Standard', dtoMapping: 'DocumentContexts' });
    useModelsStore.getState().reinitialize();
    const state = useModelsStore.getState();
    expect(claimant().fields.firstName).toBeNull();
    expect(claimant().clientId).not.toBe(before);
    expect(state.drafts).toEqual([]);
    expect(state.everModified).toEqual({});
    expect(state.touched).toEqual({});
  });
});

describe('isSingleModelPart', () => {
  it.each(['Credentials', 'ClaimantInfo', 'ClaimDetails', 'Signature'])(
    'counts %s as a part of one model',
    (dtoMapping) => {
      expect(isSingleModelPart(dtoMapping)).toBe(true);
    },
  );

  it.each(['PrepopulatedData', 'DocumentContexts', 'ClaimTransactions'])(
    'counts %s as a list part',
    (dtoMapping) => {
      expect(isSingleModelPart(dtoMapping)).toBe(false);
    },
  );
});
