import { SeededRandom } from '../seeded-random';

/**
 * The claimants of the fraud simulation (issue 19): organic claimants of the class list, at a
 * person's pace, some of them families sharing a home and a browser, some behind a carrier's
 * shared address; and attacks, each a script that files many claims. Pure: the same seed gives
 * the same population, so runs compare like with like.
 */

export const ATTACKS = [
  /** Scripted submissions from one address, in seconds. */
  'one-address',
  /** Rotating addresses, synthetic identities at near-duplicate mailing addresses. */
  'rotating-synthetic',
  /** One payout account across many claims, from rotating addresses at a person's pace. */
  'shared-payout',
  /** A person's identity and address, filled faster than anyone reads the form. */
  'fast-filler',
  /** The hidden field filled, as form-filling bots do. */
  'honeypot-filler',
] as const;
export type Attack = (typeof ATTACKS)[number];

export interface SimClaimant {
  kind: 'organic' | Attack;
  /** Index into the class list: each claimant files as a member of its own. */
  member: number;
  /** The client address the server sees. */
  ip: string;
  /** Claimants with the same browser share its cookies (a device); null for a browser of its own. */
  browser: string | null;
  /** Seconds from authorize to submit. */
  fillSeconds: number;
  /** Seconds after the previous claimant's submit that this one starts. */
  gapSeconds: number;
  /** What the claimant types in place of the class list's values. */
  claimantInfo: Record<string, string>;
  claimDetails: Record<string, string>;
  honeypot: boolean;
}

export interface PopulationOptions {
  seed: number;
  organic: number;
  /** Claims of each attack. */
  perAttack: number;
}

const DISPOSABLE_DOMAINS = ['mailinator.com', 'guerrillamail.com', 'yopmail.com'];
const STREET_SPELLINGS = ['Main Street', 'Main St', 'Main St.', 'MAIN STREET', 'main st'];

/** An address of its own /24 block, for organic claimants and rotating attacks alike. */
function addressOf(random: SeededRandom, prefix: number): string {
  return `${prefix}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

function organic(random: SeededRandom, count: number, firstMember: number): SimClaimant[] {
  const carrierAddresses = Array.from({ length: 4 }, () => addressOf(random, 100));
  const claimants: SimClaimant[] = [];
  while (claimants.length < count) {
    const familySize = random.next() < 0.1 ? random.int(2, 3) : 1;
    const carrier = random.next() < 0.08;
    const ip = carrier ? random.pick(carrierAddresses) : addressOf(random, 10);
    const browser = familySize > 1 ? `family-${claimants.length}` : null;
    for (let i = 0; i < familySize && claimants.length < count; i += 1) {
      claimants.push({
        kind: 'organic',
        member: firstMember + claimants.length,
        ip,
        browser,
        // Three to twenty minutes reading and typing.
        fillSeconds: random.int(180, 1200),
        gapSeconds: random.int(30, 600),
        claimantInfo: {},
        claimDetails: {},
        honeypot: false,
      });
    }
  }
  return claimants;
}

function attack(
  random: SeededRandom,
  kind: Attack,
  count: number,
  firstMember: number,
): SimClaimant[] {
  const scriptAddress = addressOf(random, 198);
  const payoutEmail = `payouts.${random.digits(6)}@example.net`;
  return Array.from({ length: count }, (_, index): SimClaimant => {
    const base = {
      kind,
      member: firstMember + index,
      ip: addressOf(random, 172),
      browser: null,
      fillSeconds: random.int(200, 900),
      gapSeconds: random.int(5, 120),
      claimantInfo: {},
      claimDetails: {},
      honeypot: false,
    };
    switch (kind) {
      case 'one-address':
        return { ...base, ip: scriptAddress, fillSeconds: random.int(2, 8), gapSeconds: 2 };
      case 'rotating-synthetic': {
        const email = `${random.digits(8)}@${random.pick(DISPOSABLE_DOMAINS)}`;
        return {
          ...base,
          fillSeconds: random.int(20, 50),
          claimantInfo: {
            mailingStreetLine1: `1${random.int(0, 9)} ${random.pick(STREET_SPELLINGS)}`,
            mailingCity: 'Sacramento',
            mailingSubDivision: 'CA',
            mailingPostalCode: '95814',
            emailAddress: email,
            confirmEmailAddress: email,
          },
        };
      }
      case 'shared-payout':
        return {
          ...base,
          claimDetails: { paymentMethod: 'VirtualPrepaidCard', paymentEmail: payoutEmail },
        };
      case 'fast-filler':
        return { ...base, fillSeconds: random.int(3, 30) };
      case 'honeypot-filler':
        return { ...base, honeypot: true };
    }
  });
}

/** Organic claimants and attacks mixed in time: each attack's claims run in one burst. */
export function fraudPopulation(options: PopulationOptions): SimClaimant[] {
  const random = new SeededRandom(options.seed);
  const people = organic(random, options.organic, 0);
  const bursts = ATTACKS.map((kind, index) =>
    attack(random, kind, options.perAttack, options.organic + index * options.perAttack),
  );
  const mixed: SimClaimant[] = [];
  const step = Math.max(1, Math.floor(people.length / (bursts.length + 1)));
  people.forEach((person, index) => {
    mixed.push(person);
    const burst = (index + 1) % step === 0 ? bursts.shift() : undefined;
    if (burst !== undefined) mixed.push(...burst);
  });
  for (const burst of bursts) mixed.push(...burst);
  return mixed;
}
