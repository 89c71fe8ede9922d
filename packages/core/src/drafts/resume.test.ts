import { describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '../case/field-config';
import { draftPath, draftSchema, finishLaterPath, type Draft } from '../contract/drafts';
import type { DeadlineSettings } from '../deadlines/deadline-names';
import { makeField, NOW, WHITELIST } from '../rules/test-helpers';
import { draftExpiry, DRAFT_MAX_DAYS, resumeDraft, type ResumeInput } from './resume';

const claimantInfo: RemoteModelConfig = {
  metadataHash: 'claimant',
  metadata: { formType: 'Standard', dtoMapping: 'ClaimantInfo' },
  fields: {
    FirstName: makeField('FirstName', [{ type: 'required' }, { type: 'maxLength', max: 5 }]),
    LastName: makeField('LastName', [{ type: 'required' }]),
  },
};

const deadline = (iso: string) => ({ deadline: iso, redirectTargets: {} });

function input(overrides: Partial<ResumeInput> = {}): ResumeInput {
  return {
    formType: 'Standard',
    configs: [claimantInfo],
    deadlines: {},
    now: NOW,
    characterWhitelist: WHITELIST,
    side: 'server',
    ...overrides,
  };
}

function draft(fields: Draft['models'][number]['fields'], metadataHash = 'claimant'): Draft {
  return { page: '/standard/claimant-info', models: [{ clientId: 'c-1', metadataHash, fields }] };
}

describe('draftExpiry', () => {
  it('ends a draft at the form’s first deadline when it comes before the longest keep', () => {
    const settings: DeadlineSettings = {
      globalDeadline: deadline('2024-08-01T00:00:00Z'),
      claimFilingDeadline: deadline('2024-07-01T00:00:00Z'),
    };
    expect(draftExpiry(settings, 'Standard', NOW).toISOString()).toBe('2024-07-01T00:00:00.000Z');
  });

  it('keeps a draft the longest keep when the form has no deadline that soon', () => {
    const expiry = draftExpiry(
      { automotiveFilingDeadline: deadline('2024-06-16T00:00:00Z') },
      'Standard',
      NOW,
    );
    expect(expiry.getTime() - NOW.getTime()).toBe(DRAFT_MAX_DAYS * 86_400_000);
  });
});

describe('resumeDraft', () => {
  it('resumes nothing once a deadline of the form has passed', () => {
    const outcome = resumeDraft(
      draft({ firstName: 'Ana' }),
      input({
        deadlines: { claimFilingDeadline: deadline('2024-06-01T00:00:00Z') },
      }),
    );
    expect(outcome).toEqual({ kind: 'closed', deadline: 'claimFilingDeadline' });
  });

  it('keeps valid answers and the page, and does not refuse fields not reached yet', () => {
    const outcome = resumeDraft(draft({ firstName: 'Ana', lastName: null }), input());
    expect(outcome).toEqual({
      kind: 'resume',
      draft: draft({ firstName: 'Ana', lastName: null }),
      clearedFields: [],
    });
  });

  it('clears and names a value the rules refuse today', () => {
    const outcome = resumeDraft(draft({ firstName: 'Anastasia', lastName: 'Ruiz' }), input());
    expect(outcome).toEqual({
      kind: 'resume',
      draft: draft({ firstName: null, lastName: 'Ruiz' }),
      clearedFields: ['ClaimantInfo.firstName'],
    });
  });

  it('drops models of configs the form no longer has, and fields no longer declared', () => {
    const kept = draft({ firstName: 'Ana', nickname: 'Anita' });
    kept.models.push({ clientId: 'gone-1', metadataHash: 'gone', fields: { a: 'b' } });
    const outcome = resumeDraft(kept, input());
    expect(outcome.kind === 'resume' && outcome.draft.models).toEqual([
      { clientId: 'c-1', metadataHash: 'claimant', fields: { firstName: 'Ana' } },
    ]);
  });
});

describe('the drafts contract', () => {
  it('names the draft calls under the form’s path', () => {
    expect(draftPath('Standard')).toBe('/api/forms/standard/draft');
    expect(finishLaterPath('Automotive')).toBe('/api/forms/automotive/draft/finish-later');
  });

  it('refuses a draft whose page is not a path on this site', () => {
    expect(draftSchema.safeParse({ page: '//evil.example', models: [] }).success).toBe(false);
    expect(draftSchema.safeParse({ page: '/standard/claimant-info', models: [] }).success).toBe(
      true,
    );
  });
});
