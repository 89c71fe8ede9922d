import { parse } from 'yaml';
import { toRemoteModelConfigs, type CaseDefinition } from '@claims/core/case/case-schema';
import { parseCaseDefinition } from '@claims/core/case/parse-case';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import caseYaml from '../../../../../../cases/demo/case.yaml?raw';
import en from '../../../../../../cases/demo/content/en.json';
import es from '../../../../../../cases/demo/content/es.json';

let parsed: CaseDefinition | null = null;

/** The demo case as the server builds it: case.yaml plus the content of each culture. */
export function demoCase(): CaseDefinition {
  // Checking the whole case takes a while; each test file does it once.
  parsed ??= parseCaseDefinition({
    ...(parse(caseYaml) as Record<string, unknown>),
    content: { en, es },
  });
  return parsed;
}

/** What GET /api/forms/config answers for the demo case. */
export function demoModelConfigs(): RemoteModelConfig[] {
  return toRemoteModelConfigs(demoCase());
}

export const demoContent: Readonly<Record<'en' | 'es', Readonly<Record<string, string>>>> = {
  en,
  es,
};
