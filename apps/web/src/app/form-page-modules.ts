import type { FieldConfig } from '@claims/core/case/field-config';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import type { JourneyPage } from '@claims/core/journeys/journeys';
import { isDateRuleType } from '@claims/core/rules/date-rule-types';
import { loadDateSupport } from '../lib/date-support';
import { useModelsStore } from '../features/forms/stores/models-store';
import { logger } from '../lib/logger';

/**
 * The form pages the forms feature provides (its contract with the shell): FormPage for every
 * page of Standard, Automotive and DocumentsUpload, and LookupPage. Each route loads them on
 * demand, so a claimant downloads the forms' code only when opening one. The heavier blocks
 * load lazily too; a route preloads those its page shows, so the page renders whole instead of
 * in pieces. imask loads with the first use of a masked input (components/masked-input.tsx).
 */

/** Whether checking the field reads dates: a date field, or a rule of a date rule type. */
function readsDates(field: FieldConfig): boolean {
  return field.kind === 'date' || field.validations.some((rule) => isDateRuleType(rule.type));
}

/** Whether a field of the form's model of that part is such that `test` holds for it. */
function modelHasField(
  formType: FormType,
  dtoMapping: DtoMapping,
  test: (field: FieldConfig) => boolean,
): boolean {
  const configs = useModelsStore.getState().remoteConfigs ?? [];
  return configs.some(
    (config) =>
      config.metadata.formType === formType &&
      config.metadata.dtoMapping === dtoMapping &&
      Object.values(config.fields).some(test),
  );
}

/** Loads the date rules when a field of one of the models reads dates (as loadFormPage does). */
export async function loadDateSupportFor(
  models: readonly { formType: FormType; dtoMapping: DtoMapping }[],
): Promise<void> {
  if (models.some((model) => modelHasField(model.formType, model.dtoMapping, readsDates))) {
    await loadDateSupport();
  }
}

/** Waits for what a page needs; a failure here is the page's to report when it renders. */
async function preload(what: Promise<unknown>[]): Promise<void> {
  try {
    await Promise.all(what);
  } catch (error) {
    logger.warn('could not preload the code of a form page', error);
  }
}

/** The code every form page loads, whatever its blocks. */
function formPageCode() {
  return Promise.all([
    import('../features/forms/form-page'),
    import('@claims/core/journeys/journeys'),
    import('@claims/core/journeys/journey-blocks'),
    import('../features/forms/blocks/registry'),
  ]);
}

/**
 * Fetches the code every form page loads ahead of the page's route (a reloaded form page of an
 * authorized session, app/start-up.ts): the route then finds it loaded. A failure is left to
 * the route, which loads it again and reports it.
 */
export function preloadFormPageCode(): void {
  formPageCode().catch(() => undefined);
}

export async function loadFormPage(formType: FormType, page: string) {
  const [
    { default: FormPage },
    { journeyPage },
    { isRecordListBlock, recordFieldsOf },
    { preloadBlocks },
  ] = await formPageCode();
  let config: JourneyPage;
  try {
    config = journeyPage(formType, page);
  } catch {
    // FormPage reports an unknown page itself.
    return FormPage;
  }
  // What the page edits: its own model's fields, and the fields of the records its record
  // blocks add (a document, a repair), each record list a model of its own.
  const recordBlocks = config.blocks
    .filter(isRecordListBlock)
    .map((block) => ({ model: block.props.model.dtoMapping, fields: recordFieldsOf(block) }));
  const names = [
    ...config.blocks.map((block) => block.component),
    ...recordBlocks.flatMap((block) => block.fields.map((field) => field.component)),
  ];
  const editedModels = [
    ...(config.metadata === null ? [] : [config.metadata.dtoMapping]),
    ...recordBlocks.map((block) => block.model),
  ];
  // The date rules, with the date library, come only with a page whose fields read dates: a
  // landing page signs in without them.
  const dated =
    names.includes('Date') ||
    editedModels.some((model) => modelHasField(formType, model, readsDates));
  await preload([preloadBlocks([...new Set(names)]), ...(dated ? [loadDateSupport()] : [])]);
  return FormPage;
}

/** The VIN lookup page, with the date rules when its credentials read dates. */
export async function loadLookupPage() {
  const [{ default: LookupPage }] = await Promise.all([
    import('../features/forms/pages/lookup-page'),
    loadDateSupportFor([{ formType: 'Lookup', dtoMapping: 'Credentials' }]),
  ]);
  return LookupPage;
}
