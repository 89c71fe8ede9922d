import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addressKey, nameKey } from '@claims/core/fraud/normalise';
import { normalizeVin, withVinCheckDigit } from '@claims/core/vin';
import { parseCsv, type CsvTable } from '../../../apps/server/src/case/csv';
import { phoneDigits } from '../../../apps/server/src/fraud/claim-fingerprints';
import { copyCase, NOTICE_ID_COLUMN, PIN_COLUMN, toCsv } from '../benchmark-case';
import { SeededRandom } from '../seeded-random';

/**
 * The fraud simulation's case: a copy of the demo case whose class list holds the demo's
 * members, in their order (the population of fraud-population.ts files as them), then members
 * of its own for the throughput comparison, each filing once. The fraud step compares claims by
 * name, mailing address, e-mail address, phone number, VIN and Notice ID (apps/server/src/fraud/
 * claim-fingerprints.ts), so every generated member is a person of their own by each of those:
 * no key of theirs is another member's, the demo's included. Their values follow the demo case's
 * field rules (case.yaml) and formats (cases/demo/generate.ts): Notice IDs `NW` and eight digits,
 * six-digit PINs, US addresses whose ZIP Code belongs to the state, phone numbers in the
 * fictional 555-01xx range, e-mail addresses at the reserved example.* domains, VINs of the
 * Class Vehicles with a valid check digit.
 */

const CLASS_LIST_FILE = 'class-list.csv';
const VEHICLE_LIST_FILE = 'vehicles.csv';

const FIRST_NAMES = [
  'Aaron', 'Abigail', 'Adrian', 'Alice', 'Amber', 'Angela', 'Audrey', 'Beatrice', 'Benjamin',
  'Bernard', 'Beverly', 'Brenda', 'Caleb', 'Camille', 'Cecilia', 'Clara', 'Clifford', 'Colin',
  'Cynthia', 'Dana', 'Dennis', 'Diane', 'Dorothy', 'Douglas', 'Edgar', 'Eileen', 'Eleanor',
  'Felix', 'Fiona', 'Gabriel', 'Gloria', 'Gordon', 'Grace', 'Harold', 'Heather', 'Henry', 'Irene',
  'Isaac', 'Ivan', 'Jacob', 'Janet', 'Jerome', 'Judith', 'Julian', 'Kathleen', 'Keith', 'Lauren',
  'Leonard', 'Lillian', 'Lorenzo', 'Marcus', 'Margaret', 'Martha', 'Nathan', 'Natalie', 'Neil',
  'Nora', 'Oliver', 'Olivia', 'Oscar', 'Pamela', 'Paul', 'Philip', 'Rachel', 'Raymond', 'Rebecca',
  'Roger', 'Ruth', 'Samuel', 'Sharon', 'Simon', 'Stella', 'Teresa', 'Theodore', 'Tobias',
  'Valerie', 'Vincent', 'Vivian', 'Walter', 'Wendy', 'Xavier', 'Yvonne', 'Zachary', 'Zelda',
]; // prettier-ignore

/** Surnames are made of two parts (Ash + ford), so that few are a demo member's. */
const SURNAME_STARTS = [
  'Ash', 'Bal', 'Black', 'Brad', 'Brook', 'Cal', 'Cole', 'Dal', 'Dun', 'Els', 'Fair', 'Fen',
  'Gar', 'Glad', 'Hal', 'Hart', 'Holt', 'Kel', 'Lang', 'Lock', 'Mar', 'Mer', 'Nor', 'Oak', 'Pen',
  'Rad', 'Red', 'Rock', 'Sel', 'Stan', 'Thorn', 'Tre', 'Ul', 'Van', 'Wal', 'Wex', 'Whit', 'Yar',
]; // prettier-ignore
const SURNAME_ENDS = [
  'bury', 'by', 'combe', 'dale', 'den', 'field', 'ford', 'gate', 'grave', 'ham', 'hurst', 'ley',
  'mont', 'more', 'ridge', 'stead', 'stone', 'ton', 'well', 'wick', 'win', 'worth',
]; // prettier-ignore

