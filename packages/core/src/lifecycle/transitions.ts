/**
 * The life of a claim after intake: its statuses, who may move it from one to another, and the
 * windows a claimant has to answer a deficiency or a denial. The server and the console both
 * ask this table; nothing else decides whether a change is allowed.
 *
 * Decisions, where a settlement administrator or a court would expect them:
 *
 * - Only staff decide. A reviewer starts a review, marks a claim deficient, approves or denies
 *   it; a supervisor may do all a reviewer may, and alone decides appeals and reopens decided
 *   or withdrawn claims. The system acts only on dates and on the payer's results.
 * - A claimant cures a deficiency, appeals a denial and withdraws a claim, each within
 *   its rules. A reviewer may record the same acts when they arrive by mail or phone, and must
 *   then say so in a note.
 * - A cure must come by the cure-by date, an appeal by the appeal-by date: the end of the
 *   window's last day in the case's time zone, that instant included. After it closes the
 *   claimant and the reviewer can no longer act; a supervisor may still accept a late cure or
 *   appeal (a postmark, a court's leniency) and must give the reason in a note.
 * - A deficient claim is not denied while its cure window is open. Once it has closed, the
 *   system (or a supervisor) denies it with the case's uncured-deficiency reason, which opens
 *   the appeal window like any denial.
 * - One appeal per denial. A supervisor grants it (the claim is approved) or upholds the
 *   denial; an upheld denial opens no new appeal window and is final for the claimant. A
 *   supervisor may instead send an appealed claim back to review, and a denial made after
 *   that fresh review may be appealed again.
 * - A claimant may withdraw a claim until it is paid, declining an approved payment included,
 *   but not a denied claim: the decision stays on record, and an appeal is the way to contest
 *   it.
 * - Notes: every appeal states its grounds; staff acting for a claimant, retracting a
 *   deficiency, deciding an appeal or reopening a claim say why. Reason codes come from the
 *   case's lists: at least one deficiency reason to mark a claim deficient, at least one
 *   denial reason to deny it or uphold a denial.
 * - A reviewer who marked a claim deficient in error retracts the deficiency; the claim goes
 *   back to review and its cure window closes.
 * - Payment results come from the payer's file, applied by the system or by a supervisor's
 *   import: approved → paid, paid → payment_returned. A returned payment is reissued by
 *   putting the claim back to approved, so it joins the next payout run.
 * - A supervisor may reopen an approved (not yet paid), denied, appealed or withdrawn claim,
 *   e.g. when a fraud score falls after approval or a court orders a second look.
 */

