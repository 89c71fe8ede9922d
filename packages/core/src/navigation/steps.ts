import { findNodeForRouterPath, type PageNode } from './navigation';

/**
 * The steps of a claim as the step indicator counts them ("Step 2 of 5"): the pages between
 * the sign-in page and the confirmation, in navigation order, without the pages the nodes'
 * skip rules pass over for the given state (docs/behaviour.md#navigation). The sign-in page
 * needs no authorization and the confirmation has no back target, so neither is a step.
 */
export function claimSteps(nodes: readonly PageNode[], state: unknown): PageNode[] {
  return nodes.filter(
    (node) => node.requiresAuthorization && node.backNavTarget !== null && !node.skip?.(state),
  );
}

export interface StepPosition {
  /** From 1. */
  number: number;
  count: number;
}

/**
 * Where the page at a router path stands among the claim's steps; undefined for a page that is
 * not a step (the sign-in page, the confirmation, a page skipped for this state).
 */
export function stepOf(
  nodes: readonly PageNode[],
  path: string,
  state: unknown,
): StepPosition | undefined {
  const node = findNodeForRouterPath(nodes, path);
  const steps = claimSteps(nodes, state);
  const index = steps.indexOf(node);
  return index === -1 ? undefined : { number: index + 1, count: steps.length };
}
