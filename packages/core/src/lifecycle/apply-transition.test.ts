import { describe, expect, it } from 'vitest';
import {
  applyTransition,
  availableTransitions,
  INITIAL_CLAIM_STATE,
  stateFromHistory,
  type ClaimLifecycleState,
  type LifecycleEvent,
  type TransitionContext,
} from './apply-transition';
import { SETTINGS, ZONE } from './test-helpers';

/** 2027-03-01 10:00 in Los Angeles (PST). */
const MARCH_FIRST = new Date('2027-03-01T18:00:00Z');
/** The end of 2027-03-31 in Los Angeles (PDT): 30 days after March 1. */
const CURE_BY = '2027-04-01T06:59:59.999Z';
/** The end of 2027-04-15 in Los Angeles (PDT): 45 days after March 1. */
const APPEAL_BY = '2027-04-16T06:59:59.999Z';

const DEFICIENT: ClaimLifecycleState = { status: 'deficient', cureBy: CURE_BY, appealBy: null };
const DENIED: ClaimLifecycleState = { status: 'denied', cureBy: null, appealBy: APPEAL_BY };

function later(instant: string, milliseconds: number): Date {
  return new Date(Date.parse(instant) + milliseconds);
}

function apply(
  name: string,
  claim: ClaimLifecycleState,
  actor: string,
  rest: Partial<TransitionContext> = {},
) {
  return applyTransition(name, {
    claim,
    actor,
    at: MARCH_FIRST,
    settings: SETTINGS,
    timeZone: ZONE,
    ...rest,
  });
}

describe('opening windows', () => {
  it('opens a cure window to the end of the 30th day in the case’s zone when a claim is marked deficient', () => {
    const { status, event } = apply(
      'mark_deficient',
      { ...INITIAL_CLAIM_STATE, status: 'in_review' },
      'reviewer',
      {
        reasonCodes: ['missing_receipt', 'unreadable_document'],
      },
    );
    expect(status).toBe('deficient');
    expect(event).toEqual({
      transition: 'mark_deficient',
      from: 'in_review',
      to: 'deficient',
      actor: 'reviewer',
      reasonCodes: ['missing_receipt', 'unreadable_document'],
      note: null,
      at: '2027-03-01T18:00:00.000Z',
      cureBy: CURE_BY,
      appealBy: null,
    });
  });

  it('opens an appeal window to the end of the 45th day when a claim is denied', () => {
    const { event } = apply('deny', { ...INITIAL_CLAIM_STATE, status: 'in_review' }, 'supervisor', {
      reasonCodes: ['duplicate_claim'],
      note: '  Same household filed twice.  ',
    });
    expect(event).toMatchObject({
      to: 'denied',
      reasonCodes: ['duplicate_claim'],
      note: 'Same household filed twice.',
      cureBy: null,
      appealBy: APPEAL_BY,
    });
  });

  it('closes the cure window when a claim leaves deficient', () => {
    const { event } = apply('retract_deficiency', DEFICIENT, 'reviewer', {
      note: 'The receipt was in the first upload.',
    });
    expect(event).toMatchObject({ to: 'in_review', cureBy: null, appealBy: null });
  });
});

