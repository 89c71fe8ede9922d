import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument, type Document } from 'yaml';
import { DEMO_CASE } from './paths';

export interface CaseFolder {
  dir: string;
  remove(): void;
}

/**
 * A copy of the demo case in a temporary folder with its case.yaml edited, for a server that
 * needs a different theme, deadline or captcha provider. Comments and layout are kept.
 */
export function copyDemoCase(
  name: string,
  edit: (caseYaml: Document, dir: string) => void,
): CaseFolder {
  const dir = mkdtempSync(path.join(tmpdir(), `claims-e2e-case-${name}-`));
  cpSync(DEMO_CASE, dir, { recursive: true });
  const file = path.join(dir, 'case.yaml');
  const document = parseDocument(readFileSync(file, 'utf8'));
  edit(document, dir);
  if (document.errors.length > 0) {
    throw new Error(
      `the edited case.yaml of ${name} is invalid: ${document.errors.map(String).join('; ')}`,
    );
  }
  writeFileSync(file, document.toString());
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
