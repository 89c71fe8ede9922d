import type { DtoMapping, FormType } from '@claims/core/form-types';
import { isBlockVisible, type BlockConfig } from '../blocks/registry';
import { savedValuesResolver, type ModelsState } from '../stores/models-store';
import { PAGE_CONFIGS, type PageConfig } from './page-configs';

type RecordBlock = Extract<BlockConfig, { component: 'MultiRecordManager' | 'MultiRecordTable' }>;

function isRecordBlock(block: BlockConfig): block is RecordBlock {
  return block.component === 'MultiRecordManager' || block.component === 'MultiRecordTable';
}

/** The saved values of the model a page edits; none for a page of lists. */
function pageValues(
  models: Pick<ModelsState, 'remoteConfigs' | 'saved'>,
  page: PageConfig,
): Readonly<Record<string, unknown>> {
  const { metadata } = page;
  if (!metadata) return {};
  return savedValuesResolver(models, metadata.formType)(metadata) ?? {};
}

/**
 * Whether the records of a list part are on the claimant's path: every block that edits the
 * list shows for the answers given (the repair table only while "Had repairs" is Yes). Records
 * on a branch the claimant left stay in the store, so going back to the branch shows them
 * again, but they are not submitted, summarised or checked: an answer the claimant took back
 * must not reach the claim (DESIGN.md's model: only answers on the reachable path count).
 */
export function isRecordListOnPath(
  models: Pick<ModelsState, 'remoteConfigs' | 'saved'>,
  formType: FormType,
  dtoMapping: DtoMapping,
): boolean {
  if (formType === 'Lookup') return true;
  return Object.values(PAGE_CONFIGS[formType]).every((page) =>
    page.blocks
      .filter(isRecordBlock)
      .filter((block) => block.props.model.dtoMapping === dtoMapping)
      .every((block) => isBlockVisible(block.visibleWhen, pageValues(models, page))),
  );
}