describe('the cure window', () => {
  it('lets a claimant cure at the last instant of the cure-by date', () => {
    const { status, event } = apply('cure', DEFICIENT, 'claimant', { at: new Date(CURE_BY) });
    expect(status).toBe('cured');
    expect(event.cureBy).toBeNull();
  });

  it('refuses a claimant’s cure one millisecond after the window closed, naming the close in the case’s zone', () => {
    expect(() => apply('cure', DEFICIENT, 'claimant', { at: later(CURE_BY, 1) })).toThrow(
      'transition "cure" is too late: the cure window closed at 2027-03-31T23:59:59.999-07:00; after it only supervisor may make it',
    );
  });

  it('refuses a reviewer’s record of a cure after the window closed', () => {
    expect(() =>
      apply('cure', DEFICIENT, 'reviewer', { at: later(CURE_BY, 1), note: 'Mailed documents.' }),
    ).toThrow(expect.objectContaining({ kind: 'window' }));
  });

  it('lets a supervisor accept a late cure with a note', () => {
    const { status } = apply('cure', DEFICIENT, 'supervisor', {
      at: later(CURE_BY, 86_400_000),
      note: 'Postmarked March 30.',
    });
    expect(status).toBe('cured');
  });

  it('refuses a cure on a deficient claim that has no cure-by date', () => {
    expect(() => apply('cure', { ...DEFICIENT, cureBy: null }, 'claimant')).toThrow(
      'transition "cure" needs the claim\'s cure window, but the claim has no cureBy date',
    );
  });

  it('refuses a cure-by that is not an instant', () => {
    expect(() => apply('cure', { ...DEFICIENT, cureBy: 'next Tuesday' }, 'claimant')).toThrow(
      'the claim\'s cureBy "next Tuesday" is not an ISO instant such as 2027-03-31T23:59:59.999Z',
    );
  });
});

describe('denying an uncured claim', () => {
  it('waits while the cure window is open, to its last instant', () => {
    expect(() => apply('deny_uncured', DEFICIENT, 'system', { at: new Date(CURE_BY) })).toThrow(
      'transition "deny_uncured" waits for the cure window to close at 2027-03-31T23:59:59.999-07:00',
    );
  });

  it('denies with the case’s uncured reason once the window has closed, opening the appeal window', () => {
    const at = later(CURE_BY, 1);
    const { status, event } = apply('deny_uncured', DEFICIENT, 'system', { at });
    expect(status).toBe('denied');
    expect(event).toMatchObject({
      reasonCodes: ['deficiency_not_cured'],
      cureBy: null,
      // Opened on April 1 in Los Angeles: the end of May 16 there.
      appealBy: '2027-05-17T06:59:59.999Z',
    });
  });

  it('takes a supervisor’s own denial reason instead of the uncured one', () => {
    const { event } = apply('deny_uncured', DEFICIENT, 'supervisor', {
      at: later(CURE_BY, 1),
      reasonCodes: ['not_a_member'],
    });
    expect(event.reasonCodes).toEqual(['not_a_member']);
  });
});

describe('the appeal window', () => {
  const grounds = { note: 'I bought the product in 2024; receipt attached.' };

  it('lets a claimant appeal at the last instant of the appeal-by date', () => {
    const { status } = apply('appeal', DENIED, 'claimant', { ...grounds, at: new Date(APPEAL_BY) });
    expect(status).toBe('appealed');
  });

  it('refuses a claimant’s appeal one millisecond after the window closed', () => {
    expect(() =>
      apply('appeal', DENIED, 'claimant', { ...grounds, at: later(APPEAL_BY, 1) }),
    ).toThrow(
      'transition "appeal" is too late: the appeal window closed at 2027-04-15T23:59:59.999-07:00; after it only supervisor may make it',
    );
  });

  it('lets a supervisor accept a late appeal', () => {
    const { status } = apply('appeal', DENIED, 'supervisor', {
      ...grounds,
      at: later(APPEAL_BY, 1),
    });
    expect(status).toBe('appealed');
  });

  it('makes a denial upheld on appeal final: it opens no new appeal window', () => {
    const upheld = apply(
      'uphold_denial',
      { ...DENIED, status: 'appealed', appealBy: null },
      'supervisor',
      {
        reasonCodes: ['not_a_member'],
        note: 'The receipt is for another product.',
      },
    );
    expect(upheld.event.appealBy).toBeNull();
    const claim = { status: upheld.status, cureBy: null, appealBy: upheld.event.appealBy };
    expect(() => apply('appeal', claim, 'claimant', grounds)).toThrow(
      'transition "appeal" needs the claim\'s appeal window, but the claim has no appealBy date',
    );
  });

  it('approves a claim whose appeal a supervisor grants', () => {
    const { status } = apply('grant_appeal', { ...DENIED, status: 'appealed' }, 'supervisor', {
      note: 'Receipt accepted.',
    });
    expect(status).toBe('approved');
  });
});

