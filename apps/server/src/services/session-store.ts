import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ScalarValue } from '@claims/core/contract/api';
import type { FormType } from '@claims/core/form-types';
import type { ClaimsCase } from '../case/claims-case';
import type { EphemeralWriter } from '../db/database';
import { PreparedStatements, type ArgumentOf } from '../db/prepared-statements';
import type { Database } from '../db/schema';
import type { PayPalSessionData } from '../paypal/paypal-session';

/** Who a form was authorized as (docs/behaviour.md#authorization). */
export type AuthorizedIdentity =
  | { kind: 'classMember'; noticeId: string }
  | { kind: 'vehicle'; vin: string }
  | { kind: 'claim'; claimId: string; referenceCode: string };

export interface FormAuthorization {
  identity: AuthorizedIdentity;
  /** The data the form is prefilled with, keyed as the case's field keys (camelCase). */
  prepopulatedData: Record<string, ScalarValue>;
  authorizedAt: string;
  /**
   * SHA-256 of the one-time captcha value the authorize answer issued (docs/behaviour.md#captcha);
   * null once spent.
   */
  captchaPassHash: string | null;
}

export interface SessionData {
  readonly authorizations: Readonly<Partial<Record<FormType, Readonly<FormAuthorization>>>>;
  /** Set by GET /api/culture/set-language. */
  readonly culture: string | null;
  readonly payPal: Readonly<PayPalSessionData>;
  /** The reference code of the last claim filed with each form (docs/behaviour.md#drafts). */
  readonly filed: Readonly<Partial<Record<FormType, string>>>;
}

/**
 * The keys a session is stored under, one row each: a request writes only the keys it
 * changed, so two requests of one session changing different things (an authorize of one
 * form and a submit of another, a language switch, the PayPal login) never undo each other.
 */
const CULTURE_KEY = 'culture';
const LOGIN_STATE_KEY = 'payPal.loginState';
const VERIFICATION_KEY = 'payPal.verification';
const AUTHORIZATION_PREFIX = 'authorization.';
const FILED_PREFIX = 'filed.';

/** A change to one key, waiting to be saved. */
interface SessionWrite {
  key: string;
  value: string;
  /** Written only if the stored value is still this one (compare and set). */
  ifStillStored?: string;
}

function parseData(rows: ReadonlyMap<string, string>): SessionData {
  const read = <T>(key: string, fallback: T): T => {
    const text = rows.get(key);
    return text === undefined ? fallback : (JSON.parse(text) as T);
  };
  const authorizations: Partial<Record<FormType, FormAuthorization>> = {};
  const filed: Partial<Record<FormType, string>> = {};
  for (const [key, text] of rows) {
    if (key.startsWith(FILED_PREFIX)) {
      filed[key.slice(FILED_PREFIX.length) as FormType] = JSON.parse(text) as string;
    }
    if (key.startsWith(AUTHORIZATION_PREFIX)) {
      const formType = key.slice(AUTHORIZATION_PREFIX.length) as FormType;
      authorizations[formType] = JSON.parse(text) as FormAuthorization;
    }
  }
  return {
    authorizations,
    culture: read<string | null>(CULTURE_KEY, null),
    payPal: {
      loginState: read<PayPalSessionData['loginState']>(LOGIN_STATE_KEY, null),
      verification: read<PayPalSessionData['verification']>(VERIFICATION_KEY, null),
    },
    filed,
  };
}

/** Where a Session stands with the database, and the cookie that names it. */
export interface SessionState {
  /** The row's key: stable for the session's life, so the CSRF token survives a new cookie. */
  rowId: string;
  /** The hash the request's cookie was looked up by: a new token is set only in its place. */
  tokenHash: string;
  createdAt: Date;
  /** False for a session that has no row yet (nothing it held was ever written). */
  stored: boolean;
}

/**
 * A claimant's session as one request sees it. Changes go through the methods below, which
 * note the keys they touch; SessionStore.save writes those keys and no others.
 */
export class Session {
  private current: SessionData;
  private readonly writes = new Map<string, SessionWrite>();
  private cookie: string;
  private state: SessionState;
  private cookieIsNew = false;

