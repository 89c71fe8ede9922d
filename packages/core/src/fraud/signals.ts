import { z } from 'zod';
import { describeIssue, formatPath, strictObject } from '../case/schema-issues';
import { statesOfZip, zipBelongsToState } from './zip-state';

/**
 * What the server gathers about a claim at authorize and submit, and the one table of reason
 * codes that turns it into deductions. The server does the counting and the keyed hashing
 * (e-mail, phone and payout account are compared by HMAC fingerprint, never in clear); this
 * module only reads the values it is given.
 */

const count = z.number().int().min(0);
const text = z.string().min(1);

/** Claims from one source within the case's window for it, this claim included. */
const velocitySchema = strictObject({
  claims: z.number().int().min(1),
  /** The source as the evidence shows it: the address, the block (203.0.113.0/24) or a device label. */
  source: text,
});

/** Other claims that share a value with this one. */
const matchesSchema = strictObject({
  /** How many other claims share it. */
  count,
  /** Reference codes of some or all of them, for the evidence. */
  references: z.array(text).readonly(),
});

/** Other claims that share a value the evidence may show (a member id, a VIN, a comparison key). */
const keyedMatchesSchema = strictObject({ key: text, ...matchesSchema.shape });

function referencesWithinCount(
  value: { count: number; references: readonly string[] },
  ctx: z.RefinementCtx,
): void {
  // A negative count is reported on its own.
  if (value.count >= 0 && value.references.length > value.count) {
    ctx.addIssue({
      code: 'custom',
      path: ['references'],
      message: `lists ${value.references.length} claims, more than the count of ${value.count}`,
    });
  }
}

const matches = matchesSchema.superRefine(referencesWithinCount);
const keyedMatches = keyedMatchesSchema.superRefine(referencesWithinCount);

export const claimSignalsSchema = strictObject({
  /** Claims from this exact IP address. */
  ipAddressVelocity: velocitySchema.optional(),
  /** Claims from this address's /24 (IPv4) or /48 (IPv6) block. */
  ipNetworkVelocity: velocitySchema.optional(),
  /** Claims from the browser carrying this device cookie. */
  deviceVelocity: velocitySchema.optional(),
  /** Other claims naming the same class member; `key` is the member's id. */
  memberMatches: keyedMatches.optional(),
  /** Other claims naming the same vehicle; `key` is its VIN. */
  vinMatches: keyedMatches.optional(),
  /** Other claims with the same name key (normalise.ts `nameKey`). */
  nameMatches: keyedMatches.optional(),
  /** Other claims with the same address key (normalise.ts `addressKey`). */
  addressMatches: keyedMatches.optional(),
  /** Other claims with the same e-mail fingerprint. */
  emailMatches: matches.optional(),
  /** Other claims with the same phone fingerprint. */
  phoneMatches: matches.optional(),
  /** Other claims with the same payout-account fingerprint. */
  payoutAccountMatches: matches.optional(),
  /** The e-mail address's domain, when it is on the list of disposable-address services. */
  disposableEmailDomain: text.optional(),
  /** Seconds from the first form page to submit. */
  fillSeconds: z.number().min(0).optional(),
  /** Whether the field hidden from people was filled in. */
  honeypotFilled: z.boolean().optional(),
  /** The mailing address's ZIP Code and state as the claimant gave them. */
  mailingAddress: strictObject({ zip: z.string(), state: z.string() }).optional(),
});
export type ClaimSignals = z.input<typeof claimSignalsSchema>;
/** Signals as parseClaimSignals returns them, and as the reason codes read them. */
export type CheckedClaimSignals = z.output<typeof claimSignalsSchema>;
type Signals = CheckedClaimSignals;

/** The signals, checked; a value the server could not have meant fails with its path. */
export function parseClaimSignals(signals: ClaimSignals): Signals {
  const result = claimSignalsSchema.safeParse(signals, { reportInput: true });
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${formatPath('signals', issue.path)}: ${describeIssue(issue)}`,
  );
  throw new Error(`invalid fraud signals: ${problems.join('; ')}`);
}

// ---------------------------------------------------------------------------------------------
// Evidence

/** At most this many reference codes are written out in one piece of evidence. */
export const EVIDENCE_REFERENCES = 5;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 10 minutes, 1 hour, 24 hours. */
export function formatWindow(minutes: number): string {
  return minutes % 60 === 0 ? plural(minutes / 60, 'hour') : plural(minutes, 'minute');
}

function otherClaims(value: { count: number; references: readonly string[] }): string {
  const shown = value.references.slice(0, EVIDENCE_REFERENCES);
  const more = value.count - shown.length;
  const list =
    shown.length === 0 ? '' : `: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return `${plural(value.count, 'other claim')}${list}`;
}

