import type { FieldConfig } from '@claims/core/case/field-config';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import { useModelsStore } from '../features/forms/stores/models-store';
import { logger } from '../lib/logger';

/**
 * The form pages the forms feature provides (its contract with the shell): FormPage for every
 * page of Standard, Automotive and DocumentsUpload, and LookupPage. Each route loads them on
 * demand, so a claimant downloads the forms' code only when opening one. The heavier blocks
 * and imask load lazily too; a route preloads those its page shows, so the page renders whole
 * instead of in pieces.
 */

function isMasked(field: FieldConfig): boolean {
  return (
    Boolean(field.maskName) || field.dependencies.some((dependency) => dependency.maskOverride)
  );
}

/** Whether the form's model of that part has a field with an input mask (SPEC.md section 5). */
function hasMaskedFields(formType: FormType, dtoMapping: DtoMapping): boolean {
  const configs = useModelsStore.getState().remoteConfigs ?? [];
  return configs.some(
    (config) =>
      config.metadata.formType === formType &&
      config.metadata.dtoMapping === dtoMapping &&
      Object.values(config.fields).some(isMasked),
  );
}

/** Waits for what a page needs; a failure here is the page's to report when it renders. */
async function preload(what: Promise<unknown>[]): Promise<void> {
  try {
    await Promise.all(what);
  } catch (error) {
    logger.warn('could not preload the code of a form page', error);
  }
}

export async function loadFormPage(formType: FormType, page: string) {
  const [{ default: FormPage }, { pageConfigFor }, { getBlock, preloadBlocks }, { preloadMasks }] =
    await Promise.all([
      import('../features/forms/form-page'),
      import('../features/forms/pages/page-configs'),
      import('../features/forms/blocks/registry'),
      import('../features/forms/components/masked-input'),
    ]);
  let config: ReturnType<typeof pageConfigFor>;
  try {
    config = pageConfigFor(formType, page);
  } catch {
    // FormPage reports an unknown page itself.
    return FormPage;
  }
  const names = config.blocks.map((block) => block.component);
  // Blocks that load lazily show records of other models, whose fields may be masked.
  const showsOtherModels = names.some((name) => 'preload' in getBlock(name));
  const masked =
    showsOtherModels ||
    (config.metadata !== null && hasMaskedFields(formType, config.metadata.dtoMapping));
  await preload([preloadBlocks(names), ...(masked ? [preloadMasks()] : [])]);
  return FormPage;
}

export async function loadLookupPage() {
  const [{ default: LookupPage }, { preloadMasks }] = await Promise.all([
    import('../features/forms/pages/lookup-page'),
    import('../features/forms/components/masked-input'),
  ]);
  if (hasMaskedFields('Lookup', 'Credentials')) await preload([preloadMasks()]);
  return LookupPage;
}
