import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELDS,
  blockFields,
  isBlockVisible,
  isRecordListBlock,
  minimumSavedRecords,
  recordFieldsOf,
  type BlockVisibility,
  type JourneyBlock,
} from './journey-blocks';

const isYes = (property: string): BlockVisibility => ({
  conditions: [{ property, comparison: 'IsEqualTo', value: 'Yes' }],
});

const repairTable: JourneyBlock = {
  component: 'MultiRecordTable',
  visibleWhen: isYes('hadRepairs'),
  props: {
    model: { dtoMapping: 'ClaimTransactions' },
    columns: [
      { component: 'Date', props: { field: 'repairDate' } },
      { component: 'Text', props: { field: 'repairAmount' } },
    ],
    heading: 'Repairs',
  },
};

const documentManager: JourneyBlock = {
  component: 'MultiRecordManager',
  props: {
    model: { dtoMapping: 'DocumentContexts' },
    fields: [{ component: 'File', props: { field: 'document' } }],
    heading: 'Documents',
  },
};

describe('isBlockVisible', () => {
  it('shows a block without conditions whatever the answers', () => {
    expect(isBlockVisible(undefined, {})).toBe(true);
  });

  it('shows a block while its conditions hold', () => {
    expect(isBlockVisible(isYes('hadRepairs'), { hadRepairs: 'Yes' })).toBe(true);
  });

  it('hides a block once an answer breaks its conditions', () => {
    expect(isBlockVisible(isYes('hadRepairs'), { hadRepairs: 'No' })).toBe(false);
  });

  it('needs every condition by default', () => {
    const both: BlockVisibility = {
      conditions: [...isYes('a').conditions, ...isYes('b').conditions],
    };
    expect(isBlockVisible(both, { a: 'Yes', b: 'No' })).toBe(false);
  });

  it('needs one condition when told Or', () => {
    const either: BlockVisibility = {
      operator: 'Or',
      conditions: [...isYes('a').conditions, ...isYes('b').conditions],
    };
    expect(isBlockVisible(either, { a: 'No', b: 'Yes' })).toBe(true);
  });
});

describe('minimumSavedRecords', () => {
  it('asks for a fixed number of records', () => {
    expect(minimumSavedRecords(2, {})).toBe(2);
  });

  it('asks for the count while its conditions hold', () => {
    expect(
      minimumSavedRecords({ count: 1, when: isYes('hadRepairs') }, { hadRepairs: 'Yes' }),
    ).toBe(1);
  });

  it('asks for no record while its conditions do not hold', () => {
    expect(minimumSavedRecords({ count: 1, when: isYes('hadRepairs') }, { hadRepairs: 'No' })).toBe(
      0,
    );
  });
});

describe('record list blocks', () => {
  it('are the record manager and the record table', () => {
    expect([repairTable, documentManager].every(isRecordListBlock)).toBe(true);
  });

  it('do not include a field block', () => {
    expect(isRecordListBlock({ component: 'Text', props: { field: 'vin' } })).toBe(false);
  });

  it('are made of their columns or their fields', () => {
    expect(recordFieldsOf(documentManager)).toEqual([
      { component: 'File', props: { field: 'document' } },
    ]);
  });
});

describe('blockFields', () => {
  it('gives the one field of a field block', () => {
    expect(blockFields({ component: 'Text', props: { field: 'vin' } })).toEqual([
      { list: null, field: 'vin' },
    ]);
  });

  it('gives the three name fields of a name input', () => {
    expect(blockFields({ component: 'NameInput', props: {} }).map(({ field }) => field)).toEqual([
      'firstName',
      'middleInitial',
      'lastName',
    ]);
  });

  it('leaves out the middle initial a name input does without', () => {
    const block: JourneyBlock = {
      component: 'NameInput',
      props: { firstField: 'givenName', middleField: false, lastField: 'familyName' },
    };
    expect(blockFields(block).map(({ field }) => field)).toEqual(['givenName', 'familyName']);
  });

  it('gives every address field of an address input', () => {
    expect(blockFields({ component: 'AddressInput', props: {} }).map(({ field }) => field)).toEqual(
      Object.values(ADDRESS_FIELDS),
    );
  });

  it('gives each field of a checkbox group', () => {
    const block: JourneyBlock = {
      component: 'CheckboxGroup',
      props: { legend: 'Symptoms', fields: ['symptomShudder', 'symptomNone'] },
    };
    expect(blockFields(block).map(({ field }) => field)).toEqual(['symptomShudder', 'symptomNone']);
  });

  it('gives the fields of the records of a record table, in their list part', () => {
    expect(blockFields(repairTable)).toEqual([
      { list: 'ClaimTransactions', field: 'repairDate' },
      { list: 'ClaimTransactions', field: 'repairAmount' },
    ]);
  });

  it('gives no field for a value shown beside its label', () => {
    const block: JourneyBlock = {
      component: 'LabelledValue',
      props: { label: 'Date', field: 'signatureDate' },
    };
    expect(blockFields(block)).toEqual([]);
  });

  it('gives no field for a block that edits none', () => {
    expect(blockFields({ component: 'Captcha', props: {} })).toEqual([]);
  });
});