describe('reason codes', () => {
  const inReview: ClaimLifecycleState = { ...INITIAL_CLAIM_STATE, status: 'in_review' };

  it('needs at least one deficiency reason to mark a claim deficient, listing them', () => {
    expect(() => apply('mark_deficient', inReview, 'reviewer')).toThrow(
      'transition "mark_deficient" needs at least one deficiency reason code; expected some of missing_receipt, unreadable_document',
    );
  });

  it('needs at least one denial reason to deny a claim, listing them', () => {
    expect(() => apply('deny', inReview, 'reviewer', { reasonCodes: [] })).toThrow(
      'transition "deny" needs at least one denial reason code; expected some of not_a_member, deficiency_not_cured, duplicate_claim',
    );
  });

  it('refuses a denial reason given as a deficiency reason', () => {
    expect(() =>
      apply('mark_deficient', inReview, 'reviewer', { reasonCodes: ['not_a_member'] }),
    ).toThrow(
      'unknown deficiency reason code "not_a_member"; expected one of missing_receipt, unreadable_document',
    );
  });

  it('refuses an unknown denial reason', () => {
    expect(() => apply('deny', inReview, 'reviewer', { reasonCodes: ['late'] })).toThrow(
      'unknown denial reason code "late"; expected one of not_a_member, deficiency_not_cured, duplicate_claim',
    );
  });

  it('refuses a reason code given twice', () => {
    expect(() =>
      apply('deny', inReview, 'reviewer', { reasonCodes: ['not_a_member', 'not_a_member'] }),
    ).toThrow('denial reason code "not_a_member" is given twice');
  });

  it('refuses reason codes on a transition that takes none', () => {
    expect(() => apply('approve', inReview, 'reviewer', { reasonCodes: ['not_a_member'] })).toThrow(
      'transition "approve" takes no reason codes; got not_a_member',
    );
  });
});

describe('notes', () => {
  it('needs a note with a claimant’s appeal', () => {
    expect(() => apply('appeal', DENIED, 'claimant')).toThrow(
      'transition "appeal" by a claimant needs a note saying why',
    );
  });

  it('counts a blank note as none', () => {
    expect(() => apply('withdraw', INITIAL_CLAIM_STATE, 'supervisor', { note: '   ' })).toThrow(
      'transition "withdraw" by a supervisor needs a note saying why',
    );
  });

  it('lets a claimant withdraw without a note', () => {
    expect(apply('withdraw', INITIAL_CLAIM_STATE, 'claimant').event.note).toBeNull();
  });
});

describe('refusals', () => {
  it('fails loudly for an unknown status on the claim', () => {
    expect(() =>
      apply('approve', { ...INITIAL_CLAIM_STATE, status: 'on_hold' }, 'reviewer'),
    ).toThrow(
      expect.objectContaining({
        kind: 'unknown_status',
        message: expect.stringContaining('"on_hold"'),
      }),
    );
  });

  it('fails loudly for an unknown actor', () => {
    expect(() => apply('start_review', INITIAL_CLAIM_STATE, 'robot')).toThrow(
      expect.objectContaining({ kind: 'unknown_actor' }),
    );
  });

  it('fails loudly for an unknown transition', () => {
    expect(() => apply('escalate', INITIAL_CLAIM_STATE, 'reviewer')).toThrow(
      expect.objectContaining({ kind: 'unknown_transition' }),
    );
  });

  it('names the statuses a transition starts from and what the actor may do instead', () => {
    expect(() => apply('approve', INITIAL_CLAIM_STATE, 'reviewer')).toThrow(
      'transition "approve" cannot start from status "received"; it starts from in_review. From received, a reviewer may make: start_review, withdraw',
    );
  });

  it('says when the actor may do nothing from the status', () => {
    expect(() => apply('appeal', { ...INITIAL_CLAIM_STATE, status: 'paid' }, 'claimant')).toThrow(
      'From paid, a claimant may make: (nothing)',
    );
  });

  it('names the actors who make a transition the actor may not', () => {
    expect(() =>
      apply('record_payment', { ...INITIAL_CLAIM_STATE, status: 'approved' }, 'reviewer'),
    ).toThrow(
      'transition "record_payment" is not for a reviewer; it is made by system, supervisor',
    );
  });

  it('calls the system the system', () => {
    expect(() =>
      apply('approve', { ...INITIAL_CLAIM_STATE, status: 'in_review' }, 'system'),
    ).toThrow('transition "approve" is not for the system; it is made by reviewer, supervisor');
  });

  it('refuses a time that is not a time', () => {
    expect(() =>
      apply('start_review', INITIAL_CLAIM_STATE, 'reviewer', { at: new Date('x') }),
    ).toThrow('transition "start_review" needs a valid time');
  });
});

