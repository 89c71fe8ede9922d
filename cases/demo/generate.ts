/**
 * Writes the synthetic data of the demo case: class-list.csv, vehicles.csv and the PDF
 * documents under documents/. The output depends only on SEED, so running it again gives
 * the same bytes. Run from the repository root with `npx tsx cases/demo/generate.ts`.
 *
 * Everything here is invented: names are drawn from common-name lists, addresses are made up
 * (street numbers and names are random), phone numbers are in the fictional 555-01xx range
 * and e-mail addresses use the reserved example.* domains.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withVinCheckDigit } from '../../packages/core/src/vin';

const SEED = 20270315;
export const CLASS_MEMBER_COUNT = 1200;
export const VEHICLE_COUNT = 1500;

/** mulberry32: small, fast and good enough for shuffling synthetic data. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const chance = (probability: number): boolean => next() < probability;
  const digits = (count: number): string =>
    Array.from({ length: count }, () => String(int(0, 9))).join('');
  return { int, pick, chance, digits };
}
type Random = ReturnType<typeof createRandom>;

const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David',
  'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah',
  'Christopher', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark',
  'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Kevin', 'Donna',
  'José', 'María', 'Juan', 'Guadalupe', 'Luis', 'Carmen', 'Carlos', 'Rosa', 'Jesús', 'Ana',
  'Miguel', 'Lucía', 'Francisco', 'Sofía', 'Alejandro', 'Verónica', 'Ramón', 'Inés', 'Minh',
  'Thanh', 'Wei', 'Mei', 'Priya', 'Arjun', 'Aisha', 'Kwame', 'Olga', 'Dmitri', 'Fatima', 'Omar',
  'Hana', 'Kenji', 'Siobhan', 'Zoë', 'Renée', 'André', 'François', 'Chloé', 'Joaquín', 'Noémie',
  'Tyrone', 'Keisha', 'DeShawn', 'Latoya', 'Mary Ann', 'Jo-Ellen',
]; // prettier-ignore

const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson',
  'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark',
  'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill', 'Green',
  'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips', 'Campbell',
  'García', 'Martínez', 'Hernández', 'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres',
  'Flores', 'Rivera', 'Gómez', 'Díaz', 'Cruz', 'Reyes', 'Morales', 'Ortiz', 'Gutiérrez', 'Chávez',
  'Ramos', 'Núñez', 'Castillo', "O'Brien", "O'Connor", 'Smith-Jones', 'McAllister', 'Nguyen',
  'Tran', 'Le', 'Kim', 'Park', 'Chen', 'Wang', 'Patel', 'Shah', 'Okafor', 'Mensah', 'Kowalski',
  'Novak', 'Müller', 'Johansson', 'Larsen', 'Dubois', 'Rossi', 'Silva', 'Costa', 'Cohen', 'Levy',
  'Murphy', 'Kelly', 'Sullivan', 'Walsh', 'Van der Berg', 'St. Clair', 'De la Cruz',
]; // prettier-ignore

const STREET_NAMES = [
  'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lakeview', 'Sunset', 'Hillcrest',
  'Park', 'Main', 'Church', 'Mill', 'Walnut', 'Chestnut', 'Willow', 'Highland', 'Riverside',
  'Franklin', 'Jefferson', 'Lincoln', 'Madison', 'Spring', 'Meadow', 'Forest', 'Orchard',
  'Valley', 'Canyon', 'Harbor', 'Bayview', 'Mesa', 'Sierra', 'Alameda', 'Vista', 'Magnolia',
]; // prettier-ignore
const STREET_SUFFIXES = [
  'Street',
  'Avenue',
  'Road',
  'Lane',
  'Drive',
  'Court',
  'Way',
  'Boulevard',
  'Place',
];

/** City, state and a ZIP code of the city. */
const US_CITIES: readonly (readonly [string, string, string])[] = [
  ['Portland', 'OR', '97205'], ['Seattle', 'WA', '98101'], ['Spokane', 'WA', '99201'],
  ['Boise', 'ID', '83702'], ['Sacramento', 'CA', '95814'], ['Fresno', 'CA', '93721'],
  ['Los Angeles', 'CA', '90012'], ['San Diego', 'CA', '92101'], ['San Jose', 'CA', '95113'],
  ['Oakland', 'CA', '94612'], ['Phoenix', 'AZ', '85004'], ['Tucson', 'AZ', '85701'],
  ['Albuquerque', 'NM', '87102'], ['El Paso', 'TX', '79901'], ['San Antonio', 'TX', '78205'],
  ['Houston', 'TX', '77002'], ['Dallas', 'TX', '75201'], ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'], ['Salt Lake City', 'UT', '84111'], ['Las Vegas', 'NV', '89101'],
  ['Omaha', 'NE', '68102'], ['Kansas City', 'MO', '64106'], ['St. Louis', 'MO', '63101'],
  ['Chicago', 'IL', '60602'], ['Milwaukee', 'WI', '53202'], ['Minneapolis', 'MN', '55401'],
  ['Detroit', 'MI', '48226'], ['Columbus', 'OH', '43215'], ['Cleveland', 'OH', '44113'],
  ['Indianapolis', 'IN', '46204'], ['Louisville', 'KY', '40202'], ['Nashville', 'TN', '37201'],
  ['Memphis', 'TN', '38103'], ['Atlanta', 'GA', '30303'], ['Miami', 'FL', '33130'],
  ['Orlando', 'FL', '32801'], ['Tampa', 'FL', '33602'], ['Charlotte', 'NC', '28202'],
  ['Raleigh', 'NC', '27601'], ['Richmond', 'VA', '23219'], ['Baltimore', 'MD', '21202'],
  ['Philadelphia', 'PA', '19107'], ['Pittsburgh', 'PA', '15222'], ['Newark', 'NJ', '07102'],
  ['New York', 'NY', '10007'], ['Buffalo', 'NY', '14202'], ['Boston', 'MA', '02108'],
  ['Hartford', 'CT', '06103'], ['Providence', 'RI', '02903'], ['Burlington', 'VT', '05401'],
  ['Portland', 'ME', '04101'], ['Anchorage', 'AK', '99501'], ['Honolulu', 'HI', '96813'],
  ['San Juan', 'PR', '00901'], ['Washington', 'DC', '20001'], ['New Orleans', 'LA', '70112'],
  ['Oklahoma City', 'OK', '73102'], ['Little Rock', 'AR', '72201'], ['Jackson', 'MS', '39201'],
  ['Birmingham', 'AL', '35203'], ['Des Moines', 'IA', '50309'], ['Fargo', 'ND', '58102'],
  ['Sioux Falls', 'SD', '57104'], ['Billings', 'MT', '59101'], ['Cheyenne', 'WY', '82001'],
  ['Charleston', 'WV', '25301'], ['Wilmington', 'DE', '19801'], ['Manchester', 'NH', '03101'],
]; // prettier-ignore

