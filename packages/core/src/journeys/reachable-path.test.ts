import { describe, expect, it } from 'vitest';
import type { DtoMapping } from '../form-types';
import {
  fieldsOnPath,
  isRecordListOnPath,
  reachablePath,
  type ModelValues,
} from './reachable-path';

/** The saved values of the Standard form's models, the claim details answering "Had repairs". */
function answers(hadRepairs: string | null, paymentMethod?: string): ModelValues {
  return ({ formType, dtoMapping }) =>
    formType === 'Standard' && dtoMapping === 'ClaimDetails'
      ? { hadRepairs, paymentMethod }
      : undefined;
}

const onPath = (dtoMapping: DtoMapping, values: ModelValues) =>
  isRecordListOnPath('Standard', dtoMapping, values);

describe('isRecordListOnPath', () => {
  it('counts the repair records while the claimant says there were repairs', () => {
    expect(onPath('ClaimTransactions', answers('Yes'))).toBe(true);
  });

  it('leaves out the repair records once the claimant says there were none', () => {
    expect(onPath('ClaimTransactions', answers('No'))).toBe(false);
  });

  it('leaves out the repair records while the question is unanswered', () => {
    expect(onPath('ClaimTransactions', answers(null))).toBe(false);
  });

  it('leaves out the repair records while the claim details do not exist', () => {
    expect(onPath('ClaimTransactions', () => undefined)).toBe(false);
  });

  it('always counts a list whose blocks show unconditionally', () => {
    expect(onPath('DocumentContexts', answers('No'))).toBe(true);
  });

  it('counts every list of the Lookup form, which has no page configs', () => {
    expect(isRecordListOnPath('Lookup', 'ClaimTransactions', answers('No'))).toBe(true);
  });

  it('counts a list no page of the form edits', () => {
    expect(isRecordListOnPath('Automotive', 'ClaimTransactions', () => undefined)).toBe(true);
  });
});

describe('reachablePath', () => {
  it('walks the pages of the form in order from its landing page', () => {
    expect(reachablePath('DocumentsUpload', () => undefined).map((step) => step.page)).toEqual([
      'landing',
      'supporting-documents',
      'confirmation',
    ]);
  });

  it('keeps the repair table on the claim details while there were repairs', () => {
    const details = reachablePath('Standard', answers('Yes')).find(
      (step) => step.page === 'claim-details',
    );
    expect(details?.blocks.map((block) => block.component)).toContain('MultiRecordTable');
  });

  it('drops the repair table from the claim details once there were none', () => {
    const details = reachablePath('Standard', answers('No')).find(
      (step) => step.page === 'claim-details',
    );
    expect(details?.blocks.map((block) => block.component)).not.toContain('MultiRecordTable');
  });

  it('shows the PayPal verification only to a claimant paid by PayPal', () => {
    const verification = (method: string) =>
      reachablePath('Standard', answers('No', method))
        .find((step) => step.page === 'payment-election')
        ?.blocks.some((block) => block.component === 'PayPalVerification');
    expect([verification('PayPal'), verification('Check')]).toEqual([true, false]);
  });

  it('gives each page the model it edits', () => {
    const landing = reachablePath('Automotive', () => undefined)[0];
    expect(landing?.metadata).toEqual({ formType: 'Automotive', dtoMapping: 'Credentials' });
  });

  it('has no pages for the Lookup form', () => {
    expect(reachablePath('Lookup', () => undefined)).toEqual([]);
  });
});

describe('fieldsOnPath', () => {
  it('counts the fields of the repair records while there were repairs', () => {
    const fields = fieldsOnPath('Standard', answers('Yes'));
    expect(fields).toContainEqual({ dtoMapping: 'ClaimTransactions', field: 'repairAmount' });
  });

  it('leaves out the fields of the repair records once there were none', () => {
    const fields = fieldsOnPath('Standard', answers('No'));
    expect(fields.filter((field) => field.dtoMapping === 'ClaimTransactions')).toEqual([]);
  });

  it('counts the question that opened the branch in the model of its page', () => {
    expect(fieldsOnPath('Standard', answers('No'))).toContainEqual({
      dtoMapping: 'ClaimDetails',
      field: 'hadRepairs',
    });
  });
});