/** None of the demo's street names (cases/demo/generate.ts), nor the attacks' Main Street. */
const STREET_NAMES = [
  'Aspen', 'Birch', 'Bluebell', 'Brookside', 'Clearwater', 'Copperfield', 'Cypress', 'Dogwood',
  'Driftwood', 'Evergreen', 'Fernwood', 'Foxglove', 'Glenwood', 'Goldenrod', 'Hawthorn',
  'Heather', 'Ironwood', 'Juniper', 'Kingfisher', 'Larkspur', 'Laurel', 'Mulberry', 'Northgate',
  'Overlook', 'Poplar', 'Primrose', 'Quarry', 'Redwood', 'Rosewood', 'Saddleback', 'Sycamore',
  'Timberline', 'Upland', 'Wildflower', 'Yarrow',
]; // prettier-ignore
const STREET_SUFFIXES = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Court', 'Way', 'Place'];

/** City, state and a ZIP Code of the city; none is one of the demo's ZIP Codes. */
export const CITIES: readonly (readonly [city: string, state: string, zip: string])[] = [
  ['Eugene', 'OR', '97401'], ['Salem', 'OR', '97301'], ['Tacoma', 'WA', '98402'],
  ['Bellevue', 'WA', '98004'], ['Reno', 'NV', '89501'], ['Henderson', 'NV', '89002'],
  ['Mesa', 'AZ', '85201'], ['Scottsdale', 'AZ', '85251'], ['Pasadena', 'CA', '91101'],
  ['Riverside', 'CA', '92501'], ['Bakersfield', 'CA', '93301'], ['Long Beach', 'CA', '90802'],
  ['Santa Rosa', 'CA', '95401'], ['Boulder', 'CO', '80302'], ['Colorado Springs', 'CO', '80903'],
  ['Provo', 'UT', '84601'], ['Santa Fe', 'NM', '87501'], ['Lubbock', 'TX', '79401'],
  ['Fort Worth', 'TX', '76102'], ['Plano', 'TX', '75074'], ['Corpus Christi', 'TX', '78401'],
  ['Tulsa', 'OK', '74103'], ['Wichita', 'KS', '67202'], ['Lincoln', 'NE', '68508'],
  ['Madison', 'WI', '53703'], ['Ann Arbor', 'MI', '48104'], ['Grand Rapids', 'MI', '49503'],
  ['Toledo', 'OH', '43604'], ['Cincinnati', 'OH', '45202'], ['Lexington', 'KY', '40507'],
  ['Knoxville', 'TN', '37902'], ['Savannah', 'GA', '31401'], ['Jacksonville', 'FL', '32202'],
  ['Tallahassee', 'FL', '32301'], ['Greenville', 'SC', '29601'], ['Columbia', 'SC', '29201'],
  ['Durham', 'NC', '27701'], ['Norfolk', 'VA', '23510'], ['Annapolis', 'MD', '21401'],
  ['Trenton', 'NJ', '08608'], ['Albany', 'NY', '12207'], ['Rochester', 'NY', '14604'],
  ['Worcester', 'MA', '01608'], ['Springfield', 'IL', '62701'], ['Fort Wayne', 'IN', '46802'],
  ['Cedar Rapids', 'IA', '52401'], ['Duluth', 'MN', '55802'], ['Bismarck', 'ND', '58501'],
  ['Rapid City', 'SD', '57701'], ['Missoula', 'MT', '59801'], ['Casper', 'WY', '82601'],
  ['Pocatello', 'ID', '83201'], ['Fairbanks', 'AK', '99701'], ['Hilo', 'HI', '96720'],
  ['Baton Rouge', 'LA', '70801'], ['Mobile', 'AL', '36602'], ['Gulfport', 'MS', '39501'],
  ['Fayetteville', 'AR', '72701'], ['Concord', 'NH', '03301'], ['Montpelier', 'VT', '05602'],
  ['Bangor', 'ME', '04401'], ['New Haven', 'CT', '06510'], ['Dover', 'DE', '19901'],
  ['Morgantown', 'WV', '26501'], ['Erie', 'PA', '16501'], ['Allentown', 'PA', '18101'],
]; // prettier-ignore

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** The demo's Class Vehicles (cases/demo/generate.ts): WMI, model code, trim and engine codes. */
const VIN_MODELS = [
  { wmi: '1NW', code: 'AS', trims: 'BLX', engines: '25' },
  { wmi: '1NW', code: 'VR', trims: 'BS', engines: '2' },
  { wmi: '5NW', code: 'CD', trims: 'BST', engines: '53' },
  { wmi: '5NW', code: 'SM', trims: 'WLP', engines: '3' },
] as const;
/** Model years 2018 to 2021 (position 10 of the VIN). */
const VIN_YEARS = 'JKLM';
const VIN_PLANTS = 'TGR';

