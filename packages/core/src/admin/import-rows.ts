import { isValidVin, normalizeVin } from '../vin';

/**
 * The row rules of the administrator's imports (docs/behaviour.md#data-in-and-out): what makes
 * a row of a class list, a vehicle list or the payer's results file acceptable. Each rule names
 * the column at fault and says what is wrong in words a supervisor can act on.
 */

export interface RowProblem {
  column: string;
  problem: string;
}

/** A Notice ID once trimmed and upper-cased: letters, digits and hyphens, 1 to 40. */
const NOTICE_ID = /^[A-Z0-9][A-Z0-9-]{0,39}$/;
/** A PIN: 4 to 12 digits. */
const PIN = /^\d{4,12}$/;

export const NOTICE_ID_COLUMN = 'noticeId';
export const PIN_COLUMN = 'pin';
export const VIN_COLUMN = 'vin';

function required(values: Record<string, string>, column: string): RowProblem | undefined {
  return (values[column] ?? '').trim() === ''
    ? { column, problem: `${column} is empty` }
    : undefined;
}

/** A class list row: a Notice ID of the accepted form and a PIN of 4 to 12 digits. */
export function classListRowProblems(values: Record<string, string>): RowProblem[] {
  const problems: RowProblem[] = [];
  const noticeId = (values[NOTICE_ID_COLUMN] ?? '').trim().toUpperCase();
  const missingId = required(values, NOTICE_ID_COLUMN);
  if (missingId !== undefined) problems.push(missingId);
  else if (!NOTICE_ID.test(noticeId)) {
    problems.push({
      column: NOTICE_ID_COLUMN,
      problem: `"${noticeId}" is not a Notice ID (1 to 40 letters, digits or hyphens)`,
    });
  }
  const missingPin = required(values, PIN_COLUMN);
  if (missingPin !== undefined) problems.push(missingPin);
  else if (!PIN.test((values[PIN_COLUMN] ?? '').trim())) {
    problems.push({ column: PIN_COLUMN, problem: 'the PIN is not 4 to 12 digits' });
  }
  return problems;
}

/** A vehicle list row: a VIN with a correct check digit. */
export function vehicleRowProblems(values: Record<string, string>): RowProblem[] {
  const missing = required(values, VIN_COLUMN);
  if (missing !== undefined) return [missing];
  const vin = normalizeVin(values[VIN_COLUMN] ?? '');
  return isValidVin(vin)
    ? []
    : [
        {
          column: VIN_COLUMN,
          problem: `"${vin}" is not a valid VIN (17 letters or digits without I, O or Q, with a correct check digit)`,
        },
      ];
}

/** What the payer's file says happened to a claim's payment. */
export const PAYOUT_OUTCOMES = ['paid', 'returned', 'reissued'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

/** The lifecycle transition each outcome makes (lifecycle/transitions.ts). */
export const PAYOUT_TRANSITIONS = {
  paid: 'record_payment',
  returned: 'record_payment_returned',
  reissued: 'reissue_payment',
} as const satisfies Record<PayoutOutcome, string>;

export const PAYOUT_COLUMNS = ['claim', 'amount', 'method', 'outcome'] as const;

/** An amount in the case's currency: digits with up to two decimals. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** A payer's results row: a claim reference, an amount, a method and an outcome. */
export function payoutRowProblems(values: Record<string, string>): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const column of PAYOUT_COLUMNS) {
    const missing = required(values, column);
    if (missing !== undefined) problems.push(missing);
  }
  const amount = (values.amount ?? '').trim();
  if (amount !== '' && !AMOUNT.test(amount)) {
    problems.push({ column: 'amount', problem: `"${amount}" is not an amount such as 125.50` });
  }
  const outcome = (values.outcome ?? '').trim().toLowerCase();
  if (outcome !== '' && !(PAYOUT_OUTCOMES as readonly string[]).includes(outcome)) {
    problems.push({
      column: 'outcome',
      problem: `"${outcome}" is not an outcome; expected ${PAYOUT_OUTCOMES.join(', ')}`,
    });
  }
  return problems;
}

/**
 * A payout destination (an e-mail address, an account or phone number) as exports show it:
 * its last four characters, the rest hidden, so a file that leaves the office names no account.
 */
export function maskPayoutValue(value: string): string {
  const visible = value.length > 8 ? value.slice(-4) : '';
  return `${'•'.repeat(Math.max(value.length - visible.length, 4))}${visible}`;
}
