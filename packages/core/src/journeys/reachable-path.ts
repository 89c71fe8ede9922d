import type { DtoMapping, FormType } from '../form-types';
import {
  blockFields,
  isBlockVisible,
  isRecordListBlock,
  type JourneyBlock,
} from './journey-blocks';
import { journeyPages, type FormPageName, type JourneyPage } from './journeys';

/**
 * The saved values of a model of the form, by its formType and dtoMapping; undefined while
 * the model does not exist.
 */
export type ModelValues = (model: {
  formType: FormType;
  dtoMapping: DtoMapping;
}) => Readonly<Record<string, unknown>> | undefined;

/** A page of the claimant's path with the blocks that show on it for the answers given. */
export interface PathStep {
  page: FormPageName;
  /** The model the page edits; null for pages of lists or of no model. */
  metadata: JourneyPage['metadata'];
  blocks: readonly JourneyBlock[];
}

function pageValues(page: JourneyPage, valuesOf: ModelValues): Readonly<Record<string, unknown>> {
  return page.metadata === null ? {} : (valuesOf(page.metadata) ?? {});
}

/**
 * Walks a form's pages from its landing page, keeping on each the blocks that show for the
 * answers of the page's model. Answers count only when they are on this path: a block hidden
 * by an answer (the repair table once "Had repairs" is No) takes its fields off the claim.
 */
export function reachablePath(formType: FormType, valuesOf: ModelValues): PathStep[] {
  return journeyPages(formType).map(([name, page]) => {
    const values = pageValues(page, valuesOf);
    return {
      page: name,
      metadata: page.metadata,
      blocks: page.blocks.filter((block) => isBlockVisible(block.visibleWhen, values)),
    };
  });
}

/** A field on the claimant's path, by the part of the claim that holds it. */
export interface PathField {
  /** The page's model or the list part of the records; null on a page of no model. */
  dtoMapping: DtoMapping | null;
  field: string;
}

/** The fields of the path: those of its pages' models and those of its records. */
export function fieldsOnPath(formType: FormType, valuesOf: ModelValues): PathField[] {
  return reachablePath(formType, valuesOf).flatMap((step) =>
    step.blocks.flatMap(blockFields).map(({ list, field }) => ({
      dtoMapping: list ?? step.metadata?.dtoMapping ?? null,
      field,
    })),
  );
}

/**
 * Whether the records of a list part are on the claimant's path: every block that edits the
 * list shows for the answers given (the repair table only while "Had repairs" is Yes). Records
 * on a branch the claimant left stay where they are kept, so going back to the branch shows
 * them again, but they are not submitted, summarised or checked: an answer the claimant took
 * back must not reach the claim (docs/behaviour.md#field-dependencies: only answers on the
 * reachable path count). A form without a journey (Lookup) counts every list.
 */
export function isRecordListOnPath(
  formType: FormType,
  dtoMapping: DtoMapping,
  valuesOf: ModelValues,
): boolean {
  return journeyPages(formType).every(([, page]) =>
    page.blocks
      .filter(isRecordListBlock)
      .filter((block) => block.props.model.dtoMapping === dtoMapping)
      .every((block) => isBlockVisible(block.visibleWhen, pageValues(page, valuesOf))),
  );
}
