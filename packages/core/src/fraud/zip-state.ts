/**
 * Whether a US ZIP Code belongs to a state, from its first three digits.
 *
 * Source: United States Postal Service, Domestic Mail Manual, Labeling List L002, "3-Digit ZIP
 * Code Prefix Matrix" (https://pe.usps.com/text/LabelingLists/L002.htm), which lists every
 * 3-digit prefix with the state of its addresses. The ranges below also hold the prefixes
 * unassigned inside a state's run, and a prefix whose ZIP Codes cross a state line is listed
 * under each state it serves (063 for Fishers Island, NY; 733 and 739 for Austin and Texhoma,
 * TX; 834 for Alta, WY), so that a true address is never reported as a mismatch.
 */

type PrefixRange = readonly [first: number, last: number];

/** USPS state, district, territory and military codes with their 3-digit ZIP prefixes. */
export const ZIP_PREFIXES_BY_STATE: Readonly<Record<string, readonly PrefixRange[]>> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  FL: [
    [320, 339],
    [341, 342],
    [344, 344],
    [346, 347],
    [349, 349],
  ],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [
    [5, 5],
    [63, 63],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [
    [730, 732],
    [734, 749],
  ],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [733, 733],
    [739, 739],
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [
    [50, 54],
    [56, 59],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [
    [820, 831],
    [834, 834],
  ],
  // Territories and freely associated states.
  AS: [[967, 967]],
  FM: [[969, 969]],
  GU: [[969, 969]],
  MH: [[969, 969]],
  MP: [[969, 969]],
  PR: [
    [6, 7],
    [9, 9],
  ],
  PW: [[969, 969]],
  VI: [[8, 8]],
  // Military mail: Armed Forces Americas, Europe and Pacific.
  AA: [[340, 340]],
  AE: [[90, 98]],
  AP: [[962, 966]],
};

/** The states of each 3-digit prefix, in the table's order. */
const STATES_BY_PREFIX: ReadonlyMap<number, readonly string[]> = (() => {
  const states = new Map<number, string[]>();
  for (const [state, ranges] of Object.entries(ZIP_PREFIXES_BY_STATE)) {
    for (const [first, last] of ranges) {
      for (let prefix = first; prefix <= last; prefix += 1) {
        states.set(prefix, [...(states.get(prefix) ?? []), state]);
      }
    }
  }
  return states;
})();

/** The five digits of a ZIP or ZIP+4 code (`90210`, `90210-1234`), else undefined. */
export function zip5(zip: string): string | undefined {
  return /^(\d{5})(?:-?\d{4})?$/.exec(zip.trim())?.[1];
}

/** The states whose addresses use this ZIP Code's prefix; empty when unknown or malformed. */
export function statesOfZip(zip: string): readonly string[] {
  const digits = zip5(zip);
  if (digits === undefined) return [];
  return STATES_BY_PREFIX.get(Number(digits.slice(0, 3))) ?? [];
}

/**
 * Whether the ZIP Code is one of the state's: undefined when either is unknown (a malformed
 * or unassigned ZIP Code, a state code not in the table), since nothing can be said then.
 */
export function zipBelongsToState(zip: string, state: string): boolean | undefined {
  const code = state.trim().toUpperCase();
  const states = statesOfZip(zip);
  if (states.length === 0 || !Object.hasOwn(ZIP_PREFIXES_BY_STATE, code)) return undefined;
  return states.includes(code);
}