/** How many draws a value may take before the generator gives up on finding one of its own. */
const ATTEMPTS = 10_000;

/** What the fraud step compares claims by, as keys already held by some member. */
export interface TakenKeys {
  noticeIds: Set<string>;
  names: Set<string>;
  addresses: Set<string>;
  emails: Set<string>;
  phones: Set<string>;
  vins: Set<string>;
}

export function emptyKeys(): TakenKeys {
  return {
    noticeIds: new Set(),
    names: new Set(),
    addresses: new Set(),
    emails: new Set(),
    phones: new Set(),
    vins: new Set(),
  };
}

/** A phone number as the fraud step compares it (claim-fingerprints.ts phoneDigits). */
const phoneKey = (phone: string): string => phoneDigits(phone) ?? '';

/** The street alone, without the unit, and the street with it: a flat's building is its own. */
function addressKeys(row: Readonly<Record<string, string>>): string[] {
  const zip = row.MailingPostalCode || row.MailingPostalCodeNonUS || '';
  const place = {
    city: row.MailingCity ?? '',
    state: row.MailingSubDivision || row.MailingSubDivisionNonUS || '',
    zip,
  };
  const line1 = row.MailingStreetLine1 ?? '';
  const line2 = row.MailingStreetLine2 ?? '';
  if (line1 === '' && line2 === '') return [];
  return [
    addressKey({ street: line1, ...place }),
    addressKey({ street: [line1, line2].filter((line) => line !== ''), ...place }),
  ];
}

/** Adds the keys of a class-list row (its columns as the CSV names them). */
export function takeKeys(keys: TakenKeys, row: Readonly<Record<string, string>>): void {
  const noticeId = row[NOTICE_ID_COLUMN] ?? '';
  if (noticeId !== '') keys.noticeIds.add(noticeId.trim().toUpperCase());
  const name = nameKey(`${row.FirstName ?? ''} ${row.LastName ?? ''}`);
  if (name !== '') keys.names.add(name);
  for (const key of addressKeys(row)) keys.addresses.add(key);
  if (row.EmailAddress) keys.emails.add(row.EmailAddress.trim().toLowerCase());
  if (row.PhoneNumber) keys.phones.add(phoneKey(row.PhoneNumber));
  if (row.Vin) keys.vins.add(normalizeVin(row.Vin));
}

/** Draws until `draw` gives a value whose key is not in `taken`, then takes it. */
function ownValue<T>(
  what: string,
  taken: Set<string>,
  draw: () => T,
  keysOf: (value: T) => string | readonly string[],
): T {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const value = draw();
    const found = keysOf(value);
    const list = typeof found === 'string' ? [found] : found;
    if (list.every((key) => !taken.has(key))) {
      for (const key of list) taken.add(key);
      return value;
    }
  }
  throw new Error(
    `found no ${what} unlike those of the ${taken.size} taken in ${ATTEMPTS} draws; ask for fewer members`,
  );
}

/** Area codes of the form NXX that are neither N11, 555 nor toll-free. */
const AREA_CODES = Array.from({ length: 800 }, (_, i) => String(200 + i)).filter(
  (code) => code[1] !== '9' && !code.endsWith('11') && code !== '555' && !/^8(\d)\1$/.test(code),
);

function asciiLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/**
 * `count` class-list rows (columns `header`), each a person of their own: every key of theirs
 * that the fraud step compares is added to `taken`, which must already hold those of every
 * member they must not resemble. The same seed and `taken` give the same rows.
 */