/** Country, city, subdivision, postal code and telephone prefix, for members who moved abroad. */
const FOREIGN_CITIES: readonly (readonly [string, string, string, string, string])[] = [
  ['CA', 'Toronto', 'ON', 'M5V 2T6', '1416'], ['CA', 'Vancouver', 'BC', 'V6B 1A1', '1604'],
  ['CA', 'Montréal', 'QC', 'H2Y 1C6', '1514'], ['CA', 'Calgary', 'AB', 'T2P 1J9', '1403'],
  ['MX', 'Tijuana', 'Baja California', '22000', '52664'],
  ['MX', 'Monterrey', 'Nuevo León', '64000', '5281'],
  ['MX', 'Guadalajara', 'Jalisco', '44100', '5233'],
]; // prettier-ignore

const AREA_CODES = [
  '206',
  '213',
  '305',
  '312',
  '404',
  '415',
  '503',
  '602',
  '713',
  '720',
  '808',
  '917',
];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

interface VehicleModel {
  model: string;
  wmi: string;
  code: string;
  trims: readonly (readonly [string, string])[];
  engines: string;
}

/** The Class Vehicles: WMI, model code, trims (name and VIN code) and engine codes. */
const MODELS: readonly VehicleModel[] = [
  { model: 'Aster', wmi: '1NW', code: 'AS', trims: [['SE', 'B'], ['SEL', 'L'], ['Limited', 'X']], engines: '25' },
  { model: 'Vireo', wmi: '1NW', code: 'VR', trims: [['S', 'B'], ['SX', 'S']], engines: '2' },
  { model: 'Cascade', wmi: '5NW', code: 'CD', trims: [['Base', 'B'], ['Sport', 'S'], ['Touring', 'T']], engines: '53' },
  { model: 'Summit', wmi: '5NW', code: 'SM', trims: [['Work', 'W'], ['XLT', 'L'], ['Platinum', 'P']], engines: '3' },
]; // prettier-ignore

