import { useMemo } from 'react';
import type { FormType } from '@claims/core/form-types';
import type { PageNode } from '@claims/core/navigation/navigation';
import { stepOf, type StepPosition } from '@claims/core/navigation/steps';
import { formatMessage } from '@claims/core/rules/messages';
import { formPagePath } from '@claims/core/routes';
import { useNavigationStore } from '../../../stores/navigation-store';
import { FORMS_TEXT } from '../forms-text';
import { useLocalized } from '../localized-text';

const NO_NODES: readonly PageNode[] = [];

/**
 * Where a page of the active form stands among the claim's steps, from the navigation's page
 * list. Skip rules read the same state as the navigation's next and back (none is passed
 * today), so a skipped page is neither counted nor numbered. Undefined for a page that is not
 * a step (sign-in, confirmation) and while the navigation follows another form.
 */
export function useStep(formType: FormType, page: string): StepPosition | undefined {
  const nodes = useNavigationStore((state) =>
    state.activeFormType === formType ? state.nodes : NO_NODES,
  );
  return useMemo(() => {
    const path = formPagePath(formType, page);
    if (!nodes.some((node) => node.path === path)) return undefined;
    return stepOf(nodes, path, undefined);
  }, [nodes, formType, page]);
}

/** "Step 2 of 5", above the page's heading, which it describes. */
export function StepIndicator({ id, step }: { id: string; step: StepPosition }) {
  const localize = useLocalized();
  return (
    <p id={id} className="step-indicator text-body-secondary fw-semibold mb-1">
      {formatMessage(localize(FORMS_TEXT.stepOf), {
        number: String(step.number),
        count: String(step.count),
      })}
    </p>
  );
}
