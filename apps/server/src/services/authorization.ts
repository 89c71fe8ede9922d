import type { ScalarValue } from '@claims/core/contract/api';
import type { FormType } from '@claims/core/form-types';
import { isValidReferenceCode, formatReferenceCode } from '@claims/core/ids/reference-code';
import { pascalCaseKeys, toCamelCase } from '@claims/core/text/camel-case';
import { isValidVin, normalizeVin } from '@claims/core/vin';
import type { Kysely } from 'kysely';
import { normalizeNoticeId, pinMatches } from '../case/import-class-list';
import type { SERVER_MESSAGES } from '../case/server-messages';
import { PreparedStatements } from '../db/prepared-statements';
import type { Database } from '../db/schema';
import type { AuthorizedIdentity } from './session-store';

/**
 * The credential fields each form's Credentials model carries (camelCase). The case
 * definition declares these fields with their labels and rules; the server reads them here.
 */
export const CREDENTIAL_FIELDS = {
  noticeId: 'noticeId',
  pin: 'pin',
  vin: 'vin',
  referenceCode: 'referenceCode',
  /** DocumentsUpload's second factor: the claimant's last name, or ZIP code, or both. */
  lastName: 'lastName',
  postalCode: 'mailingPostalCode',
} as const;

/** Where a claim's models keep what the DocumentsUpload second factor is compared with. */
const CLAIMANT_LAST_NAME_FIELDS = ['lastName'];
const CLAIMANT_POSTAL_CODE_FIELDS = ['mailingPostalCode', 'mailingPostalCodeNonUS'];

export type AuthorizationOutcome =
  | {
      kind: 'authorized';
      identity: AuthorizedIdentity;
      /** Capitalised keys, as the authorize answer carries them (docs/behaviour.md#models). */
      prepopulatedData: Record<string, ScalarValue>;
      /** Lookup: the eligible vehicle, for the answer's message. */
      vehicle?: Record<string, string>;
    }
  | {
      /** A wrong guess: counted towards the lockout. */
      kind: 'refused';
      message: keyof typeof SERVER_MESSAGES;
      status: 400 | 401;
      /** The ID the guess was about, for the per-ID lockout; absent when there is none. */
      lockoutId?: string;
    }
  | {
      /** Lookup's answer for a valid VIN that is not on the list: not a failed guess. */
      kind: 'notEligible';
    };