  constructor(
    /** The cookie value; only its hash is stored. */
    id: string,
    /** The stored text of each key, as loaded. */
    private readonly stored: ReadonlyMap<string, string> = new Map(),
    state?: SessionState,
  ) {
    this.cookie = id;
    this.state = state ?? {
      rowId: hashText(id),
      tokenHash: hashText(id),
      createdAt: new Date(0),
      stored: true,
    };
    this.current = parseData(stored);
  }

  /** The cookie value the claimant holds (changed by a renewal). */
  get id(): string {
    return this.cookie;
  }

  get rowId(): string {
    return this.state.rowId;
  }

  get tokenHash(): string {
    return this.state.tokenHash;
  }

  get createdAt(): Date {
    return this.state.createdAt;
  }

  get isStored(): boolean {
    return this.state.stored;
  }

  /** True when the claimant's cookie must be set again: a new session, a renewal, a slide. */
  get cookieChanged(): boolean {
    return this.cookieIsNew;
  }

  get data(): SessionData {
    return this.current;
  }

  setCulture(culture: string | null): void {
    this.current = { ...this.current, culture };
    this.write(CULTURE_KEY, culture);
  }

  setAuthorization(formType: FormType, authorization: FormAuthorization): void {
    this.current = {
      ...this.current,
      authorizations: { ...this.current.authorizations, [formType]: authorization },
    };
    this.write(AUTHORIZATION_PREFIX + formType, authorization);
  }

  /**
   * Forgets the form's one-time captcha pass. Saved only if the form's authorization is still
   * the one this request loaded: a new authorization meanwhile came with a pass of its own.
   */
  clearCaptchaPass(formType: FormType): void {
    const authorization = this.current.authorizations[formType];
    if (authorization === undefined) return;
    const key = AUTHORIZATION_PREFIX + formType;
    const loaded = this.stored.get(key);
    this.setAuthorization(formType, { ...authorization, captchaPassHash: null });
    const write = this.writes.get(key);
    if (write !== undefined && loaded !== undefined) write.ifStillStored = loaded;
  }

  setFiled(formType: FormType, referenceCode: string): void {
    this.current = { ...this.current, filed: { ...this.current.filed, [formType]: referenceCode } };
    this.write(FILED_PREFIX + formType, referenceCode);
  }

  setPayPal(change: Partial<PayPalSessionData>): void {
    this.current = { ...this.current, payPal: { ...this.current.payPal, ...change } };
    if (change.loginState !== undefined) this.write(LOGIN_STATE_KEY, change.loginState);
    if (change.verification !== undefined) this.write(VERIFICATION_KEY, change.verification);
  }

  /** The changes to save; kept after a save, since saving them again changes nothing. */
  changes(): SessionWrite[] {
    return [...this.writes.values()];
  }

  /** @internal SessionStore's record of what it did to the session. */
  moved(change: { cookie?: string; tokenHash?: string; stored?: boolean }): void {
    if (change.cookie !== undefined) {
      this.cookie = change.cookie;
      this.cookieIsNew = true;
    }
    if (change.tokenHash !== undefined) this.state = { ...this.state, tokenHash: change.tokenHash };
    if (change.stored !== undefined) this.state = { ...this.state, stored: change.stored };
  }

  private write(key: string, value: unknown): void {
    this.writes.set(key, { key, value: JSON.stringify(value) });
  }
}

export interface SessionStoreOptions {
  idleMinutes: number;
  /** Hours after its creation that a session ends, however active (8 when not given). */
  absoluteHours?: number;
  now: () => Date;
  /** Signs the cookies of sessions not yet stored; a key of the process's own when not given. */
  secret?: string;
}

/** Thrown by rotate when another request gave the session a new cookie first. */
export class SessionTokenChangedError extends Error {
  override name = 'SessionTokenChangedError';
}

export const DEFAULT_SESSION_ABSOLUTE_HOURS = 8;

