import { DateTime } from 'luxon';
import type { LifecycleSettings } from './lifecycle-settings';
import {
  allowedTransitions,
  assertActor,
  assertClaimStatus,
  getTransition,
  LifecycleError,
  type Actor,
  type ClaimStatus,
  type ReasonKind,
  type TransitionName,
  type TransitionRule,
  type WindowName,
  TRANSITIONS,
} from './transitions';
import { isWindowOpen, windowClosesAt } from './windows';

/** Where a claim stands: its status and the closing instants of its open windows. */
export interface ClaimLifecycleState {
  /** Checked on use: a status read from storage may be one the table does not know. */
  status: string;
  /** ISO instant; set while the claim is deficient. */
  cureBy: string | null;
  /** ISO instant; set while the claim is denied and the denial may be appealed. */
  appealBy: string | null;
}

/** Every claim starts received, with no window open. */
export const INITIAL_CLAIM_STATE: Readonly<ClaimLifecycleState> = {
  status: 'received',
  cureBy: null,
  appealBy: null,
};

/** One entry of a claim's append-only history. */
export interface LifecycleEvent {
  transition: TransitionName;
  from: ClaimStatus;
  to: ClaimStatus;
  actor: Actor;
  /** Deficiency reasons for mark_deficient, denial reasons for a denial; else empty. */
  reasonCodes: string[];
  note: string | null;
  /** ISO instant in UTC. */
  at: string;
  /** The claim's windows from this event on (ISO instants in UTC). */
  cureBy: string | null;
  appealBy: string | null;
}

export interface TransitionContext {
  claim: ClaimLifecycleState;
  actor: string;
  at: Date;
  reasonCodes?: readonly string[];
  note?: string | null;
  settings: LifecycleSettings;
  /** The case's IANA time zone, in which windows end. */
  timeZone: string;
}

const WINDOW_FIELDS = { cure: 'cureBy', appeal: 'appealBy' } as const;

function actorPhrase(actor: Actor): string {
  return actor === 'system' ? 'the system' : `a ${actor}`;
}

function listOrNothing(names: readonly string[]): string {
  return names.length === 0 ? '(nothing)' : names.join(', ');
}

function windowClose(claim: ClaimLifecycleState, window: WindowName): string | null {
  const field = WINDOW_FIELDS[window];
  const closesAt = claim[field];
  if (closesAt === null) return null;
  if (!DateTime.fromISO(closesAt).isValid) {
    throw new LifecycleError(
      'window',
      `the claim's ${field} "${closesAt}" is not an ISO instant such as 2027-03-31T23:59:59.999Z`,
    );
  }
  return closesAt;
}

function inZone(instant: string, zone: string): string {
  return DateTime.fromISO(instant, { zone }).toISO() as string;
}

type WindowRefusal =
  | { window: WindowName; problem: 'no_date' }
  | { window: WindowName; problem: 'closed' | 'still_open'; closesAt: string };

/** Why the claim's windows refuse the transition at `at`, or null when they allow it. */
function windowRefusal(
  rule: TransitionRule,
  claim: ClaimLifecycleState,
  actor: Actor,
  at: Date,
): WindowRefusal | null {
  const window = rule.inside?.window ?? rule.after;
  if (window === undefined) return null;
  const closesAt = windowClose(claim, window);
  if (closesAt === null) return { window, problem: 'no_date' };
  const open = isWindowOpen(closesAt, at);
  if (rule.inside !== undefined && !open && !rule.inside.lateActors.includes(actor)) {
    return { window, problem: 'closed', closesAt };
  }
  if (rule.after !== undefined && open) return { window, problem: 'still_open', closesAt };
  return null;
}

/** The refusal in words, with the closing instant in the case's zone as a claimant reads it. */
function windowMessage(
  rule: TransitionRule & { name: TransitionName },
  refusal: WindowRefusal,
  zone: string,
): string {
  const { window } = refusal;
  switch (refusal.problem) {
    case 'no_date':
      return `transition "${rule.name}" needs the claim's ${window} window, but the claim has no ${WINDOW_FIELDS[window]} date`;
    case 'closed':
      return `transition "${rule.name}" is too late: the ${window} window closed at ${inZone(refusal.closesAt, zone)}; after it only ${rule.inside?.lateActors.join(', ')} may make it`;
    case 'still_open':
      return `transition "${rule.name}" waits for the ${window} window to close at ${inZone(refusal.closesAt, zone)}`;
  }
}

