import { SeededRandom } from './seeded-random';

const WORDS = [
  'invoice', 'repair', 'transmission', 'labor', 'parts', 'dealer', 'service', 'order',
  'vehicle', 'mileage', 'warranty', 'customer', 'total', 'paid', 'date', 'torque',
  'converter', 'fluid', 'clutch', 'valve', 'body', 'inspection', 'diagnostic', 'estimate',
]; // prettier-ignore

const LINES_PER_PAGE = 48;

/**
 * A multi-page PDF 1.4 of about `targetBytes` (never less), with text pages and an exact
 * cross-reference table, so it is what a claimant's scanned-and-OCRed invoice looks like to
 * the server: a real PDF, not padding. The same title and seed give the same bytes.
 */
export function buildSamplePdf(title: string, targetBytes: number, seed: number): Buffer {
  if (!Number.isInteger(targetBytes) || targetBytes < 1024) {
    throw new Error(
      `PDF size ${targetBytes} is not valid; expected a whole number of bytes from 1024`,
    );
  }
  const random = new SeededRandom(seed);
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const pages: string[] = [];
  let estimate = 0;
  while (estimate < targetBytes) {
    const lines = [`BT /F1 14 Tf 72 740 Td (${escape(title)} - page ${pages.length + 1}) Tj ET`];
    for (let line = 0; line < LINES_PER_PAGE; line += 1) {
      const words = Array.from({ length: 9 }, () => random.pick(WORDS));
      const amount = `${random.int(1, 4999)}.${random.digits(2)}`;
      lines.push(`BT /F1 9 Tf 72 ${716 - line * 13} Td (${words.join(' ')} ${amount}) Tj ET`);
    }
    const content = `${lines.join('\n')}\n`;
    pages.push(content);
    estimate += content.length + 200;
  }

  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream per page.
  const pageIds = pages.map((_, index) => 4 + index * 2);
  const objects = new Map<number, string>([
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [
      2,
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    ],
    [3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
  ]);
  pages.forEach((content, index) => {
    const pageId = pageIds[index] as number;
    objects.set(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageId + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    objects.set(
      pageId + 1,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  });

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id <= objects.size; id += 1) {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${id} 0 obj\n${objects.get(id) as string}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.size + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.size + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
