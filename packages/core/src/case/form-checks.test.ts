import { describe, expect, it } from 'vitest';
import { problemsOf } from './test-helpers';

describe('form checks', () => {
  it('refuses a case without forms', () => {
    expect(problemsOf([['forms'], {}])).toEqual([
      'case.forms: no form is configured; expected at least one of Standard, Automotive, Lookup, DocumentsUpload',
    ]);
  });

  it('refuses a form without a Credentials model', () => {
    const problems = problemsOf([
      ['forms', 'Lookup'],
      [{ metadata: { dtoMapping: 'ClaimDetails' }, fields: [{ key: 'note' }] }],
    ]);
    expect(problems).toEqual([
      'case.forms.Lookup: has no Credentials model; every form authorizes with one',
    ]);
  });

  it('refuses a second model of a single-model part', () => {
    const problems = problemsOf([
      ['forms', 'Standard', 2],
      { metadata: { dtoMapping: 'Credentials', page: 'second' }, fields: [{ key: 'vin' }] },
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[2].metadata.dtoMapping: a second Credentials model in Standard; a submission holds one Credentials model (first at case.forms.Standard[0])',
    ]);
  });

  it('refuses two models with the same metadata', () => {
    const transactions = {
      metadata: { dtoMapping: 'ClaimTransactions' },
      fields: [{ key: 'amount' }],
    };
    const problems = problemsOf(
      [['forms', 'Standard', 2], transactions],
      [['forms', 'Standard', 3], transactions],
    );
    expect(problems).toEqual([
      'case.forms.Standard[3].metadata: same metadata as case.forms.Standard[2]; pages could not tell the models apart',
    ]);
  });
});