export function distinctMembers(
  header: readonly string[],
  count: number,
  taken: TakenKeys,
  seed: number,
): Record<string, string>[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new Error(`member count ${count} is not valid; expected a whole number`);
  }
  const random = new SeededRandom(seed);
  const members: Record<string, string>[] = [];
  while (members.length < count) {
    const noticeId = ownValue(
      'Notice ID',
      taken.noticeIds,
      () => `NW${random.int(1, 9)}${random.digits(7)}`,
      (id) => id,
    );
    const [firstName, lastName] = ownValue(
      'name',
      taken.names,
      () => [random.pick(FIRST_NAMES), random.pick(SURNAME_STARTS) + random.pick(SURNAME_ENDS)],
      ([first, last]) => nameKey(`${first} ${last}`),
    );
    const address = ownValue(
      'mailing address',
      taken.addresses,
      () => {
        const [city, state, zip] = random.pick(CITIES);
        return {
          MailingStreetLine1: `${random.int(1, 9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`,
          MailingStreetLine2:
            random.next() < 0.2 ? `${random.pick(['Apt', 'Unit'])} ${random.int(1, 40)}` : '',
          MailingCity: city,
          MailingSubDivision: state,
          MailingPostalCode: random.next() < 0.25 ? `${zip}-${random.digits(4)}` : zip,
        };
      },
      addressKeys,
    );
    const email = ownValue(
      'e-mail address',
      taken.emails,
      () =>
        `${asciiLetters(firstName)}.${asciiLetters(lastName)}${random.int(1, 99)}@${random.pick(EMAIL_DOMAINS)}`,
      (value) => value,
    );
    const phone = ownValue(
      'phone number',
      taken.phones,
      () => `(${random.pick(AREA_CODES)}) 555-01${random.digits(2)}`,
      phoneKey,
    );
    const vin = ownValue(
      'VIN',
      taken.vins,
      () => {
        const model = random.pick(VIN_MODELS);
        const wmiAndModel = `${model.wmi}${model.code}${random.pick([...model.trims])}${random.pick([...model.engines])}F`;
        const rest = `${random.pick([...VIN_YEARS])}${random.pick([...VIN_PLANTS])}${random.digits(6)}`;
        return withVinCheckDigit(`${wmiAndModel}0${rest}`);
      },
      (value) => value,
    );
    const values: Record<string, string> = {
      [NOTICE_ID_COLUMN]: noticeId,
      [PIN_COLUMN]: random.digits(6),
      FirstName: firstName,
      MiddleInitial: random.next() < 0.7 ? String.fromCharCode(65 + random.int(0, 25)) : '',
      LastName: lastName,
      ...address,
      MailingSubDivisionNonUS: '',
      MailingPostalCodeNonUS: '',
      MailingCountry: 'US',
      EmailAddress: email,
      PhoneNumber: phone,
      Vin: vin,
    };
    members.push(Object.fromEntries(header.map((column) => [column, values[column] ?? ''])));
  }
  return members;
}

export interface FraudCaseOptions {
  /** The case folder copied (cases/demo). */
  sourceDir: string;
  /** Where the case is written; replaced if it exists. */
  targetDir: string;
  /** Members added after the source's. */
  extraMembers: number;
  seed: number;
}

export interface FraudCase {
  dir: string;
  /** Every member of the class list: the source's, in their order, then the generated ones. */
  members: { noticeId: string; pin: string }[];
  /** How many of `members` are the source's: the generated ones start at this index. */
  sourceMembers: number;
}

/**
 * Writes the fraud simulation's case: `sourceDir` as it is (case.yaml unchanged, so the fraud
 * settings are the demo's), its class list followed by `extraMembers` generated members.
 */
export function createFraudCase(options: FraudCaseOptions): FraudCase {
  const { sourceDir, targetDir } = options;
  copyCase(sourceDir, targetDir);
  const list: CsvTable = parseCsv(readFileSync(path.join(sourceDir, CLASS_LIST_FILE), 'utf8'));
  const vehicles = parseCsv(readFileSync(path.join(sourceDir, VEHICLE_LIST_FILE), 'utf8'));
  const taken = emptyKeys();
  for (const { values } of list.rows) takeKeys(taken, values);
  // The vehicles nobody on the list owns are no generated member's either.
  for (const { values } of vehicles.rows) if (values.Vin) taken.vins.add(normalizeVin(values.Vin));
  const rows = [
    ...list.rows.map(({ values }) => values),
    ...distinctMembers(list.header, options.extraMembers, taken, options.seed),
  ];
  writeFileSync(path.join(targetDir, CLASS_LIST_FILE), toCsv(list.header, rows));
  return {
    dir: targetDir,
    members: rows.map((row) => ({
      noticeId: row[NOTICE_ID_COLUMN] ?? '',
      pin: row[PIN_COLUMN] ?? '',
    })),
    sourceMembers: list.rows.length,
  };
}