function checkedReasonCodes(
  rule: TransitionRule & { name: TransitionName },
  given: readonly string[],
  settings: LifecycleSettings,
): string[] {
  const kind: ReasonKind | undefined = rule.reasons;
  if (kind === undefined) {
    if (given.length > 0) {
      throw new LifecycleError(
        'reasons',
        `transition "${rule.name}" takes no reason codes; got ${given.join(', ')}`,
      );
    }
    return [];
  }
  const known = (kind === 'deficiency' ? settings.deficiencyReasons : settings.denialReasons).map(
    (reason) => reason.code,
  );
  if (given.length === 0) {
    if (rule.defaultsToUncuredReason) return [settings.uncuredDenialReason];
    throw new LifecycleError(
      'reasons',
      `transition "${rule.name}" needs at least one ${kind} reason code; expected some of ${known.join(', ')}`,
    );
  }
  given.forEach((code, index) => {
    if (!known.includes(code)) {
      throw new LifecycleError(
        'reasons',
        `unknown ${kind} reason code "${code}"; expected one of ${known.join(', ')}`,
      );
    }
    if (given.indexOf(code) !== index) {
      throw new LifecycleError('reasons', `${kind} reason code "${code}" is given twice`);
    }
  });
  return [...given];
}

/**
 * Makes a transition: checks it against the table, the reason lists and the claim's windows,
 * and returns the claim's next status with the history event to append. Throws a
 * LifecycleError saying what is wrong and what is allowed: an unknown status, transition or
 * actor, a transition that does not start from the claim's status or is not the actor's to
 * make, missing, unknown or unexpected reason codes, a missing note, or a closed window.
 */
export function applyTransition(
  name: string,
  context: TransitionContext,
): { status: ClaimStatus; event: LifecycleEvent } {
  const rule = getTransition(name);
  const { claim, actor, at, settings, timeZone } = context;
  const from = claim.status;
  assertClaimStatus(from);
  assertActor(actor);
  if (Number.isNaN(at.getTime())) {
    throw new LifecycleError('time', `transition "${rule.name}" needs a valid time`);
  }
  if (!rule.from.includes(from)) {
    throw new LifecycleError(
      'wrong_status',
      `transition "${rule.name}" cannot start from status "${from}"; it starts from ${rule.from.join(', ')}. From ${from}, ${actorPhrase(actor)} may make: ${listOrNothing(allowedTransitions(from, actor))}`,
    );
  }
  if (!rule.actors.includes(actor)) {
    throw new LifecycleError(
      'forbidden_actor',
      `transition "${rule.name}" is not for ${actorPhrase(actor)}; it is made by ${rule.actors.join(', ')}`,
    );
  }
  const reasonCodes = checkedReasonCodes(rule, context.reasonCodes ?? [], settings);
  const note = context.note?.trim() || null;
  if (note === null && rule.noteRequiredFor.includes(actor)) {
    throw new LifecycleError(
      'note',
      `transition "${rule.name}" by ${actorPhrase(actor)} needs a note saying why`,
    );
  }
  const refusal = windowRefusal(rule, claim, actor, at);
  if (refusal !== null) throw new LifecycleError('window', windowMessage(rule, refusal, timeZone));
  const opened = (window: WindowName, days: number) =>
    rule.opens === window ? windowClosesAt(at, days, timeZone) : null;
  const event: LifecycleEvent = {
    transition: rule.name,
    from,
    to: rule.to,
    actor,
    reasonCodes,
    note,
    at: at.toISOString(),
    cureBy: opened('cure', settings.cureWindowDays),
    appealBy: opened('appeal', settings.appealWindowDays),
  };
  return { status: rule.to, event };
}

/**
 * The transitions an actor may make on a claim at `now`: allowedTransitions without those its
 * windows refuse (a claimant's appeal after the appeal-by date, a lapse before the cure-by
 * date). Reason codes and notes are not judged here.
 */
export function availableTransitions(
  claim: ClaimLifecycleState,
  actor: string,
  now: Date,
): TransitionName[] {
  return allowedTransitions(claim.status, actor).filter(
    (name) => windowRefusal(TRANSITIONS[name], claim, actor as Actor, now) === null,
  );
}

/**
 * Where a claim stands after its history, in order. Throws when an event does not start from
 * the status the events before it left, so a history written out of step fails loudly.
 */
export function stateFromHistory(
  events: readonly {
    from: string;
    to: string;
    cureBy: string | null;
    appealBy: string | null;
  }[],
): ClaimLifecycleState {
  return events.reduce<ClaimLifecycleState>(
    (state, event, index) => {
      assertClaimStatus(event.to);
      if (event.from !== state.status) {
        throw new LifecycleError(
          'history',
          `event ${index} starts from "${event.from}", but the events before it leave the claim ${state.status}`,
        );
      }
      return { status: event.to, cureBy: event.cureBy, appealBy: event.appealBy };
    },
    { ...INITIAL_CLAIM_STATE },
  );
}