/** Position 10 of the VIN: the model year (49 CFR 565). */
export const MODEL_YEAR_CODES: Readonly<Record<number, string>> = {
  2017: 'H',
  2018: 'J',
  2019: 'K',
  2020: 'L',
  2021: 'M',
  2022: 'N',
};
export const CLASS_YEARS = [2018, 2019, 2020, 2021] as const;
const PLANTS = ['T', 'G', 'R'];

export interface Vehicle {
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string;
}

function vinFor(
  random: Random,
  vehicleModel: VehicleModel,
  trimCode: string,
  year: number,
): string {
  const vds = `${vehicleModel.code}${trimCode}${random.pick([...vehicleModel.engines])}F`;
  const yearCode = MODEL_YEAR_CODES[year] as string;
  const serial = random.digits(6);
  return withVinCheckDigit(`${vehicleModel.wmi}${vds}0${yearCode}${random.pick(PLANTS)}${serial}`);
}

function generateVehicles(random: Random): Vehicle[] {
  const vehicles: Vehicle[] = [];
  const seen = new Set<string>();
  while (vehicles.length < VEHICLE_COUNT) {
    const vehicleModel = random.pick(MODELS);
    const [trim, trimCode] = random.pick(vehicleModel.trims);
    const year = random.pick(CLASS_YEARS);
    const vin = vinFor(random, vehicleModel, trimCode, year);
    if (seen.has(vin)) continue;
    seen.add(vin);
    vehicles.push({ vin, year, make: 'Northwind', model: vehicleModel.model, trim });
  }
  return vehicles;
}

/**
 * VINs with a valid check digit that are not on the list: the same models in model years
 * 2017 and 2022, which the settlement does not cover.
 */
function generateIneligibleVins(random: Random, eligible: ReadonlySet<string>): string[] {
  const vins: string[] = [];
  for (const year of [2022, 2017, 2022]) {
    for (;;) {
      const vehicleModel = random.pick(MODELS);
      const vin = vinFor(random, vehicleModel, random.pick(vehicleModel.trims)[1], year);
      if (!eligible.has(vin)) {
        vins.push(vin);
        break;
      }
    }
  }
  return vins;
}

export const CLASS_LIST_COLUMNS = [
  'NoticeId',
  'Pin',
  'FirstName',
  'MiddleInitial',
  'LastName',
  'MailingStreetLine1',
  'MailingStreetLine2',
  'MailingCity',
  'MailingSubDivision',
  'MailingPostalCode',
  'MailingSubDivisionNonUS',
  'MailingPostalCodeNonUS',
  'MailingCountry',
  'EmailAddress',
  'PhoneNumber',
  'Vin',
] as const;
export type ClassMember = Record<(typeof CLASS_LIST_COLUMNS)[number], string>;

export const VEHICLE_COLUMNS = ['Vin', 'Year', 'Make', 'Model', 'Trim'] as const;

function asciiLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

function generateMember(random: Random, noticeId: string, vin: string): ClassMember {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const street = `${random.int(1, 9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`;
  const line2 = random.chance(0.25)
    ? `${random.pick(['Apt', 'Unit', 'Suite'])} ${random.int(1, 40)}${random.pick(['', '', 'A', 'B'])}`
    : '';
  const email = random.chance(0.9)
    ? `${asciiLetters(firstName)}.${asciiLetters(lastName)}${random.int(1, 99)}@${random.pick(EMAIL_DOMAINS)}`
    : '';
  const member: ClassMember = {
    NoticeId: noticeId,
    Pin: random.digits(6),
    FirstName: firstName,
    MiddleInitial: random.chance(0.7) ? String.fromCharCode(65 + random.int(0, 25)) : '',
    LastName: lastName,
    MailingStreetLine1: street,
    MailingStreetLine2: line2,
    MailingCity: '',
    MailingSubDivision: '',
    MailingPostalCode: '',
    MailingSubDivisionNonUS: '',
    MailingPostalCodeNonUS: '',
    MailingCountry: 'US',
    EmailAddress: email,
    PhoneNumber: '',
    Vin: vin,
  };
  if (random.chance(0.03)) {
    const [country, city, subdivision, postalCode, phonePrefix] = random.pick(FOREIGN_CITIES);
    Object.assign(member, {
      MailingCountry: country,
      MailingCity: city,
      MailingSubDivisionNonUS: subdivision,
      MailingPostalCodeNonUS: postalCode,
      PhoneNumber: random.chance(0.8) ? `${phonePrefix}555${random.digits(4)}` : '',
    });
  } else {
    const [city, state, zip] = random.pick(US_CITIES);
    Object.assign(member, {
      MailingCity: city,
      MailingSubDivision: state,
      MailingPostalCode: random.chance(0.25) ? `${zip}-${random.digits(4)}` : zip,
      PhoneNumber: random.chance(0.8)
        ? `(${random.pick(AREA_CODES)}) 555-01${random.digits(2)}`
        : '',
    });
  }
  return member;
}

