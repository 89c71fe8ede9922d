import { describe, expect, it } from 'vitest';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import { toCamelCase } from '@claims/core/text/camel-case';
import { ADDRESS_FIELDS } from '../blocks/address-input-block';
import type { BlockConfig } from '../blocks/registry';
import { demoModelConfigs } from '../testing/demo-case';
import { DEFAULT_NAVIGATION } from '@claims/core/navigation/navigation';
import { formPagePath } from '@claims/core/routes';
import { PAGE_CONFIGS, pageConfigFor, pageOutsideOrder } from './page-configs';

type PageFormType = keyof typeof PAGE_CONFIGS;

/** Every (dtoMapping, field) a block edits; the page's model unless the block names a list. */
function fieldsOf(
  block: BlockConfig,
  pageMapping: DtoMapping | null,
): [DtoMapping | null, string][] {
  switch (block.component) {
    case 'NameInput':
      return ['firstName', 'middleInitial', 'lastName'].map((field) => [pageMapping, field]);
    case 'AddressInput':
      return Object.values(ADDRESS_FIELDS).map((field) => [pageMapping, field]);
    case 'CheckboxGroup':
      return block.props.fields.map((field) => [pageMapping, field]);
    case 'MultiRecordManager':
      return block.props.fields.map((field) => [block.props.model.dtoMapping, field.props.field]);
    case 'MultiRecordTable':
      return block.props.columns.map((column) => [
        block.props.model.dtoMapping,
        column.props.field,
      ]);
    default: {
      const field = (block.props as { field?: unknown } | undefined)?.field;
      return typeof field === 'string' ? [[pageMapping, field]] : [];
    }
  }
}

function usedFields(formType: PageFormType): Set<string> {
  const used = new Set<string>();
  for (const page of Object.values(PAGE_CONFIGS[formType])) {
    for (const block of page.blocks) {
      for (const [mapping, field] of fieldsOf(block, page.metadata?.dtoMapping ?? null)) {
        used.add(`${mapping}.${field}`);
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

const FORMS = Object.keys(PAGE_CONFIGS) as PageFormType[];

describe('page configs of the demo case', () => {
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
    for (const page of Object.values(PAGE_CONFIGS[formType])) {
      if (page.metadata) expect(mappings).toContain(page.metadata.dtoMapping);
    }
  });

  it('fail for a page the form does not have, listing its pages', () => {
    expect(() => pageConfigFor('Automotive', 'payment-election')).toThrow(
      'the Automotive form has no page "payment-election"; expected one of landing, claimant-info, claim-details, supporting-documents, claim-summary, confirmation',
    );
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
});