function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The cookie of a session with no row yet: 32 bytes, base64url like any other session cookie.
 * A 128-bit random nonce (the session's key once stored), when it was created and last seen
 * (seconds), and 64 bits of HMAC over them, so the server needs no row to know it minted the
 * cookie and when it lapses; forging one would take 2^64 requests and gain nothing a fresh
 * GET /api/csrf does not give.
 */
const NONCE_BYTES = 16;
const SIGNED_BYTES = NONCE_BYTES + 8;
const MAC_BYTES = 8;

interface UnstoredCookie {
  nonce: Buffer;
  createdSeconds: number;
  seenSeconds: number;
}

/**
 * The statements an authorization writes its session with (its row, its values, its new
 * cookie; a save writes the first two as well), each built and compiled by Kysely once and run
 * again with each session's values (db/prepared-statements.ts).
 */
const rowInserts = new PreparedStatements();
const valueWrites = new PreparedStatements();
const tokenRenewals = new PreparedStatements();

/** A session's row and each of its values, as a load reads them (no value: a row of nulls). */
interface LoadedRow {
  id: string;
  token_hash: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
  key: string | null;
  value: string | null;
}

/**
 * The statements of a load, run by every request carrying a session cookie: its read, and the
 * push of its expiry, each built and compiled by Kysely once and run again with each cookie's
 * values (db/prepared-statements.ts).
 */
const sessionReads = new PreparedStatements<LoadedRow>();
const expiryPushes = new PreparedStatements();

/** Pushes a live session's expiry forward; an ended or expired one stays as it is. */
async function pushExpiry(
  executor: Kysely<Database>,
  id: string,
  nowIso: string,
  expiresAt: string,
): Promise<void> {
  await expiryPushes.execute(executor, 'touch', [nowIso, expiresAt, id], (arg) =>
    executor
      .updateTable('sessions')
      .set({ updated_at: arg(0) as string, expires_at: arg(1) as string })
      .where('id', '=', arg(2) as string)
      .where('expires_at', '>', arg(0) as string)
      .compile(),
  );
}

/**
 * The columns a statement writes, each with the placeholder of its argument: the first
 * arguments are the values of `row`, in the order of its columns.
 */
function placeholders<T extends Record<string, string>>(row: T, arg: ArgumentOf): T {
  return Object.fromEntries(Object.keys(row).map((column, index) => [column, arg(index)])) as T;
}

/**
 * Sessions live in the database, so every server instance sharing it sees the same ones
 * (docs/architecture.md#sessions). A row is written only when a request first stores
 * something in the session: until then the session is its signed cookie alone, so reading a
 * CSRF token or a page costs no storage. Expiry slides: each request pushes it idleMinutes
 * further, and a session ends absoluteHours after it began however active it is. The cookie
 * changes at each authorization (rotate) while the row keeps its key, so what the session holds
 * is carried over and the old cookie opens nothing. Writes go through the ephemeral writer: a
 * power loss may forget the last moments of session changes, which costs a claimant a new
 * authorize at worst; a claim's own change to its session is written in the claim's
 * transaction instead.
 */
export class SessionStore {
  /** Touch the expiry at most this often, so reads do not each cost a write. */
  private static readonly TOUCH_INTERVAL_MS = 30_000;
  /** How far ahead of this instance's clock another instance's may run. */
  private static readonly CLOCK_SKEW_MS = 60_000;
  private readonly cookieKey: Buffer;
  private readonly idleMs: number;
  private readonly absoluteMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly writeEphemeral: EphemeralWriter,
    private readonly options: SessionStoreOptions,
  ) {
    this.cookieKey = createHmac('sha256', options.secret ?? randomBytes(32))
      .update('session-cookie')
      .digest();
    this.idleMs = options.idleMinutes * 60_000;
    this.absoluteMs = (options.absoluteHours ?? DEFAULT_SESSION_ABSOLUTE_HOURS) * 3_600_000;
  }

  /** When a session created at `created` and active at `now` expires. */
  private expiry(created: Date, now: Date): string {
    const ends = Math.min(now.getTime() + this.idleMs, created.getTime() + this.absoluteMs);
    return new Date(ends).toISOString();
  }

  private mac(signed: Buffer): Buffer {
    return createHmac('sha256', this.cookieKey).update(signed).digest().subarray(0, MAC_BYTES);
  }

  private encodeUnstored(cookie: UnstoredCookie): string {
    const signed = Buffer.alloc(SIGNED_BYTES);
    cookie.nonce.copy(signed, 0);
    signed.writeUInt32BE(cookie.createdSeconds, NONCE_BYTES);
    signed.writeUInt32BE(cookie.seenSeconds, NONCE_BYTES + 4);
    return Buffer.concat([signed, this.mac(signed)]).toString('base64url');
  }

  private decodeUnstored(value: string): UnstoredCookie | null {
    if (!/^[A-Za-z0-9_-]{43}$/.test(value)) return null;
    const bytes = Buffer.from(value, 'base64url');
    if (bytes.length !== SIGNED_BYTES + MAC_BYTES) return null;
    const signed = bytes.subarray(0, SIGNED_BYTES);
    if (!timingSafeEqual(bytes.subarray(SIGNED_BYTES), this.mac(signed))) return null;
    return {
      nonce: Buffer.from(bytes.subarray(0, NONCE_BYTES)),
      createdSeconds: signed.readUInt32BE(NONCE_BYTES),
      seenSeconds: signed.readUInt32BE(NONCE_BYTES + 4),
    };
  }

  private static unstoredHash(nonce: Buffer): string {
    return hashText(`unstored:${nonce.toString('base64url')}`);
  }

  /** Whether an unstored session's cookie is still within its idle and absolute lifetimes. */
  private unstoredAlive(cookie: UnstoredCookie, now: Date): boolean {
    const created = cookie.createdSeconds * 1000;
    const seen = cookie.seenSeconds * 1000;
    const time = now.getTime();
    return (
      created <= time + SessionStore.CLOCK_SKEW_MS &&
      seen >= created &&
      time < seen + this.idleMs &&
      time < created + this.absoluteMs
    );
  }

  /**
   * A new session with no row: its cookie is all there is until a request stores something in
   * it (save). Costs no database work.
   */
  mint(): Session {
    const now = this.options.now();
    const seconds = Math.floor(now.getTime() / 1000);
    const nonce = randomBytes(NONCE_BYTES);
    const cookie = this.encodeUnstored({ nonce, createdSeconds: seconds, seenSeconds: seconds });
    const hash = SessionStore.unstoredHash(nonce);
    const session = new Session(cookie, new Map(), {
      rowId: hash,
      tokenHash: hash,
      createdAt: new Date(seconds * 1000),
      stored: false,
    });
    session.moved({ cookie });
    return session;
  }

  /**
   * The live session this cookie names, its expiry pushed forward; null when unknown, expired,
   * ended, or when the cookie is one a renewal replaced.
   */
  async load(id: string): Promise<Session | null> {
    const now = this.options.now();
    const nowIso = now.toISOString();
    const unstored = this.decodeUnstored(id);
    const lookup = unstored === null ? hashText(id) : SessionStore.unstoredHash(unstored.nonce);
    const { rows } = await sessionReads.execute(this.db, 'load', [lookup], (arg) =>
      this.db
        .selectFrom('sessions')
        .leftJoin('session_values', 'session_values.session_id', 'sessions.id')
        .select([
          'sessions.id',
          'sessions.token_hash',
          'sessions.created_at',
          'sessions.updated_at',
          'sessions.expires_at',
          'session_values.key',
          'session_values.value',
        ])
        .where((eb) =>
          eb.or([
            eb('sessions.token_hash', '=', arg(0) as string),
            eb('sessions.id', '=', arg(0) as string),
          ]),
        )
        .compile(),
    );
    const own = rows.filter((row) => row.token_hash === lookup);
    const first = own[0];
    if (first === undefined) {
      // A row under this cookie's key that answers to another cookie was renewed (or ended):
      // the old cookie must not start over as a new session with the same CSRF token.
      if (rows.length > 0 || unstored === null || !this.unstoredAlive(unstored, now)) return null;
      const session = new Session(id, new Map(), {
        rowId: lookup,
        tokenHash: lookup,
        createdAt: new Date(unstored.createdSeconds * 1000),
        stored: false,
      });
      if (now.getTime() - unstored.seenSeconds * 1000 >= SessionStore.TOUCH_INTERVAL_MS) {
        const seenSeconds = Math.floor(now.getTime() / 1000);
        session.moved({ cookie: this.encodeUnstored({ ...unstored, seenSeconds }) });
      }
      return session;
    }
    const createdAt = new Date(first.created_at);
    if (first.expires_at <= nowIso || now.getTime() >= createdAt.getTime() + this.absoluteMs) {
      return null;
    }
    if (now.getTime() - Date.parse(first.updated_at) >= SessionStore.TOUCH_INTERVAL_MS) {
      const expires = this.expiry(createdAt, now);
      await this.writeEphemeral((trx) => pushExpiry(trx, first.id, nowIso, expires));
    }
    const stored = new Map<string, string>();
    for (const row of own) {
      if (row.key !== null && row.value !== null) stored.set(row.key, row.value);
    }
    return new Session(id, stored, {
      rowId: first.id,
      tokenHash: lookup,
      createdAt,
      stored: true,
    });
  }

  /** A new session with its row written at once (tests, and callers that store straight away). */
  async create(): Promise<Session> {
    const id = randomBytes(32).toString('base64url');
    const now = this.options.now();
    const hash = hashText(id);
    await this.writeEphemeral((trx) =>
      trx
        .insertInto('sessions')
        .values({
          id: hash,
          token_hash: hash,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          expires_at: this.expiry(now, now),
        })
        .execute(),
    );
    return new Session(id, new Map(), {
      rowId: hash,
      tokenHash: hash,
      createdAt: now,
      stored: true,
    });
  }

  /** Writes the session's row if it has none yet (a concurrent first write may have). */
  private async ensureRow(session: Session, executor: Kysely<Database>, now: Date): Promise<void> {
    if (!session.isStored) await this.createRow(session, session.tokenHash, executor, now);
  }

  /** Writes the row of a session that has none under `tokenHash`; false when it had one already. */
  private async createRow(
    session: Session,
    tokenHash: string,
    executor: Kysely<Database>,
    now: Date,
  ): Promise<boolean> {
    const row = {
      id: session.rowId,
      token_hash: tokenHash,
      created_at: session.createdAt.toISOString(),
      updated_at: now.toISOString(),
      expires_at: this.expiry(session.createdAt, now),
    };
    const inserted = await rowInserts.execute(executor, 'insert', Object.values(row), (arg) =>
      executor
        .insertInto('sessions')
        .values(placeholders(row, arg))
        .onConflict((conflict) => conflict.column('id').doNothing())
        .compile(),
    );
    return (inserted.numAffectedRows ?? 0n) > 0n;
  }

  /**
   * Writes the keys the session's changes touched, each on its own, and pushes its expiry
   * forward; the session's row is written first if it has none. Within `trx` when given (so it
   * commits with the caller's other writes, such as a claim's), else as an ephemeral write of
   * its own.
   */
  async save(session: Session, trx?: Kysely<Database>): Promise<void> {
    const changes = session.changes();
    if (!session.isStored && changes.length === 0) return;
    const now = this.options.now();
    const nowIso = now.toISOString();
    const sessionId = session.rowId;
    const write = async (executor: Kysely<Database>) => {
      await this.ensureRow(session, executor, now);
      await this.writeValues(session, executor);
      // An ended or expired session stays ended: only a live one is pushed forward.
      await pushExpiry(executor, sessionId, nowIso, this.expiry(session.createdAt, now));
    };
    await (trx === undefined ? this.writeEphemeral(write) : write(trx));
    session.moved({ stored: true });
  }

  /** Writes the keys the session's changes touched, each on its own. */
  private async writeValues(session: Session, executor: Kysely<Database>): Promise<void> {
    const sessionId = session.rowId;
    for (const change of session.changes()) {
      if (change.ifStillStored === undefined) {
        const row = { session_id: sessionId, key: change.key, value: change.value };
        await valueWrites.execute(executor, 'set', Object.values(row), (arg) =>
          executor
            .insertInto('session_values')
            .values(placeholders(row, arg))
            .onConflict((conflict) =>
              conflict
                .columns(['session_id', 'key'])
                .doUpdateSet({ value: (eb) => eb.ref('excluded.value') }),
            )
            .compile(),
        );
      } else {
        const args = [change.value, sessionId, change.key, change.ifStillStored];
        await valueWrites.execute(executor, 'compare and set', args, (arg) =>
          executor
            .updateTable('session_values')
            .set({ value: arg(0) as string })
            .where('session_id', '=', arg(1) as string)
            .where('key', '=', arg(2) as string)
            .where('value', '=', arg(3) as string)
            .compile(),
        );
      }
    }
  }

  /**
   * Gives the session a new cookie value, keeping what it holds and when it began; the old
   * value then opens nothing (fixation: whoever knew the cookie before an authorization does
   * not share what it authorized). Writes the row first if the session has none. Throws
   * SessionTokenChangedError when another request renewed the session since this one loaded
   * it. Within `trx` when given, else as an ephemeral write of its own; the caller sets the
   * cookie once the write has committed.
   */
  async rotate(session: Session, trx?: Kysely<Database>): Promise<void> {
    await this.renew(session, false, trx);
  }

  /**
   * save and rotate in one: the session's changes are written and it gets a new cookie, its
   * expiry pushed forward once (an authorization, which stores what it authorized and renews
   * the cookie in the same commit).
   */
  async saveAndRotate(session: Session, trx?: Kysely<Database>): Promise<void> {
    await this.renew(session, true, trx);
  }

  private async renew(
    session: Session,
    withChanges: boolean,
    trx: Kysely<Database> | undefined,
  ): Promise<void> {
    const now = this.options.now();
    const nowIso = now.toISOString();
    const cookie = randomBytes(32).toString('base64url');
    const tokenHash = hashText(cookie);
    const write = async (executor: Kysely<Database>) => {
      // A session with no row gets one under its new cookie at once; the row another request
      // of the same cookie wrote meanwhile is renewed as any stored session is.
      const created =
        !session.isStored && (await this.createRow(session, tokenHash, executor, now));
      if (withChanges) await this.writeValues(session, executor);
      if (created) return;
      const renewed = {
        token_hash: tokenHash,
        updated_at: nowIso,
        expires_at: this.expiry(session.createdAt, now),
      };
      const args = [...Object.values(renewed), session.rowId, session.tokenHash, nowIso];
      const result = await tokenRenewals.execute(executor, 'renew', args, (arg) =>
        executor
          .updateTable('sessions')
          .set(placeholders(renewed, arg))
          .where('id', '=', arg(3) as string)
          .where('token_hash', '=', arg(4) as string)
          .where('expires_at', '>', arg(5) as string)
          .compile(),
      );
      if (Number(result.numAffectedRows ?? 0n) !== 1) {
        throw new SessionTokenChangedError('the session was renewed or ended by another request');
      }
    };
    await (trx === undefined ? this.writeEphemeral(write) : write(trx));
    session.moved({ cookie, tokenHash, stored: true });
  }

  /**
   * Ends the session: what it held is removed, and its row stays, expired, until purged, so
   * neither its cookie nor an older one it replaced can start it again. A session with no row
   * held nothing; it ends with its cookie.
   */
  async destroy(session: Session): Promise<void> {
    if (!session.isStored) return;
    const nowIso = this.options.now().toISOString();
    const sessionId = session.rowId;
    await this.writeEphemeral(async (trx) => {
      await trx.deleteFrom('session_values').where('session_id', '=', sessionId).execute();
      await trx
        .updateTable('sessions')
        .set({ expires_at: nowIso })
        .where('id', '=', sessionId)
        .where('expires_at', '>', nowIso)
        .execute();
    });
  }

  /**
   * Removes sessions that expired over idleMinutes ago (by then every cookie that named them
   * has lapsed too), and the values of sessions gone (a write that lost a race with a log-out).
   */
  async purgeExpired(): Promise<void> {
    const before = new Date(this.options.now().getTime() - this.idleMs).toISOString();
    await this.writeEphemeral(async (trx) => {
      await trx.deleteFrom('sessions').where('expires_at', '<=', before).execute();
      await trx
        .deleteFrom('session_values')
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('sessions')
                .select('sessions.id')
                .whereRef('sessions.id', '=', 'session_values.session_id'),
            ),
          ),
        )
        .execute();
    });
  }
}

/** The culture the claimant reads: the session's preferred one, else the case default. */
export function sessionCulture(claimsCase: ClaimsCase, session: Session | null): string {
  return claimsCase.enabledCulture(session?.data.culture) ?? claimsCase.defaultCulture;
}