// ---------------------------------------------------------------------------------------------
// Reason codes

/** A velocity window of the case: claims from one source counted over these minutes. */
export interface VelocityWindow {
  windowMinutes: number;
  /** Claims from one source within the window that deduct nothing, this one included. */
  allowedClaims: number;
}

/**
 * The case's settings that decide whether a signal is found: part of config.ts
 * `FraudSettings`, declared here because that schema is built from this table's codes.
 */
export interface SignalSettings {
  velocity: { ipAddress: VelocityWindow; ipNetwork: VelocityWindow; device: VelocityWindow };
  minimumFillSeconds: number;
  oneClaimPerMember: boolean;
}

/** A signal seen on a claim: how strongly (see `fullAt`) and what was seen. */
export interface Finding {
  /** Claims over the allowance, or other claims sharing a value; 1 for a yes-or-no signal. */
  count: number;
  evidence: string;
}

export interface ReasonCodeDefinition {
  /** Points deducted at full weight, unless the case gives the code a weight of its own. */
  points: number;
  /**
   * For a graded code, the count at which the full points apply; a smaller count deducts its
   * share (rounded up). A code without it deducts its full points whenever it is found.
   */
  fullAt?: number;
  /** What the code means, in plain words, for administrators and courts. */
  description: { en: string; es: string };
  /** What the evidence shows, as the reason-code document states it. */
  evidenceShows: string;
  find(signals: Signals, settings: SignalSettings): Finding | undefined;
}

function velocity(
  signal: { claims: number; source: string } | undefined,
  window: VelocityWindow,
  from: (source: string) => string,
): Finding | undefined {
  if (signal === undefined || signal.claims <= window.allowedClaims) return undefined;
  return {
    count: signal.claims - window.allowedClaims,
    evidence: `${plural(signal.claims, 'claim')} from ${from(signal.source)} in ${formatWindow(window.windowMinutes)}; ${window.allowedClaims} allowed`,
  };
}

function shared(
  signal: { count: number; references: readonly string[] } | undefined,
  what: string,
): Finding | undefined {
  if (signal === undefined || signal.count === 0) return undefined;
  return { count: signal.count, evidence: `${what} is on ${otherClaims(signal)}` };
}

function sharedKey(
  signal: { key: string; count: number; references: readonly string[] } | undefined,
  label: string,
): Finding | undefined {
  return signal === undefined ? undefined : shared(signal, `${label} ${signal.key}`);
}

function flag(seen: boolean, evidence: string): Finding | undefined {
  return seen ? { count: 1, evidence } : undefined;
}

const OTHER_CLAIMS = 'the other claims (count and reference codes)';

/**
 * Every reason code, in the order deductions of equal points are listed. A code is stable:
 * stored deductions and court filings cite it, so a code is never renamed or reused.
 */