function text(value: ScalarValue | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Longer than any Notice ID a class list holds. */
const MAX_NOTICE_ID_LENGTH = 100;

/** The ID a form's guesses are counted against, before any database work. */
export function lockoutIdOf(
  formType: FormType,
  credentials: Readonly<Record<string, ScalarValue>>,
): string | undefined {
  if (formType === 'Standard') {
    const noticeId = normalizeNoticeId(text(credentials[CREDENTIAL_FIELDS.noticeId]));
    // No Notice ID is this long: such a guess counts against the address only (its key
    // would not fit PostgreSQL's index of the counters).
    return noticeId === '' || noticeId.length > MAX_NOTICE_ID_LENGTH ? undefined : noticeId;
  }
  if (formType === 'DocumentsUpload') {
    const code = text(credentials[CREDENTIAL_FIELDS.referenceCode]);
    return isValidReferenceCode(code) ? formatReferenceCode(code) : undefined;
  }
  return undefined;
}

/**
 * What an authorize was about, for the security log's pseudonym: the Notice ID, the VIN or
 * the reference code, normalised as the lookup normalises it; undefined when none was given.
 */
export function securitySubjectOf(
  formType: FormType,
  credentials: Readonly<Record<string, ScalarValue>>,
): { kind: 'noticeId' | 'vin' | 'referenceCode'; value: string } | undefined {
  if (formType === 'Automotive' || formType === 'Lookup') {
    const vin = normalizeVin(text(credentials[CREDENTIAL_FIELDS.vin]));
    return vin === '' ? undefined : { kind: 'vin', value: vin };
  }
  if (formType === 'DocumentsUpload') {
    const code = text(credentials[CREDENTIAL_FIELDS.referenceCode]);
    if (code === '') return undefined;
    return {
      kind: 'referenceCode',
      value: isValidReferenceCode(code) ? formatReferenceCode(code) : code,
    };
  }
  const noticeId = lockoutIdOf(formType, credentials);
  return noticeId === undefined ? undefined : { kind: 'noticeId', value: noticeId };
}

function normalizeName(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

function postalDigits(value: string): string {
  return value.replace(/[\s-]/g, '').slice(0, 5).toUpperCase();
}

/** Prepopulated data as the session keeps it: the case's field keys, camelCase. */
export function prepopulatedForSession(
  prepopulated: Record<string, ScalarValue>,
): Record<string, ScalarValue> {
  return Object.fromEntries(
    Object.entries(prepopulated).map(([key, value]) => [toCamelCase(key), value]),
  );
}

/**
 * The lookups of the credentials, one per form kind: each built and compiled by Kysely once and
 * run again with each request's key (db/prepared-statements.ts).
 */
const memberLookups = new PreparedStatements<{ pin_hash: string; data: string }>();
const vehicleLookups = new PreparedStatements<{ data: string }>();
const claimLookups = new PreparedStatements<{
  id: string;
  models: string;
  prepopulated_data: string;
}>();

/**
 * Checks credentials against what the administrator loaded (docs/behaviour.md#authorization). Every
 * lookup is by an exact key; the PIN is compared in constant time.
 */
export async function authorizeCredentials(
  db: Kysely<Database>,
  pepper: string,
  formType: FormType,
  credentials: Readonly<Record<string, ScalarValue>>,
): Promise<AuthorizationOutcome> {
  switch (formType) {
    case 'Standard': {
      const noticeId = normalizeNoticeId(text(credentials[CREDENTIAL_FIELDS.noticeId]));
      const pin = text(credentials[CREDENTIAL_FIELDS.pin]);
      const { rows } = await memberLookups.execute(db, 'member', [noticeId], (arg) =>
        db
          .selectFrom('class_members')
          .select(['pin_hash', 'data'])
          .where('notice_id', '=', arg(0) as string)
          .compile(),
      );
      const member = rows[0];
      // An unknown Notice ID still costs a hash, so timing does not tell it from a wrong PIN.
      const matched = pinMatches(pepper, noticeId, pin, member?.pin_hash ?? '0'.repeat(64));
      if (member === undefined || !matched) {
        return { kind: 'refused', message: 'invalidCredentials', status: 401, lockoutId: noticeId };
      }
      const data = JSON.parse(member.data) as Record<string, string>;
      return {
        kind: 'authorized',
        identity: { kind: 'classMember', noticeId },
        prepopulatedData: pascalCaseKeys({ noticeId, ...data }),
      };
    }
    case 'Automotive':
    case 'Lookup': {
      const vin = normalizeVin(text(credentials[CREDENTIAL_FIELDS.vin]));
      if (!isValidVin(vin)) return { kind: 'refused', message: 'invalidVin', status: 400 };
      const { rows } = await vehicleLookups.execute(db, 'vehicle', [vin], (arg) =>
        db
          .selectFrom('vehicles')
          .select('data')
          .where('vin', '=', arg(0) as string)
          .compile(),
      );
      const vehicle = rows[0];
      if (vehicle === undefined) {
        return formType === 'Lookup'
          ? { kind: 'notEligible' }
          : { kind: 'refused', message: 'vehicleNotEligible', status: 401 };
      }
      const data = JSON.parse(vehicle.data) as Record<string, string>;
      return {
        kind: 'authorized',
        identity: { kind: 'vehicle', vin },
        prepopulatedData: pascalCaseKeys({ vin, ...data }),
        vehicle: data,
      };
    }
    case 'DocumentsUpload': {
      const code = text(credentials[CREDENTIAL_FIELDS.referenceCode]);
      const lastName = text(credentials[CREDENTIAL_FIELDS.lastName]);
      const postalCode = text(credentials[CREDENTIAL_FIELDS.postalCode]);
      if (!isValidReferenceCode(code)) {
        return { kind: 'refused', message: 'claimNotFound', status: 401 };
      }
      const referenceCode = formatReferenceCode(code);
      const { rows } = await claimLookups.execute(db, 'claim', [referenceCode], (arg) =>
        db
          .selectFrom('claims')
          .select(['id', 'models', 'prepopulated_data'])
          .where('reference_code', '=', arg(0) as string)
          .where('parent_claim_id', 'is', null)
          .compile(),
      );
      const claim = rows[0];
      const refused = {
        kind: 'refused',
        message: 'claimNotFound',
        status: 401,
        lockoutId: referenceCode,
      } as const;
      if (claim === undefined) return refused;
      if (!secondFactorMatches(claim.models, claim.prepopulated_data, { lastName, postalCode })) {
        return refused;
      }
      return {
        kind: 'authorized',
        identity: { kind: 'claim', claimId: claim.id, referenceCode },
        prepopulatedData: pascalCaseKeys({ referenceCode }),
      };
    }
  }
}

/**
 * The claimant's last name (case-insensitive) and ZIP code (first five characters): at least
 * one must be given, and each one given must match the claim.
 */
function secondFactorMatches(
  modelsJson: string,
  prepopulatedJson: string,
  input: { lastName: string; postalCode: string },
): boolean {
  const models = JSON.parse(modelsJson) as { claimantInfo?: { fields?: Record<string, unknown> } };
  const prepopulated = JSON.parse(prepopulatedJson) as Record<string, unknown>;
  const sources = [models.claimantInfo?.fields ?? {}, prepopulated];
  const read = (keys: readonly string[]) =>
    sources.flatMap((source) =>
      keys.flatMap((key) => {
        const value = source[key];
        return typeof value === 'string' && value.trim() !== '' ? [value] : [];
      }),
    );
  const name = normalizeName(input.lastName);
  const postal = postalDigits(input.postalCode);
  if (name === '' && postal === '') return false;
  const nameMatches =
    name === '' || read(CLAIMANT_LAST_NAME_FIELDS).some((value) => normalizeName(value) === name);
  const postalMatches =
    postal === '' ||
    read(CLAIMANT_POSTAL_CODE_FIELDS).some((value) => postalDigits(value) === postal);
  return nameMatches && postalMatches;
}