export const CLAIM_STATUSES = [
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
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const ACTORS = ['claimant', 'reviewer', 'supervisor', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

/** A cure window is open while a claim is deficient, an appeal window while it is denied. */
export const WINDOWS = ['cure', 'appeal'] as const;
export type WindowName = (typeof WINDOWS)[number];

/** Which of the case's reason lists a transition's reason codes come from. */
export type ReasonKind = 'deficiency' | 'denial';

export interface TransitionRule {
  from: readonly ClaimStatus[];
  to: ClaimStatus;
  actors: readonly Actor[];
  /** The reason codes the transition needs, at least one; absent: it takes none. */
  reasons?: ReasonKind;
  /**
   * With no reason codes given, the transition uses the case's uncured-deficiency denial
   * reason instead of refusing.
   */
  defaultsToUncuredReason?: true;
  /** The actors who must give a note with this transition. */
  noteRequiredFor: readonly Actor[];
  /** The window this transition opens, counted from the moment it is made. */
  opens?: WindowName;
  /**
   * The claim's window this transition must be made in; the `lateActors` may make it after the
   * window has closed, with a note.
   */
  inside?: { window: WindowName; lateActors: readonly Actor[] };
  /** The claim's window that must have closed before this transition. */
  after?: WindowName;
}

const STAFF = ['reviewer', 'supervisor'] as const;
const PAYER = ['system', 'supervisor'] as const;

/** The one table of the claim lifecycle. */
export const TRANSITIONS = {
  start_review: { from: ['received'], to: 'in_review', actors: STAFF, noteRequiredFor: [] },
  mark_deficient: {
    from: ['in_review'],
    to: 'deficient',
    actors: STAFF,
    reasons: 'deficiency',
    noteRequiredFor: [],
    opens: 'cure',
  },
  cure: {
    from: ['deficient'],
    to: 'cured',
    actors: ['claimant', ...STAFF],
    noteRequiredFor: STAFF,
    inside: { window: 'cure', lateActors: ['supervisor'] },
  },
  retract_deficiency: {
    from: ['deficient'],
    to: 'in_review',
    actors: STAFF,
    noteRequiredFor: STAFF,
  },
  resume_review: { from: ['cured'], to: 'in_review', actors: STAFF, noteRequiredFor: [] },
  deny_uncured: {
    from: ['deficient'],
    to: 'denied',
    actors: ['system', 'supervisor'],
    reasons: 'denial',
    defaultsToUncuredReason: true,
    noteRequiredFor: [],
    after: 'cure',
    opens: 'appeal',
  },
  approve: { from: ['in_review'], to: 'approved', actors: STAFF, noteRequiredFor: [] },
  deny: {
    from: ['in_review'],
    to: 'denied',
    actors: STAFF,
    reasons: 'denial',
    noteRequiredFor: [],
    opens: 'appeal',
  },
  appeal: {
    from: ['denied'],
    to: 'appealed',
    actors: ['claimant', ...STAFF],
    // The grounds of the appeal, in the claimant's words or as received.
    noteRequiredFor: ['claimant', ...STAFF],
    inside: { window: 'appeal', lateActors: ['supervisor'] },
  },
  grant_appeal: {
    from: ['appealed'],
    to: 'approved',
    actors: ['supervisor'],
    noteRequiredFor: ['supervisor'],
  },
  uphold_denial: {
    from: ['appealed'],
    to: 'denied',
    actors: ['supervisor'],
    reasons: 'denial',
    noteRequiredFor: ['supervisor'],
  },
  withdraw: {
    from: ['received', 'in_review', 'deficient', 'cured', 'approved', 'appealed'],
    to: 'withdrawn',
    actors: ['claimant', ...STAFF],
    noteRequiredFor: STAFF,
  },
  reopen: {
    from: ['approved', 'denied', 'appealed', 'withdrawn'],
    to: 'in_review',
    actors: ['supervisor'],
    noteRequiredFor: ['supervisor'],
  },
  record_payment: { from: ['approved'], to: 'paid', actors: PAYER, noteRequiredFor: [] },
  record_payment_returned: {
    from: ['paid'],
    to: 'payment_returned',
    actors: PAYER,
    noteRequiredFor: [],
  },
  reissue_payment: {
    from: ['payment_returned'],
    to: 'approved',
    actors: PAYER,
    noteRequiredFor: [],
  },
} as const satisfies Record<string, TransitionRule>;

export type TransitionName = keyof typeof TRANSITIONS;
export const TRANSITION_NAMES = Object.keys(TRANSITIONS) as TransitionName[];

/** Thrown for every refused status change; `kind` lets a caller choose its answer. */
export class LifecycleError extends Error {
  override name = 'LifecycleError';
  readonly kind: LifecycleErrorKind;

  constructor(kind: LifecycleErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export type LifecycleErrorKind =
  | 'unknown_status'
  | 'unknown_transition'
  | 'unknown_actor'
  | 'wrong_status'
  | 'forbidden_actor'
  | 'reasons'
  | 'note'
  | 'window'
  | 'time'
  | 'history';

function oneOf(name: string, value: string, known: readonly string[]): string {
  return `unknown ${name} "${value}"; expected one of ${known.join(', ')}`;
}

export function assertClaimStatus(status: string): asserts status is ClaimStatus {
  if (!(CLAIM_STATUSES as readonly string[]).includes(status)) {
    throw new LifecycleError('unknown_status', oneOf('claim status', status, CLAIM_STATUSES));
  }
}

export function assertActor(actor: string): asserts actor is Actor {
  if (!(ACTORS as readonly string[]).includes(actor)) {
    throw new LifecycleError('unknown_actor', oneOf('actor', actor, ACTORS));
  }
}

/** The rule of a transition; throws for a name the table does not have, listing those it has. */
export function getTransition(name: string): TransitionRule & { name: TransitionName } {
  if (!Object.hasOwn(TRANSITIONS, name)) {
    throw new LifecycleError('unknown_transition', oneOf('transition', name, TRANSITION_NAMES));
  }
  const transitionName = name as TransitionName;
  return { name: transitionName, ...(TRANSITIONS[transitionName] as TransitionRule) };
}

/**
 * The transitions an actor may make from a status, in table order, whatever the claim's
 * windows say (see availableTransitions for those).
 */
export function allowedTransitions(status: string, actor: string): TransitionName[] {
  assertClaimStatus(status);
  assertActor(actor);
  return TRANSITION_NAMES.filter((name) => {
    const rule: TransitionRule = TRANSITIONS[name];
    return rule.from.includes(status) && rule.actors.includes(actor);
  });
}
