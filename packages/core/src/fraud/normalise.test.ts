import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressKey,
  nameKey,
  normaliseName,
  normaliseStreet,
  normaliseText,
  STREET_WORDS,
  UNIT_WORDS,
} from './normalise';

/** Text as people type it: any character, accented letters and punctuation more often. */
const typedText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(..."aAéÉñÑøßǆﬁ ,.-#'’/()&ı".split('')),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

/** Each word in random case. */
function recase(text: string, upper: readonly boolean[]): string {
  return [...text]
    .map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c.toLowerCase()))
    .join('');
}

const caseFlags = fc.array(fc.boolean(), { minLength: 1, maxLength: 8 });
const punctuation = fc.constantFrom('', '.', ',', '. ', ', ', ' ', '  ', '-');

/** Every spelling USPS lists for a street suffix, grouped by its standard form. */
function spellingsOf(table: ReadonlyMap<string, string>): string[][] {
  const groups = new Map<string, string[]>();
  for (const [spelling, standard] of table) {
    groups.set(standard, [...(groups.get(standard) ?? []), spelling]);
  }
  return [...groups.values()];
}

const SUFFIX_GROUPS = spellingsOf(STREET_WORDS).filter((group) =>
  group.some((spelling) => /^[A-Z]+$/.test(spelling)),
);
const UNIT_SPELLINGS = [...UNIT_WORDS].filter(([, standard]) => standard === '#').map(([s]) => s);

interface AddressParts {
  number: number;
  name: string;
  /** The spellings of one suffix. */
  suffix: string[];
  unit: number | undefined;
  zip: string;
}

/** A street address made of parts, each written in one of its spellings by `writeAddress`. */
const addressParts: fc.Arbitrary<AddressParts> = fc.record({
  number: fc.integer({ min: 1, max: 99999 }),
  name: fc.constantFrom('Main', 'Oak', 'Martin Luther King', 'Elm', 'Lincoln', 'Cedar Hill'),
  suffix: fc.constantFrom(...SUFFIX_GROUPS),
  unit: fc.option(fc.integer({ min: 1, max: 999 }), { nil: undefined }),
  zip: fc.integer({ min: 10000, max: 99999 }).map(String),
});

interface Spelling {
  suffixIndex: number;
  unitWord: string;
  upper: boolean[];
  marks: string[];
}

const spelling = fc.record({
  suffixIndex: fc.nat(),
  unitWord: fc.constantFrom(...UNIT_SPELLINGS),
  upper: caseFlags,
  marks: fc.array(punctuation, { minLength: 4, maxLength: 4 }),
});

function writeAddress(parts: AddressParts, s: Spelling): string {
  const suffix = parts.suffix[s.suffixIndex % parts.suffix.length]!;
  const [a, b, c, d] = s.marks;
  const unit = parts.unit === undefined ? '' : `${c} ${s.unitWord}${d} ${parts.unit}`;
  return recase(`${parts.number}${a} ${parts.name} ${suffix}${b}${unit}`, s.upper);
}

describe('normaliseText', () => {
  it('writes upper case without accents or punctuation', () => {
    expect(normaliseText("  José  O'Brien-Smith, Æsir; Łódź ")).toBe(
      'JOSE OBRIEN SMITH AESIR LODZ',
    );
  });

  it('keeps # only when asked', () => {
    expect(normaliseText('Apt #4')).toBe('APT 4');
    expect(normaliseText('Apt #4', { keepHash: true })).toBe('APT #4');
  });

  it('leaves only upper-case letters, digits and single spaces', () => {
    fc.assert(
      fc.property(typedText, (text) => {
        const result = normaliseText(text);
        expect(result).toMatch(/^(?:[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*)?$/u);
        expect(result.toUpperCase()).toBe(result);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(typedText, (text) => {
        expect(normaliseText(normaliseText(text))).toBe(normaliseText(text));
      }),
    );
  });
});

describe('normaliseName', () => {
  it.each([
    ['Dr. José García-López', 'JOSE GARCIA LOPEZ'],
    ["mr patrick o'neil junior", 'PATRICK ONEIL JR'],
    ['Robert Smith 3rd', 'ROBERT SMITH III'],
    ['Ms', 'MS'],
  ])('writes %s as %s', (name, normalised) => {
    expect(normaliseName(name)).toBe(normalised);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(typedText, (name) => {
        expect(normaliseName(normaliseName(name))).toBe(normaliseName(name));
      }),
    );
  });
});

describe('nameKey', () => {
  it('gives names that sound alike one key', () => {
    expect(nameKey('Jon Smyth')).toBe(nameKey('John Smith'));
    expect(nameKey('Catherine Schmidt')).toBe(nameKey('Kathryn Schmitt'));
  });

  it('ignores word order, initials, titles and generations', () => {
    expect(nameKey('Smith, John Q.')).toBe(nameKey('John Smith'));
    expect(nameKey('Dr. John Smith Jr.')).toBe(nameKey('John Smith'));
  });

  it('keeps names that sound different apart', () => {
    expect(nameKey('John Smith')).not.toBe(nameKey('Jane Doe'));
    expect(nameKey('John Smith')).not.toBe(nameKey('John Jones'));
  });

  it('keys a name the phonetic code cannot read by its letters', () => {
    expect(nameKey('王伟')).toBe('王伟');
    expect(nameKey('王伟')).not.toBe(nameKey('李娜'));
  });

  it('keys a name of initials only by those initials', () => {
    expect(nameKey('J. R.')).not.toBe('');
  });

  it('ignores case, accents and punctuation', () => {
    const names = fc.constantFrom(
      'José García',
      'Zoë Ñúñez',
      "Seán O'Brien",
      'Anne-Marie Lévesque',
    );
    fc.assert(
      fc.property(names, caseFlags, punctuation, (name, upper, mark) => {
        const typed = recase(name, upper).replace(' ', `${mark} `);
        expect(nameKey(typed)).toBe(nameKey(name));
      }),
    );
  });

  it('ignores the order of the words', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(['Maria', 'Elena', 'Rodriguez', 'Vega'], { minLength: 4 }),
        (words) => {
          expect(nameKey(words.join(' '))).toBe(nameKey('Maria Elena Rodriguez Vega'));
        },
      ),
    );
  });
});