export const REASON_CODE_TABLE = {
  IP_ADDRESS_VELOCITY: {
    points: 150,
    fullAt: 5,
    description: {
      en: 'Many claims were filed from the same internet (IP) address within a short time. A household or a shared connection explains a few; many more suggest automated or organised filing.',
      es: 'Se presentaron muchas reclamaciones desde la misma dirección de internet (IP) en poco tiempo. Un hogar o una conexión compartida explican unas pocas; muchas más sugieren una presentación automatizada u organizada.',
    },
    evidenceShows: 'the number of claims, the IP address, the time window and the number allowed',
    find: (signals, settings) =>
      velocity(signals.ipAddressVelocity, settings.velocity.ipAddress, (source) => source),
  },
  IP_NETWORK_VELOCITY: {
    points: 100,
    fullAt: 10,
    description: {
      en: 'Many claims were filed from the same block of internet addresses (the same /24 for IPv4 or /48 for IPv6, usually one customer or site of an internet provider) within a short time.',
      es: 'Se presentaron muchas reclamaciones desde el mismo bloque de direcciones de internet (el mismo /24 en IPv4 o /48 en IPv6, normalmente un mismo cliente o sitio de un proveedor de internet) en poco tiempo.',
    },
    evidenceShows:
      'the number of claims, the network block, the time window and the number allowed',
    find: (signals, settings) =>
      velocity(signals.ipNetworkVelocity, settings.velocity.ipNetwork, (source) => source),
  },
  DEVICE_VELOCITY: {
    points: 200,
    fullAt: 3,
    description: {
      en: 'Many claims were filed from the same browser, recognised by the cookie the site sets in it, within a short time.',
      es: 'Se presentaron muchas reclamaciones desde el mismo navegador, reconocido por la cookie que el sitio guarda en él, en poco tiempo.',
    },
    evidenceShows:
      'the number of claims, a short label of the device cookie, the time window and the number allowed',
    find: (signals, settings) =>
      velocity(signals.deviceVelocity, settings.velocity.device, (source) => `device ${source}`),
  },
  MEMBER_ALREADY_CLAIMED: {
    points: 300,
    description: {
      en: 'The class member named on this claim is already named on another claim, and the case allows one claim per member.',
      es: 'El miembro del grupo indicado en esta reclamación ya figura en otra reclamación, y el caso admite una sola reclamación por miembro.',
    },
    evidenceShows: `the member's identifier and ${OTHER_CLAIMS}`,
    find: (signals, settings) =>
      settings.oneClaimPerMember ? sharedKey(signals.memberMatches, 'member') : undefined,
  },
  VIN_ALREADY_CLAIMED: {
    points: 400,
    description: {
      en: 'The vehicle identification number (VIN) on this claim is already on another claim.',
      es: 'El número de identificación del vehículo (VIN) de esta reclamación ya figura en otra reclamación.',
    },
    evidenceShows: `the VIN and ${OTHER_CLAIMS}`,
    find: (signals) => sharedKey(signals.vinMatches, 'VIN'),
  },
  NAME_NEAR_DUPLICATE: {
    points: 100,
    fullAt: 3,
    description: {
      en: "The claimant's name sounds the same as the name on other claims once capitals, accents, punctuation, titles, initials and the order of the words are set aside (a phonetic comparison).",
      es: 'El nombre del reclamante suena igual que el de otras reclamaciones sin tener en cuenta mayúsculas, acentos, puntuación, tratamientos, iniciales ni el orden de las palabras (una comparación fonética).',
    },
    evidenceShows: `the phonetic name key and ${OTHER_CLAIMS}`,
    find: (signals) => sharedKey(signals.nameMatches, 'name key'),
  },
  ADDRESS_NEAR_DUPLICATE: {
    points: 100,
    fullAt: 5,
    description: {
      en: 'The mailing address is the same as on other claims once capitals, punctuation and the usual abbreviations (Street or St; Apartment, Apt or #) are set aside.',
      es: 'La dirección postal es la misma que la de otras reclamaciones sin tener en cuenta mayúsculas, puntuación ni las abreviaturas habituales (Street o St; Apartment, Apt o #).',
    },
    evidenceShows: `the normalised address and ZIP Code and ${OTHER_CLAIMS}`,
    find: (signals) => sharedKey(signals.addressMatches, 'address'),
  },
  SHARED_EMAIL: {
    points: 150,
    fullAt: 3,
    description: {
      en: 'The e-mail address is also on other claims. The site compares a fingerprint of the address computed with a secret key, never the address itself.',
      es: 'La dirección de correo electrónico figura también en otras reclamaciones. El sitio compara una huella de la dirección calculada con una clave secreta, nunca la dirección misma.',
    },
    evidenceShows: `${OTHER_CLAIMS}; never the e-mail address`,
    find: (signals) => shared(signals.emailMatches, 'the e-mail address'),
  },
  SHARED_PHONE: {
    points: 100,
    fullAt: 3,
    description: {
      en: 'The phone number is also on other claims. The site compares a fingerprint of the number computed with a secret key, never the number itself.',
      es: 'El número de teléfono figura también en otras reclamaciones. El sitio compara una huella del número calculada con una clave secreta, nunca el número mismo.',
    },
    evidenceShows: `${OTHER_CLAIMS}; never the phone number`,
    find: (signals) => shared(signals.phoneMatches, 'the phone number'),
  },
  SHARED_PAYOUT_ACCOUNT: {
    points: 300,
    fullAt: 2,
    description: {
      en: 'The account the payment would go to (a bank account, PayPal or similar) is also on other claims. The site compares a fingerprint of the account computed with a secret key, never the account itself.',
      es: 'La cuenta a la que se enviaría el pago (una cuenta bancaria, PayPal u otra) figura también en otras reclamaciones. El sitio compara una huella de la cuenta calculada con una clave secreta, nunca la cuenta misma.',
    },
    evidenceShows: `${OTHER_CLAIMS}; never the account`,
    find: (signals) => shared(signals.payoutAccountMatches, 'the payout account'),
  },
  DISPOSABLE_EMAIL: {
    points: 100,
    description: {
      en: 'The e-mail address belongs to a disposable-address service, whose addresses last minutes or hours.',
      es: 'La dirección de correo electrónico pertenece a un servicio de direcciones desechables, que duran minutos u horas.',
    },
    evidenceShows: 'the domain of the e-mail address',
    find: (signals) =>
      signals.disposableEmailDomain === undefined
        ? undefined
        : {
            count: 1,
            evidence: `e-mail domain ${signals.disposableEmailDomain} is a disposable-address service`,
          },
  },
  FAST_FILL: {
    points: 150,
    description: {
      en: 'The claim went from its first form page to submission faster than a person can read and fill in the form.',
      es: 'La reclamación pasó de la primera página del formulario a su envío más rápido de lo que una persona puede leer y llenar el formulario.',
    },
    evidenceShows: 'the seconds taken and the minimum the case expects of a person',
    find: ({ fillSeconds }, settings) =>
      fillSeconds === undefined || fillSeconds >= settings.minimumFillSeconds
        ? undefined
        : {
            count: 1,
            evidence: `${plural(Math.floor(fillSeconds), 'second')} from the first form page to submit; a person takes at least ${settings.minimumFillSeconds}`,
          },
  },
  HONEYPOT_FILLED: {
    points: 500,
    description: {
      en: 'A form field that people do not see, and so leave empty, was filled in: the mark of an automated program.',
      es: 'Se llenó un campo del formulario que las personas no ven, y por eso dejan vacío: la marca de un programa automatizado.',
    },
    evidenceShows: 'that the hidden field was filled in',
    find: (signals) =>
      flag(
        signals.honeypotFilled === true,
        'the hidden form field, which people do not see, was filled in',
      ),
  },
  ZIP_STATE_MISMATCH: {
    points: 75,
    description: {
      en: 'The ZIP Code of the mailing address does not belong to the state given with it. A ZIP Code or state the site does not know is not counted.',
      es: 'El código postal (ZIP) de la dirección postal no corresponde al estado indicado con él. Un código o un estado que el sitio no conoce no se cuenta.',
    },
    evidenceShows: 'the ZIP Code, the state given and the states the ZIP Code belongs to',
    find: ({ mailingAddress }) => {
      if (mailingAddress === undefined) return undefined;
      const { zip, state } = mailingAddress;
      if (zipBelongsToState(zip, state) !== false) return undefined;
      return {
        count: 1,
        evidence: `ZIP ${zip.trim()} is in ${statesOfZip(zip).join(' or ')}, not ${state.trim().toUpperCase()}`,
      };
    },
  },
} satisfies Record<string, ReasonCodeDefinition>;

export type ReasonCode = keyof typeof REASON_CODE_TABLE;

export const REASON_CODES = Object.keys(REASON_CODE_TABLE) as [ReasonCode, ...ReasonCode[]];

export function isReasonCode(code: string): code is ReasonCode {
  return Object.hasOwn(REASON_CODE_TABLE, code);
}

/** The definition of a reason code; an unknown code fails, listing the known ones. */
export function reasonCodeDefinition(code: string): ReasonCodeDefinition {
  if (!isReasonCode(code)) {
    throw new Error(
      `unknown fraud reason code "${code}"; expected one of ${REASON_CODES.join(', ')}`,
    );
  }
  return REASON_CODE_TABLE[code];
}
