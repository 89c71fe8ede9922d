import { describe, expect, it } from 'vitest';
import { applyTransition } from './apply-transition';
import { SETTINGS, ZONE } from './test-helpers';
import {
  ACTORS,
  allowedTransitions,
  CLAIM_STATUSES,
  getTransition,
  LifecycleError,
  TRANSITION_NAMES,
} from './transitions';

/**
 * Every (status, transition, actor) the lifecycle allows, written out by hand rather than read
 * from the table: any change to the table must be made here too, on purpose.
 */
const ALLOWED = [
  'received start_review reviewer',
  'received start_review supervisor',
  'in_review mark_deficient reviewer',
  'in_review mark_deficient supervisor',
  'deficient cure claimant',
  'deficient cure reviewer',
  'deficient cure supervisor',
  'deficient retract_deficiency reviewer',
  'deficient retract_deficiency supervisor',
  'cured resume_review reviewer',
  'cured resume_review supervisor',
  'deficient deny_uncured system',
  'deficient deny_uncured supervisor',
  'in_review approve reviewer',
  'in_review approve supervisor',
  'in_review deny reviewer',
  'in_review deny supervisor',
  'denied appeal claimant',
  'denied appeal reviewer',
  'denied appeal supervisor',
  'appealed grant_appeal supervisor',
  'appealed uphold_denial supervisor',
  'received withdraw claimant',
  'received withdraw reviewer',
  'received withdraw supervisor',
  'in_review withdraw claimant',
  'in_review withdraw reviewer',
  'in_review withdraw supervisor',
  'deficient withdraw claimant',
  'deficient withdraw reviewer',
  'deficient withdraw supervisor',
  'cured withdraw claimant',
  'cured withdraw reviewer',
  'cured withdraw supervisor',
  'approved withdraw claimant',
  'approved withdraw reviewer',
  'approved withdraw supervisor',
  'appealed withdraw claimant',
  'appealed withdraw reviewer',
  'appealed withdraw supervisor',
  'approved reopen supervisor',
  'denied reopen supervisor',
  'appealed reopen supervisor',
  'withdrawn reopen supervisor',
  'approved record_payment system',
  'approved record_payment supervisor',
  'paid record_payment_returned system',
  'paid record_payment_returned supervisor',
  'payment_returned reissue_payment system',
  'payment_returned reissue_payment supervisor',
];

const EXPECTED_TO: Record<string, string> = {
  start_review: 'in_review',
  mark_deficient: 'deficient',
  cure: 'cured',
  retract_deficiency: 'in_review',
  resume_review: 'in_review',
  deny_uncured: 'denied',
  approve: 'approved',
  deny: 'denied',
  appeal: 'appealed',
  grant_appeal: 'approved',
  uphold_denial: 'denied',
  withdraw: 'withdrawn',
  reopen: 'in_review',
  record_payment: 'paid',
  record_payment_returned: 'payment_returned',
  reissue_payment: 'approved',
};

const REASONS: Record<string, string[]> = {
  mark_deficient: ['missing_receipt'],
  deny: ['not_a_member'],
  deny_uncured: ['deficiency_not_cured'],
  uphold_denial: ['not_a_member'],
};

const WINDOW_CLOSE = '2027-06-30T06:59:59.999Z';
const INSIDE = new Date('2027-06-01T17:00:00Z');
const AFTER = new Date('2027-07-01T17:00:00Z');

const TRIPLES = CLAIM_STATUSES.flatMap((status) =>
  TRANSITION_NAMES.flatMap((transition) => ACTORS.map((actor) => ({ status, transition, actor }))),
);

/** The status and transition pairs some actor may make. */
const STARTS = new Set(ALLOWED.map((triple) => triple.split(' ').slice(0, 2).join(' ')));

describe('the transition table', () => {
  it('names the ten statuses, the four actors and the sixteen transitions', () => {
    expect(CLAIM_STATUSES).toEqual([
      'received',
      'in_review',
      'deficient',
      'cured',
      'approved',
      'denied',
      'appealed',
      'withdrawn',
      'paid',
      'payment_returned',
    ]);
    expect(ACTORS).toEqual(['claimant', 'reviewer', 'supervisor', 'system']);
    expect([...TRANSITION_NAMES].sort()).toEqual(Object.keys(EXPECTED_TO).sort());
  });

  it('allows exactly the listed triples of status, transition and actor', () => {
    const allowed = TRIPLES.filter(({ status, transition, actor }) =>
      allowedTransitions(status, actor).includes(transition),
    ).map(({ status, transition, actor }) => `${status} ${transition} ${actor}`);
    expect(allowed.sort()).toEqual([...ALLOWED].sort());
  });

  it('lists each actor’s transitions from a status in table order', () => {
    expect(allowedTransitions('deficient', 'supervisor')).toEqual([
      'cure',
      'retract_deficiency',
      'deny_uncured',
      'withdraw',
    ]);
  });

  it.each(TRIPLES)(
    'applies $transition by $actor on a $status claim only when the triple is listed',
    ({ status, transition, actor }) => {
      const apply = () =>
        applyTransition(transition, {
          claim: { status, cureBy: WINDOW_CLOSE, appealBy: WINDOW_CLOSE },
          actor,
          at: transition === 'deny_uncured' ? AFTER : INSIDE,
          reasonCodes: REASONS[transition] ?? [],
          note: 'Checked against the class list.',
          settings: SETTINGS,
          timeZone: ZONE,
        });
      if (ALLOWED.includes(`${status} ${transition} ${actor}`)) {
        const { status: next, event } = apply();
        expect(next).toBe(EXPECTED_TO[transition]);
        expect(event).toMatchObject({ transition, from: status, to: next, actor });
        return;
      }
      const kind = STARTS.has(`${status} ${transition}`) ? 'forbidden_actor' : 'wrong_status';
      expect(apply).toThrow(expect.objectContaining({ name: 'LifecycleError', kind }));
    },
  );
});

describe('allowedTransitions', () => {
  it('fails loudly for an unknown status, listing the known ones', () => {
    expect(() => allowedTransitions('on_hold', 'reviewer')).toThrow(
      'unknown claim status "on_hold"; expected one of received, in_review, deficient, cured, approved, denied, appealed, withdrawn, paid, payment_returned',
    );
  });

  it('fails loudly for an unknown actor, listing the known ones', () => {
    expect(() => allowedTransitions('received', 'auditor')).toThrow(
      'unknown actor "auditor"; expected one of claimant, reviewer, supervisor, system',
    );
  });

  it('gives nothing to an actor who may not act on a status', () => {
    expect(allowedTransitions('paid', 'claimant')).toEqual([]);
  });
});

describe('getTransition', () => {
  it('fails loudly for an unknown transition, listing the known ones', () => {
    expect(() => getTransition('escalate')).toThrow(
      new LifecycleError(
        'unknown_transition',
        `unknown transition "escalate"; expected one of ${TRANSITION_NAMES.join(', ')}`,
      ),
    );
  });

  it('does not take a property every object has for a transition', () => {
    expect(() => getTransition('toString')).toThrow('unknown transition "toString"');
  });
});