function generateClassList(random: Random, vehicles: readonly Vehicle[]): ClassMember[] {
  const noticeIds = new Set<string>();
  while (noticeIds.size < CLASS_MEMBER_COUNT)
    noticeIds.add(`NW${random.int(1, 9)}${random.digits(7)}`);
  // Members own the first vehicles of the list; the rest have no notice (the VIN form's case).
  return [...noticeIds].map((noticeId, index) =>
    generateMember(random, noticeId, (vehicles[index] as Vehicle).vin),
  );
}

/** RFC 4180 CSV; the data never holds commas, quotes or line breaks, so no field is quoted. */
function toCsv(
  columns: readonly string[],
  rows: readonly Readonly<Record<string, string>>[],
): string {
  const lines = [columns.join(',')];
  for (const row of rows) {
    const fields = columns.map((column) => row[column] ?? '');
    for (const field of fields) {
      if (/[",\r\n]/.test(field))
        throw new Error(`field ${JSON.stringify(field)} would need quoting`);
    }
    lines.push(fields.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface PdfDocument {
  title: string;
  paragraphs: readonly string[];
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const LINE_HEIGHT = 15;
const WRAP_AT = 88;

function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > WRAP_AT) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/**
 * A small text-only PDF (Helvetica in WinAnsi encoding, which covers the Latin-1 letters of
 * Spanish). Written by hand so the bytes stay the same from run to run.
 */
function renderPdf(document: PdfDocument): Buffer {
  const pages: string[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  const add = (operation: string, height: number) => {
    if (y - height < MARGIN) {
      pages.push([]);
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= height;
    (pages[pages.length - 1] as string[]).push(operation.replace('{y}', String(y)));
  };
  add(`BT /F2 9 Tf ${MARGIN} {y} Td ${pdfString('FICTIONAL - FOR DEMONSTRATION ONLY')} Tj ET`, 0);
  add(`BT /F2 16 Tf ${MARGIN} {y} Td ${pdfString(document.title)} Tj ET`, 30);
  y -= 10;
  for (const paragraph of document.paragraphs) {
    for (const line of wrap(paragraph)) {
      add(`BT /F1 11 Tf ${MARGIN} {y} Td ${pdfString(line)} Tj ET`, LINE_HEIGHT);
    }
    y -= 8;
  }
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] =
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((operations, index) => {
    const stream = operations.join('\n');
    const pageId = pageIds[index] as number;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  const infoId = objects.length;
  objects[infoId] = `<< /Title ${pdfString(document.title)} /Producer (Northwind demo case) >>`;
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) {
    body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  }
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  for (const char of body) {
    if (char.charCodeAt(0) > 0xff) throw new Error(`"${char}" cannot be written in a WinAnsi PDF`);
  }
  return Buffer.from(body, 'latin1');
}

const CASE_CAPTION =
  'United States District Court, Northern District of Cascadia. In re Northwind Motors Transmission Defect Litigation, Case No. 3:25-cv-04187-MVR.';

const DOCUMENTS: Readonly<Record<string, PdfDocument>> = {
  'long-form-notice.pdf': {
    title: 'Notice of Proposed Class Action Settlement',
    paragraphs: [
      CASE_CAPTION,
      'If you bought or leased a 2018-2021 Northwind Aster, Cascade, Summit or Vireo with the DX-6 automatic transmission, a class action settlement may affect your rights. A court authorized this notice. This is not a solicitation from a lawyer.',
      'WHAT THE LAWSUIT IS ABOUT. The plaintiffs claim that the DX-6 transmission can shudder, slip or hesitate when shifting, and that Northwind Motors, Inc. did not repair the defect under warranty. Northwind denies the claims. The Court has not decided who is right.',
      'WHAT THE SETTLEMENT PROVIDES. (1) A cash payment of $175 for each Class Vehicle. (2) Reimbursement of 100% of out-of-pocket costs paid to repair or replace the DX-6 transmission, its torque converter or its valve body, with reasonable rental car and towing costs. (3) An extended transmission warranty of 10 years or 120,000 miles, whichever comes first.',
      'HOW TO FILE A CLAIM. File online at this website. If you received a notice, use the Notice ID and PIN printed on it. If you did not, use the vehicle identification number (VIN) of your Class Vehicle. Claims must be filed by the deadline shown on the Key Dates page.',
      'YOUR OTHER OPTIONS. You may exclude yourself from the settlement, or object to it, by March 1, 2027. If you exclude yourself, you receive no payment but keep your right to sue Northwind on your own. If you do nothing, you receive the extended warranty but no payment, and you give up your right to sue.',
      "THE FINAL APPROVAL HEARING. The Court will hold a hearing on April 15, 2027, at 10:00 a.m. Pacific Time, to decide whether to approve the settlement and the request for attorneys' fees. You may attend, but you do not have to.",
      'QUESTIONS? Call 1-855-555-0147 toll-free, email info@northwindtransmissionsettlement.example, or write to Northwind Transmission Settlement, c/o Harborview Claims Administration, P.O. Box 4417, Portland, OR 97208-4417.',
    ],
  },
  'aviso-detallado.pdf': {
    title: 'Aviso de acuerdo propuesto en una demanda colectiva',
    paragraphs: [
      'Tribunal de Distrito de los Estados Unidos, Distrito Norte de Cascadia. In re Northwind Motors Transmission Defect Litigation, caso n.º 3:25-cv-04187-MVR.',
      'Si usted compró o arrendó un Northwind Aster, Cascade, Summit o Vireo de los años 2018 a 2021 con la transmisión automática DX-6, un acuerdo en una demanda colectiva puede afectar sus derechos. Un tribunal autorizó este aviso. Esta no es una oferta de servicios de un abogado.',
      'DE QUÉ TRATA LA DEMANDA. Los demandantes alegan que la transmisión DX-6 puede vibrar, patinar o tardar en responder al cambiar de marcha, y que Northwind Motors, Inc. no reparó el defecto bajo garantía. Northwind niega las alegaciones. El Tribunal no ha decidido quién tiene la razón.',
      'QUÉ OFRECE EL ACUERDO. (1) Un pago en efectivo de $175 por cada Vehículo del Grupo. (2) El reembolso del 100 % de los gastos de su bolsillo para reparar o reemplazar la transmisión DX-6, su convertidor de par o su cuerpo de válvulas, junto con los costos razonables de auto de alquiler y de remolque. (3) Una garantía extendida de la transmisión de 10 años o 120,000 millas, lo que ocurra primero.',
      'CÓMO PRESENTAR UN RECLAMO. Presente su reclamo en línea en este sitio web. Si recibió un aviso, use el número de aviso y el PIN impresos en él. Si no lo recibió, use el número de identificación (VIN) de su Vehículo del Grupo. Los reclamos deben presentarse antes de la fecha límite indicada en la página Fechas importantes.',
      'SUS OTRAS OPCIONES. Puede excluirse del acuerdo, u objetarlo, a más tardar el 1 de marzo de 2027. Si se excluye, no recibirá ningún pago, pero conservará su derecho a demandar a Northwind por su cuenta. Si no hace nada, recibirá la garantía extendida pero ningún pago, y renunciará a su derecho a demandar.',
      'LA AUDIENCIA DE APROBACIÓN FINAL. El Tribunal celebrará una audiencia el 15 de abril de 2027, a las 10:00 a. m., hora del Pacífico, para decidir si aprueba el acuerdo y la solicitud de honorarios de los abogados. Puede asistir, pero no está obligado a hacerlo.',
      '¿PREGUNTAS? Llame gratis al 1-855-555-0147, escriba a info@northwindtransmissionsettlement.example o envíe una carta a Northwind Transmission Settlement, c/o Harborview Claims Administration, P.O. Box 4417, Portland, OR 97208-4417.',
    ],
  },
  'settlement-agreement.pdf': {
    title: 'Class Action Settlement Agreement',
    paragraphs: [
      CASE_CAPTION,
      '1. DEFINITIONS. "Class Vehicle" means any 2018, 2019, 2020 or 2021 Northwind Aster, Cascade, Summit or Vireo equipped with the DX-6 automatic transmission and sold or leased in the United States or its territories. "Class Member" means any person who bought or leased a Class Vehicle, excluding Northwind, its dealers and their employees, and the judges assigned to this case.',
      '2. CASH PAYMENT. Each Class Member who submits a valid and timely claim shall receive a payment of $175 for each Class Vehicle, regardless of whether the Class Vehicle was repaired.',
      '3. REPAIR REIMBURSEMENT. Each Class Member who paid out of pocket to repair or replace the DX-6 transmission, its torque converter or its valve body shall be reimbursed the full amount paid, together with reasonable rental car and towing costs, upon submission of proof of payment.',
      '4. EXTENDED WARRANTY. Northwind shall extend the warranty covering the DX-6 transmission to 10 years or 120,000 miles from the original in-service date, whichever comes first. The extension applies automatically and requires no claim.',
      '5. CLAIMS PROCESS. Claims shall be filed online through the settlement website or by mail. The Settlement Administrator shall review each claim and may request additional documentation before approving or denying it.',
      '6. RELEASE. In exchange for the benefits of this Agreement, Class Members who do not exclude themselves release Northwind from all claims relating to the DX-6 transmission that were or could have been asserted in this action.',
      "7. ATTORNEYS' FEES. Class Counsel shall apply to the Court for attorneys' fees and expenses not to exceed $4,500,000, to be paid by Northwind separately from the benefits to Class Members.",
    ],
  },
  'preliminary-approval-order.pdf': {
    title: 'Order Granting Preliminary Approval of Class Action Settlement',
    paragraphs: [
      CASE_CAPTION,
      "Having considered the plaintiffs' unopposed motion for preliminary approval of the class action settlement, the Court finds that the proposed settlement is fair, reasonable and adequate, and falls within the range of possible final approval.",
      'IT IS HEREBY ORDERED that the settlement is preliminarily approved; that Harborview Claims Administration is appointed Settlement Administrator; and that notice shall be given to the Class in the manner set out in the Settlement Agreement.',
      'IT IS FURTHER ORDERED that requests for exclusion and objections must be postmarked or submitted no later than March 1, 2027, and that the Final Approval Hearing shall be held on April 15, 2027, at 10:00 a.m. Pacific Time.',
      'IT IS SO ORDERED.',
    ],
  },
};

export interface DemoData {
  vehicles: Vehicle[];
  classMembers: ClassMember[];
  ineligibleVins: string[];
  /** File path relative to the case folder → content. */
  files: Map<string, string | Buffer>;
}

/** Everything the generator writes, computed in memory. */
export function generateDemoData(): DemoData {
  const random = createRandom(SEED);
  const vehicles = generateVehicles(random);
  const classMembers = generateClassList(random, vehicles);
  const ineligibleVins = generateIneligibleVins(random, new Set(vehicles.map((v) => v.vin)));
  const files = new Map<string, string | Buffer>();
  files.set('class-list.csv', toCsv(CLASS_LIST_COLUMNS, classMembers));
  files.set(
    'vehicles.csv',
    toCsv(
      VEHICLE_COLUMNS,
      vehicles.map((vehicle) => ({
        Vin: vehicle.vin,
        Year: String(vehicle.year),
        Make: vehicle.make,
        Model: vehicle.model,
        Trim: vehicle.trim,
      })),
    ),
  );
  for (const [name, document] of Object.entries(DOCUMENTS)) {
    files.set(`documents/${name}`, renderPdf(document));
  }
  return { vehicles, classMembers, ineligibleVins, files };
}

function main(): void {
  const folder = path.dirname(fileURLToPath(import.meta.url));
  const data = generateDemoData();
  for (const [name, content] of data.files) {
    const file = path.join(folder, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  const members = data.classMembers;
  const foreign = members.find((member) => member.MailingCountry !== 'US');
  console.log(`wrote ${data.files.size} files to ${folder}`);
  console.log('sample class members (Notice ID, PIN, name, VIN):');
  for (const member of [...members.slice(0, 3), ...(foreign ? [foreign] : [])]) {
    console.log(
      `  ${member.NoticeId} ${member.Pin} ${member.FirstName} ${member.LastName} (${member.MailingCountry}) ${member.Vin}`,
    );
  }
  console.log('vehicles without a notice:');
  for (const vehicle of data.vehicles.slice(CLASS_MEMBER_COUNT, CLASS_MEMBER_COUNT + 3)) {
    console.log(`  ${vehicle.vin} ${vehicle.year} ${vehicle.make} ${vehicle.model}`);
  }
  console.log(`ineligible VINs: ${data.ineligibleVins.join(' ')}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main();
}
