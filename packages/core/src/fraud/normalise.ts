import { doubleMetaphone } from 'double-metaphone';
import { zip5 } from './zip-state';

/**
 * Names and mailing addresses reduced to comparison keys, so that two claims by one person
 * match however each was typed: "José O'Brien-Smith" and "jose obrien smith", "123 North
 * Main Street, Apt. #4" and "123 N Main St Unit 4". The server stores the keys beside each
 * claim and indexes them to find near-duplicates.
 */

/** Latin letters that Unicode decomposition leaves whole, spelled as English keyboards do. */
const LETTER_SPELLINGS: Readonly<Record<string, string>> = {
  Æ: 'AE',
  Ð: 'D',
  Đ: 'D',
  Ħ: 'H',
  Ł: 'L',
  Ø: 'O',
  Œ: 'OE',
  Þ: 'TH',
};

function foldCase(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();
}

/**
 * Upper case without accents, punctuation or repeated spaces. Apostrophes join the letters
 * around them (O'Brien is OBRIEN); any other character but a letter or a digit (or `#`, with
 * `keepHash`) separates words.
 */
export function normaliseText(text: string, { keepHash = false } = {}): string {
  // Twice, because upper-casing can produce letters that decompose further (ǆ to Ǆ to DŽ).
  const folded = foldCase(foldCase(text)).replace(
    /[ÆÐĐĦŁØŒÞ]/g,
    (letter) => LETTER_SPELLINGS[letter]!,
  );
  const separator = keepHash ? /[^\p{L}\p{N}#]+/gu : /[^\p{L}\p{N}]+/gu;
  return folded
    .replace(/['‘’ʼ`´]/g, '')
    .replace(separator, ' ')
    .trim();
}

function words(text: string): string[] {
  return text === '' ? [] : text.split(' ');
}

// ---------------------------------------------------------------------------------------------
// Names

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'MX', 'DR']);

const GENERATIONS: ReadonlyMap<string, string> = new Map([
  ['JR', 'JR'],
  ['JUNIOR', 'JR'],
  ['SR', 'SR'],
  ['SENIOR', 'SR'],
  ['II', 'II'],
  ['2ND', 'II'],
  ['III', 'III'],
  ['3RD', 'III'],
  ['IV', 'IV'],
  ['4TH', 'IV'],
]);

/**
 * A name in upper case without accents or punctuation, titles (Mr, Dr, …) left out and
 * generations spelled one way (Junior is JR).
 */
export function normaliseName(name: string): string {
  const all = words(normaliseText(name));
  const untitled = all.filter((word) => !TITLES.has(word));
  return (untitled.length > 0 ? untitled : all)
    .map((word) => GENERATIONS.get(word) ?? word)
    .join(' ');
}

/**
 * The name's phonetic key: the Double Metaphone code of each word, in alphabetical order, so
 * that Jon Smyth, John Smith and "Smith, John" share one key. Initials and generations are
 * left out: a near-duplicate is a reason to look, and John Smith Jr. at John Smith's address
 * is one a reviewer should see. A word with no code (a script the algorithm does not read)
 * keeps its letters, so that such names do not all share the empty key.
 */
export function nameKey(name: string): string {
  const all = words(normaliseName(name));
  const significant = all.filter((word) => word.length > 1 && !GENERATIONS.has(word));
  return (significant.length > 0 ? significant : all)
    .map((word) => doubleMetaphone(word)[0] || word)
    .sort()
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Mailing addresses: USPS Publication 28, "Postal Addressing Standards", appendices C1 (street
// suffixes) and C2 (secondary unit designators), and section 233 (directionals).

/** Standard suffix abbreviation, then the other spellings USPS lists for it. */
const STREET_SUFFIXES: Readonly<Record<string, readonly string[]>> = {
  ALY: ['ALLEY', 'ALLEE', 'ALLY'],
  ANX: ['ANNEX', 'ANEX', 'ANNX'],
  ARC: ['ARCADE'],
  AVE: ['AVENUE', 'AV', 'AVEN', 'AVENU', 'AVN', 'AVNUE'],
  BYU: ['BAYOU', 'BAYOO'],
  BCH: ['BEACH'],
  BND: ['BEND'],
  BLF: ['BLUFF', 'BLUF'],
  BLVD: ['BOULEVARD', 'BOUL', 'BOULV'],
  BR: ['BRANCH', 'BRNCH'],
  BRG: ['BRIDGE', 'BRDGE'],
  BRK: ['BROOK'],
  BYP: ['BYPASS', 'BYPA', 'BYPAS', 'BYPS'],
  CP: ['CAMP', 'CMP'],
  CYN: ['CANYON', 'CANYN', 'CNYN'],
  CPE: ['CAPE'],
  CSWY: ['CAUSEWAY', 'CAUSWA'],
  CTR: ['CENTER', 'CEN', 'CENT', 'CENTR', 'CENTRE', 'CNTER', 'CNTR'],
  CIR: ['CIRCLE', 'CIRC', 'CIRCL', 'CRCL', 'CRCLE'],
  CLF: ['CLIFF'],
  CLFS: ['CLIFFS'],
  CLB: ['CLUB'],
  COR: ['CORNER'],
  CORS: ['CORNERS'],
  CRSE: ['COURSE'],
  CT: ['COURT'],
  CTS: ['COURTS'],
  CV: ['COVE'],
  CRK: ['CREEK'],
  CRES: ['CRESCENT', 'CRSENT', 'CRSNT'],
  XING: ['CROSSING', 'CRSSNG'],
  DL: ['DALE'],
  DM: ['DAM'],
  DV: ['DIVIDE', 'DIV', 'DVD'],
  DR: ['DRIVE', 'DRIV', 'DRV'],
  EST: ['ESTATE'],
  ESTS: ['ESTATES'],
  EXPY: ['EXPRESSWAY', 'EXP', 'EXPR', 'EXPRESS', 'EXPW'],
  EXT: ['EXTENSION', 'EXTN', 'EXTNSN'],
  FLS: ['FALLS'],
  FRY: ['FERRY', 'FRRY'],
  FLD: ['FIELD'],
  FLDS: ['FIELDS'],
  FLT: ['FLAT'],
  FRD: ['FORD'],
  FRST: ['FOREST', 'FORESTS'],
  FRG: ['FORGE', 'FORG'],
  FRK: ['FORK'],
  FT: ['FORT', 'FRT'],
  FWY: ['FREEWAY', 'FREEWY', 'FRWAY', 'FRWY'],
  GDN: ['GARDEN', 'GARDN', 'GRDEN', 'GRDN'],
  GDNS: ['GARDENS', 'GRDNS'],
  GTWY: ['GATEWAY', 'GATEWY', 'GATWAY', 'GTWAY'],
  GLN: ['GLEN'],
  GRN: ['GREEN'],
  GRV: ['GROVE', 'GROV'],
  HBR: ['HARBOR', 'HARB', 'HARBR', 'HRBOR'],
  HVN: ['HAVEN'],
  HTS: ['HEIGHTS', 'HT'],
  HWY: ['HIGHWAY', 'HIGHWY', 'HIWAY', 'HIWY', 'HWAY'],
  HL: ['HILL'],
  HLS: ['HILLS'],
  HOLW: ['HOLLOW', 'HLLW', 'HOLLOWS', 'HOLWS'],
  IS: ['ISLAND', 'ISLND'],
  ISS: ['ISLANDS', 'ISLNDS'],
  JCT: ['JUNCTION', 'JCTION', 'JCTN', 'JUNCTN', 'JUNCTON'],
  KY: ['KEY'],
  KNL: ['KNOLL', 'KNOL'],
  LK: ['LAKE'],
  LKS: ['LAKES'],
  LNDG: ['LANDING', 'LNDNG'],
  LN: ['LANE'],
  LGT: ['LIGHT'],
  LF: ['LOAF'],
  LCK: ['LOCK'],
  LCKS: ['LOCKS'],
  LDG: ['LODGE', 'LDGE', 'LODG'],
  MNR: ['MANOR'],
  MDW: ['MEADOW'],
  MDWS: ['MEADOWS', 'MEDOWS'],
  ML: ['MILL'],
  MLS: ['MILLS'],
  MSN: ['MISSION', 'MISSN', 'MSSN'],
  MT: ['MOUNT', 'MNT'],
  MTN: ['MOUNTAIN', 'MNTAIN', 'MNTN', 'MOUNTIN', 'MTIN'],
  NCK: ['NECK'],
  ORCH: ['ORCHARD', 'ORCHRD'],
  OVAL: ['OVL'],
  PARK: ['PRK', 'PARKS'],
  PKWY: ['PARKWAY', 'PARKWY', 'PKWAY', 'PKY', 'PARKWAYS', 'PKWYS'],
  PASS: [],
  PATH: ['PATHS'],
  PIKE: ['PIKES'],
  PNE: ['PINE'],
  PNES: ['PINES'],
  PL: ['PLACE'],
  PLN: ['PLAIN'],
  PLNS: ['PLAINS'],
  PLZ: ['PLAZA', 'PLZA'],
  PT: ['POINT'],
  PTS: ['POINTS'],
  PRT: ['PORT'],
  PR: ['PRAIRIE', 'PRR'],
  RADL: ['RADIAL', 'RAD', 'RADIEL'],
  RNCH: ['RANCH', 'RANCHES', 'RNCHS'],
  RPD: ['RAPID'],
  RPDS: ['RAPIDS'],
  RST: ['REST'],
  RDG: ['RIDGE', 'RDGE'],
  RIV: ['RIVER', 'RVR', 'RIVR'],
  RD: ['ROAD'],
  RDS: ['ROADS'],
  RTE: ['ROUTE'],
  ROW: [],
  RUN: [],
  SHL: ['SHOAL'],
  SHR: ['SHORE', 'SHOAR'],
  SHRS: ['SHORES', 'SHOARS'],
  SKWY: ['SKYWAY'],
  SPG: ['SPRING', 'SPNG', 'SPRNG'],
  SPGS: ['SPRINGS', 'SPNGS', 'SPRNGS'],
  SQ: ['SQUARE', 'SQR', 'SQRE', 'SQU'],
  STA: ['STATION', 'STATN', 'STN'],
  STRM: ['STREAM', 'STREME'],
  ST: ['STREET', 'STRT', 'STR', 'SAINT'],
  SMT: ['SUMMIT', 'SUMIT', 'SUMITT'],
  TER: ['TERRACE', 'TERR'],
  TRCE: ['TRACE', 'TRACES'],
  TRAK: ['TRACK', 'TRACKS', 'TRK', 'TRKS'],
  TRL: ['TRAIL', 'TRAILS', 'TRLS'],
  TUNL: ['TUNNEL', 'TUNEL', 'TUNLS', 'TUNNELS', 'TUNNL'],
  TPKE: ['TURNPIKE', 'TRNPK', 'TURNPK'],
  UN: ['UNION'],
  VLY: ['VALLEY', 'VALLY', 'VLLY'],
  VIA: ['VIADUCT', 'VDCT', 'VIADCT'],
  VW: ['VIEW'],
  VLG: ['VILLAGE', 'VILL', 'VILLAG', 'VILLG', 'VILLIAGE'],
  VL: ['VILLE'],
  VIS: ['VISTA', 'VIST', 'VST', 'VSTA'],
  WALK: ['WALKS'],
  WAY: ['WY'],
  WL: ['WELL'],
  WLS: ['WELLS'],
};

const DIRECTIONALS: Readonly<Record<string, readonly string[]>> = {
  N: ['NORTH'],
  S: ['SOUTH'],
  E: ['EAST'],
  W: ['WEST'],
  NE: ['NORTHEAST'],
  NW: ['NORTHWEST'],
  SE: ['SOUTHEAST'],
  SW: ['SOUTHWEST'],
};

/** Numbered streets are written both ways (Fifth Avenue, 5th Ave). */
const ORDINALS: Readonly<Record<string, readonly string[]>> = {
  '1ST': ['FIRST'],
  '2ND': ['SECOND'],
  '3RD': ['THIRD'],
  '4TH': ['FOURTH'],
  '5TH': ['FIFTH'],
  '6TH': ['SIXTH'],
  '7TH': ['SEVENTH'],
  '8TH': ['EIGHTH'],
  '9TH': ['NINTH'],
  '10TH': ['TENTH'],
};

/**
 * Secondary unit designators that take a number. Apartment, unit, suite, room and `#` all
 * become `#`: one flat is written each of those ways, and USPS accepts `#` for any of them.
 */
const UNIT_DESIGNATORS: Readonly<Record<string, readonly string[]>> = {
  '#': ['APT', 'APARTMENT', 'UNIT', 'STE', 'SUITE', 'RM', 'ROOM'],
  BLDG: ['BUILDING'],
  DEPT: ['DEPARTMENT'],
  FL: ['FLOOR'],
  LOT: [],
  SPC: ['SPACE'],
  TRLR: ['TRAILER'],
};

/** Each spelling to its standard form; the standard forms map to themselves. */
function spellings(table: Readonly<Record<string, readonly string[]>>): Map<string, string> {
  return new Map(
    Object.entries(table).flatMap(([standard, others]) =>
      [standard, ...others].map((spelling) => [spelling, standard] as const),
    ),
  );
}

export const STREET_WORDS: ReadonlyMap<string, string> = new Map([
  ...spellings(STREET_SUFFIXES),
  ...spellings(DIRECTIONALS),
  ...spellings(ORDINALS),
]);
export const UNIT_WORDS: ReadonlyMap<string, string> = spellings(UNIT_DESIGNATORS);

/** Ways of writing a post-office box or rural route at the start of an address. */
const LEADING_FORMS: readonly { form: readonly string[]; standard: readonly string[] }[] = [
  { form: ['POST', 'OFFICE', 'BOX'], standard: ['PO', 'BOX'] },
  { form: ['POSTOFFICE', 'BOX'], standard: ['PO', 'BOX'] },
  { form: ['P', 'O', 'BOX'], standard: ['PO', 'BOX'] },
  { form: ['P', 'O', 'B'], standard: ['PO', 'BOX'] },
  { form: ['PO', 'BOX'], standard: ['PO', 'BOX'] },
  { form: ['POBOX'], standard: ['PO', 'BOX'] },
  { form: ['POB'], standard: ['PO', 'BOX'] },
  { form: ['RURAL', 'ROUTE'], standard: ['RR'] },
  { form: ['R', 'R'], standard: ['RR'] },
];

function leadingForm(tokens: readonly string[]): string[] {
  // A lone BOX is a post-office box only before its number: Box Elder Drive is a street.
  if (tokens[0] === 'BOX' && /^\d/.test(tokens[1] ?? '')) return ['PO', ...tokens];
  const match = LEADING_FORMS.find(({ form }) =>
    form.every((word, index) => tokens[index] === word),
  );
  return match === undefined
    ? [...tokens]
    : [...match.standard, ...tokens.slice(match.form.length)];
}

/**
 * Where the secondary unit starts: at a `#` after the first word, or at another designator
 * with something after it and at least a number and a street name before it (so that Suite
 * Road or 10 Unit Street stay street names).
 */
function unitStart(tokens: readonly string[]): number {
  return tokens.findIndex(
    (token, index) =>
      (token === '#' && index >= 1) ||
      (UNIT_WORDS.has(token) && index >= 2 && index < tokens.length - 1),
  );
}

/**
 * `APT # 4 B` to `# 4B`: each designator once, in its standard form, then its identifier with
 * the spaces taken out (4-B and 4B are one flat), unless that would spell a designator.
 */
function normaliseUnit(tokens: readonly string[]): string[] {
  const groups: { designator: string; identifier: string[] }[] = [];
  for (const token of tokens) {
    const designator = UNIT_WORDS.get(token);
    const last = groups.at(-1);
    if (designator === undefined) last?.identifier.push(token);
    else if (!(last?.designator === designator && last.identifier.length === 0)) {
      groups.push({ designator, identifier: [] });
    }
  }
  return groups.flatMap(({ designator, identifier }) => {
    const joined = identifier.join('');
    if (joined === '') return [designator];
    return UNIT_WORDS.has(joined) ? [designator, ...identifier] : [designator, joined];
  });
}

/**
 * The street lines of a mailing address in one standard spelling: upper case, no
 * punctuation, USPS street suffixes, directionals and numbered-street ordinals abbreviated
 * (Street is ST, North is N, Fifth is 5TH), secondary units written `# 4B`, `BLDG 2`, post-office
 * boxes `PO BOX 12` and rural routes `RR 2`.
 */
export function normaliseStreet(lines: string | readonly string[]): string {
  const text = normaliseText(typeof lines === 'string' ? lines : lines.join(' '), {
    keepHash: true,
  });
  const tokens = leadingForm(words(text.replace(/#/g, ' # ').replace(/ +/g, ' ').trim()));
  const start = unitStart(tokens);
  const street = start === -1 ? tokens : tokens.slice(0, start);
  const unit = start === -1 ? [] : normaliseUnit(tokens.slice(start));
  return [...street.map((token) => STREET_WORDS.get(token) ?? token), ...unit].join(' ');
}

export interface MailingAddress {
  /** The street lines: number, street and any secondary unit, in one or more lines. */
  street: string | readonly string[];
  city?: string;
  state?: string;
  zip?: string;
}

/**
 * The address's comparison key: the normalised street, then its five-digit ZIP Code, or,
 * without a readable one, the normalised city and state (`123 N MAIN ST # 4|90210`).
 */
export function addressKey(address: MailingAddress): string {
  const zip = address.zip === undefined ? undefined : zip5(address.zip);
  const place = zip ?? normaliseText(`${address.city ?? ''} ${address.state ?? ''}`);
  return `${normaliseStreet(address.street)}|${place}`;
}