describe('normaliseStreet', () => {
  it.each([
    ['123 North Main Street, Apt. #4', '123 N MAIN ST # 4'],
    ['123 N Main St Unit 4', '123 N MAIN ST # 4'],
    ['55 Fifth Avenue, Suite 200', '55 5TH AVE # 200'],
    ['1 Main St Apt 4-B', '1 MAIN ST # 4B'],
    ['1 Main St #4b', '1 MAIN ST # 4B'],
    ['9 Elm Blvd Bldg 2 Apt 3', '9 ELM BLVD BLDG 2 # 3'],
    ['9 Elm Blvd Building 2, Floor 3', '9 ELM BLVD BLDG 2 FL 3'],
    ['77 Lake Shore Drive Southwest', '77 LK SHR DR SW'],
    ['400 Saint Charles Pkwy', '400 ST CHARLES PKWY'],
    ['P.O. Box 12', 'PO BOX 12'],
    ['Post Office Box 12', 'PO BOX 12'],
    ['POB 12', 'PO BOX 12'],
    ['Box 12', 'PO BOX 12'],
    ['Box Elder Dr', 'BOX ELDER DR'],
    ['Box', 'BOX'],
    ['Rural Route 2, Box 5', 'RR 2 BOX 5'],
    ['10 Suite Rd', '10 SUITE RD'],
    ['12 Main St Apt', '12 MAIN ST APT'],
    ['12 Main St # A PT', '12 MAIN ST # A PT'],
  ])('writes %s as %s', (street, normalised) => {
    expect(normaliseStreet(street)).toBe(normalised);
  });

  it('joins the street lines', () => {
    expect(normaliseStreet(['123 Main St', 'Apt 4'])).toBe(normaliseStreet('123 Main St Apt 4'));
  });

  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(typedText, (street) => {
        expect(normaliseStreet(normaliseStreet(street))).toBe(normaliseStreet(street));
      }),
    );
  });

  it('is idempotent on addresses', () => {
    fc.assert(
      fc.property(addressParts, spelling, (parts, s) => {
        const once = normaliseStreet(writeAddress(parts, s));
        expect(normaliseStreet(once)).toBe(once);
      }),
    );
  });
});

describe('addressKey', () => {
  it('is the normalised street and the five-digit ZIP Code', () => {
    expect(addressKey({ street: ['123 North Main Street', 'Apt 4'], zip: '90210-1234' })).toBe(
      '123 N MAIN ST # 4|90210',
    );
  });

  it('uses the city and state without a readable ZIP Code', () => {
    expect(addressKey({ street: '1 Main St', city: 'Los Ángeles', state: 'ca', zip: '9021' })).toBe(
      '1 MAIN ST|LOS ANGELES CA',
    );
    expect(addressKey({ street: '1 Main St' })).toBe('1 MAIN ST|');
  });

  it('ignores case, punctuation and the spelling of suffixes and unit designators', () => {
    fc.assert(
      fc.property(addressParts, spelling, spelling, (parts, first, second) => {
        const key = (s: Spelling) => addressKey({ street: writeAddress(parts, s), zip: parts.zip });
        expect(key(first)).toBe(key(second));
      }),
    );
  });

  it('keeps addresses with different house numbers apart', () => {
    fc.assert(
      fc.property(addressParts, fc.integer({ min: 1, max: 99999 }), spelling, (parts, other, s) => {
        fc.pre(other !== parts.number);
        const key = (number: number) =>
          addressKey({ street: writeAddress({ ...parts, number }, s), zip: parts.zip });
        expect(key(other)).not.toBe(key(parts.number));
      }),
    );
  });

  it('keeps different units of one building apart', () => {
    fc.assert(
      fc.property(addressParts, fc.integer({ min: 1, max: 999 }), spelling, (parts, unit, s) => {
        fc.pre(parts.unit !== undefined && unit !== parts.unit);
        const key = (u: number) =>
          addressKey({ street: writeAddress({ ...parts, unit: u }, s), zip: parts.zip });
        expect(key(unit)).not.toBe(key(parts.unit!));
      }),
    );
  });

  it('keeps the same street in different ZIP Codes apart', () => {
    expect(addressKey({ street: '1 Main St', zip: '90210' })).not.toBe(
      addressKey({ street: '1 Main St', zip: '10001' }),
    );
  });
});

describe('the spelling tables', () => {
  it('map each standard form to itself', () => {
    for (const [, standard] of STREET_WORDS) expect(STREET_WORDS.get(standard)).toBe(standard);
    for (const [, standard] of UNIT_WORDS) expect(UNIT_WORDS.get(standard)).toBe(standard);
  });

  it('share no spelling between street words and unit designators', () => {
    const shared = [...STREET_WORDS.keys()].filter((spelling) => UNIT_WORDS.has(spelling));
    expect(shared).toEqual([]);
  });
});