describe('availableTransitions', () => {
  it('offers a claimant the appeal of a denial until the appeal-by date', () => {
    expect(availableTransitions(DENIED, 'claimant', new Date(APPEAL_BY))).toEqual(['appeal']);
  });

  it('offers a claimant nothing once the appeal window has closed', () => {
    expect(availableTransitions(DENIED, 'claimant', later(APPEAL_BY, 1))).toEqual([]);
  });

  it('still offers a supervisor the late appeal and the reopening', () => {
    expect(availableTransitions(DENIED, 'supervisor', later(APPEAL_BY, 1))).toEqual([
      'appeal',
      'reopen',
    ]);
  });

  it('offers the system the uncured denial only after the cure window has closed', () => {
    expect(availableTransitions(DEFICIENT, 'system', new Date(CURE_BY))).toEqual([]);
    expect(availableTransitions(DEFICIENT, 'system', later(CURE_BY, 1))).toEqual(['deny_uncured']);
  });
});

describe('stateFromHistory', () => {
  it('leaves a claim without history received', () => {
    expect(stateFromHistory([])).toEqual(INITIAL_CLAIM_STATE);
  });

  it('follows a claim from receipt through a cure to payment', () => {
    const steps: [string, string, Partial<TransitionContext>][] = [
      ['start_review', 'reviewer', {}],
      ['mark_deficient', 'reviewer', { reasonCodes: ['missing_receipt'] }],
      ['cure', 'claimant', {}],
      ['resume_review', 'reviewer', {}],
      ['approve', 'reviewer', {}],
      ['record_payment', 'system', {}],
    ];
    const events: LifecycleEvent[] = [];
    let claim: ClaimLifecycleState = INITIAL_CLAIM_STATE;
    for (const [name, actor, rest] of steps) {
      events.push(apply(name, claim, actor, rest).event);
      claim = stateFromHistory(events);
    }
    expect(claim).toEqual({ status: 'paid', cureBy: null, appealBy: null });
    expect(stateFromHistory(events.slice(0, 2))).toEqual({
      status: 'deficient',
      cureBy: CURE_BY,
      appealBy: null,
    });
  });

  it('fails loudly on an event that does not start where the history left the claim', () => {
    const events = [
      { from: 'received', to: 'in_review', cureBy: null, appealBy: null },
      { from: 'deficient', to: 'cured', cureBy: null, appealBy: null },
    ] as const;
    expect(() => stateFromHistory(events)).toThrow(
      'event 1 starts from "deficient", but the events before it leave the claim in_review',
    );
  });

  it('fails loudly on an event to an unknown status', () => {
    const events = [{ from: 'received', to: 'archived', cureBy: null, appealBy: null }];
    expect(() => stateFromHistory(events)).toThrow(
      expect.objectContaining({ kind: 'unknown_status' }),
    );
  });
});
