import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { CaseDefinition } from '@claims/core/case/case-schema';
import { CaseDefinitionError, parseCaseDefinition } from '@claims/core/case/parse-case';

/** A case folder's files (docs/architecture.md#demo-case). */
export const CASE_FILE = 'case.yaml';
export const CONTENT_FOLDER = 'content';
export const CLASS_LIST_FILE = 'class-list.csv';
export const VEHICLE_LIST_FILE = 'vehicles.csv';

export interface LoadedCase {
  folder: string;
  definition: CaseDefinition;
}

/** Thrown when the case folder cannot be used; the server refuses to start with this message. */
export class CaseLoadError extends Error {
  override name = 'CaseLoadError';
}

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CaseLoadError(
      code === 'ENOENT'
        ? `${file}: the ${what} is missing`
        : `${file}: cannot read the ${what} (${(error as Error).message})`,
    );
  }
}

function parseYaml(text: string, file: string): unknown {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const [first] = document.errors;
  if (first !== undefined) {
    throw new CaseLoadError(`${file}: not valid YAML: ${first.message}`);
  }
  return document.toJS();
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CaseLoadError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
}

function cultureCodesOf(raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const cultures = (raw as { cultures?: unknown }).cultures;
  if (typeof cultures !== 'object' || cultures === null) return [];
  const enabled = (cultures as { enabled?: unknown }).enabled;
  if (typeof enabled !== 'object' || enabled === null) return [];
  // Only codes that could name a file inside content/; the schema reports the others.
  return Object.keys(enabled).filter((code) => /^[A-Za-z0-9-]+$/.test(code));
}

/**
 * Reads case.yaml and the content of each of its cultures (content/<code>.json), and
 * validates the whole with packages/core's case schema. Every problem is reported with the
 * file and the path inside the definition, e.g.
 * `cases/demo/case.yaml: case.theme: unexpected theme "x"; expected one of ...`.
 */
export async function loadCase(folder: string): Promise<LoadedCase> {
  const caseFile = path.join(folder, CASE_FILE);
  const raw = parseYaml(await readText(caseFile, 'case definition'), caseFile);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new CaseLoadError(`${caseFile}: expected a mapping of case settings at the top level`);
  }
  if ('content' in raw) {
    throw new CaseLoadError(
      `${caseFile}: case.content: content belongs in ${CONTENT_FOLDER}/<culture>.json, not in ${CASE_FILE}`,
    );
  }
  const content: Record<string, unknown> = {};
  for (const code of cultureCodesOf(raw)) {
    const file = path.join(folder, CONTENT_FOLDER, `${code}.json`);
    content[code] = parseJson(await readText(file, `content of culture "${code}"`), file);
  }
  try {
    return { folder, definition: parseCaseDefinition({ ...raw, content }) };
  } catch (error) {
    if (error instanceof CaseDefinitionError) {
      throw new CaseLoadError(`${caseFile}: ${error.message}`);
    }
    throw error;
  }
}
