import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { toRemoteModelConfigs } from '../case/case-schema';
import type { RemoteModelConfig } from '../case/field-config';
import { parseCaseDefinition } from '../case/parse-case';
import { ACCOUNT_NUMBER_CONFIRMATION_FIELD, PAYMENT_FIELDS } from '../contract/payment-election';
import type { FormType } from '../form-types';
import { DEFAULT_NAVIGATION } from '../navigation/navigation';
import { FORM_PAGES, formPagePath } from '../routes';
import { toCamelCase } from '../text/camel-case';
import { blockFields, type JourneyBlock } from './journey-blocks';
import {
  FORM_PAGE_NAMES,
  JOURNEYS,
  journeyPage,
  journeyPages,
  pageOutsideOrder,
  type JourneyFormType,
} from './journeys';

const DEMO = fileURLToPath(new URL('../../../../cases/demo/', import.meta.url));

function read(file: string): string {
  return readFileSync(path.join(DEMO, file), 'utf8');
}

let configs: RemoteModelConfig[] | null = null;

/** What GET /api/forms/config answers for the demo case. */
function demoModelConfigs(): RemoteModelConfig[] {
  configs ??= toRemoteModelConfigs(
    parseCaseDefinition({
      ...(parse(read('case.yaml')) as Record<string, unknown>),
      content: {
        en: JSON.parse(read('content/en.json')) as Record<string, string>,
        es: JSON.parse(read('content/es.json')) as Record<string, string>,
      },
    }),
  );
  return configs;
}

function usedFields(formType: JourneyFormType): Set<string> {
  const used = new Set<string>();
  for (const [, page] of journeyPages(formType)) {
    for (const block of page.blocks) {
      for (const { list, field } of blockFields(block)) {
        used.add(`${list ?? page.metadata?.dtoMapping ?? null}.${field}`);
      }
    }
  }
  return used;
}

function caseFields(formType: FormType): Set<string> {
  return new Set(
    demoModelConfigs()
      .filter((config) => config.metadata.formType === formType)
      .flatMap((config) =>
        Object.values(config.fields).map(
          (field) => `${config.metadata.dtoMapping}.${toCamelCase(field.key)}`,
        ),
      ),
  );
}

const FORMS = Object.keys(JOURNEYS) as JourneyFormType[];

describe('journeys of the demo case', () => {
  it.each(FORMS)('edit only fields the %s form has', (formType) => {
    const missing = [...usedFields(formType)].filter((field) => !caseFields(formType).has(field));
    expect(missing).toEqual([]);
  });

  it.each(FORMS)('edit every field of the %s form on some page', (formType) => {
    const used = usedFields(formType);
    const unused = [...caseFields(formType)].filter((field) => !used.has(field));
    expect(unused).toEqual([]);
  });

  it.each(FORMS)('select models the %s form has', (formType) => {
    const mappings = new Set(
      demoModelConfigs()
        .filter((config) => config.metadata.formType === formType)
        .map((config) => config.metadata.dtoMapping),
    );
    for (const [, page] of journeyPages(formType)) {
      if (page.metadata) expect(mappings).toContain(page.metadata.dtoMapping);
    }
  });

  it.each(FORMS)('give each page of the %s form a model of that form', (formType) => {
    for (const [, page] of journeyPages(formType)) {
      if (page.metadata) expect(page.metadata.formType).toBe(formType);
    }
  });

  it('fail for a page the form does not have, listing its pages', () => {
    expect(() => journeyPage('Automotive', 'payment-election')).toThrow(
      'the Automotive form has no page "payment-election"; expected one of landing, claimant-info, claim-details, supporting-documents, claim-summary, confirmation',
    );
  });

  it('send the Lookup form to its page of its own', () => {
    expect(() => journeyPage('Lookup', 'landing')).toThrow(
      'the Lookup form has one page of its own: LookupPage',
    );
  });

  it('give a page of the form by its name', () => {
    expect(journeyPage('Standard', 'payment-election').metadata).toEqual({
      formType: 'Standard',
      dtoMapping: 'ClaimDetails',
    });
  });

  it('continue from the Automotive payment-election route to the page after claim details', () => {
    const claimDetails = DEFAULT_NAVIGATION.Automotive.find(
      (node) => node.path === formPagePath('Automotive', 'claim-details'),
    );
    const outside = pageOutsideOrder('Automotive', 'payment-election');
    expect(outside).toBeDefined();
    expect(formPagePath('Automotive', outside?.continueTo ?? '')).toBe(claimDetails?.nextNavTarget);
  });

  it('keep the Standard payment election a page of the form', () => {
    expect(pageOutsideOrder('Standard', 'payment-election')).toBeUndefined();
  });

  it('give the Lookup form no journey pages', () => {
    expect(journeyPages('Lookup')).toEqual([]);
  });

  it.each(FORMS)(
    'give the %s form a page or a page outside its order for each of its routes, in route order',
    (formType) => {
      const routed = FORM_PAGES[formType].map((page) => (page === '' ? 'landing' : page));
      const inOrder = journeyPages(formType).map(([name]) => name);
      expect(inOrder).toEqual(routed.filter((page) => !pageOutsideOrder(formType, page)));
      expect(routed.filter((page) => pageOutsideOrder(formType, page))).toEqual(
        routed.filter((page) => !inOrder.some((name) => name === page)),
      );
    },
  );

  it('name the landing page of the route table "landing"', () => {
    expect(FORM_PAGE_NAMES).toEqual([
      'landing',
      'claimant-info',
      'claim-details',
      'payment-election',
      'supporting-documents',
      'claim-summary',
      'confirmation',
    ]);
  });

  it('summarise the payment election apart from the other claim details', () => {
    const summary = journeyPage('Standard', 'claim-summary').blocks.find(
      (block): block is Extract<JourneyBlock, { component: 'DataSummary' }> =>
        block.component === 'DataSummary',
    );
    const details = summary?.props.sections.filter(
      (section) => section.dtoMapping === 'ClaimDetails',
    );
    expect(details?.map((section) => [section.exclude, section.only])).toEqual([
      [PAYMENT_FIELDS, undefined],
      // The account number typed a second time is a check, not an answer to show.
      [[ACCOUNT_NUMBER_CONFIRMATION_FIELD], PAYMENT_FIELDS],
    ]);
  });
});
