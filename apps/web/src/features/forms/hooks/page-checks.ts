import { createContext, useContext } from 'react';

/**
 * The checks of the fields and record lists shown on a page. A block registers its check while
 * it is shown, so Next validates exactly what the claimant can see (a field hidden by its
 * dependencies is not validated). A record being edited registers with its own registry, so
 * its fields are checked when the record is uploaded rather than on Next.
 */
export interface PageCheck {
  /** The id of the element to focus when the claimant follows the error summary's link. */
  targetId: string;
  label: string;
  /** Shows the check's errors and returns the first one, or null when it passes. */
  run(): string | null;
}

export interface PageIssue {
  targetId: string;
  label: string;
  message: string;
}

function byPagePosition(a: PageIssue, b: PageIssue): number {
  const first = document.getElementById(a.targetId);
  const second = document.getElementById(b.targetId);
  if (!first || !second || first === second) return 0;
  return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

export class CheckRegistry {
  private readonly checks = new Map<string, PageCheck>();

  register(key: string, check: PageCheck): () => void {
    this.checks.set(key, check);
    return () => {
      if (this.checks.get(key) === check) this.checks.delete(key);
    };
  }

  /**
   * Runs every check; the issues come in the order their elements appear on the page, one per
   * element (the boxes of a group share their question's).
   */
  run(): PageIssue[] {
    const issues = new Map<string, PageIssue>();
    for (const check of this.checks.values()) {
      const message = check.run();
      if (message !== null && !issues.has(check.targetId)) {
        issues.set(check.targetId, { targetId: check.targetId, label: check.label, message });
      }
    }
    return [...issues.values()].sort(byPagePosition);
  }
}

/** The checks of the current page. */
export const pageChecks = new CheckRegistry();

export const CheckRegistryContext = createContext<CheckRegistry>(pageChecks);

export function useCheckRegistry(): CheckRegistry {
  return useContext(CheckRegistryContext);
}

/**
 * How many times Next has checked the page. A message a correction clears keeps its space
 * until the next check, so what the claimant is about to press does not move under them.
 */
export const CheckRoundContext = createContext(0);

/**
 * The question a field belongs to (a group of checkboxes): the page's checks name the
 * question, and the error summary's link goes to the group, instead of to its first box.
 */
export const FieldGroupContext = createContext<{ label: string; targetId: string } | null>(null);
