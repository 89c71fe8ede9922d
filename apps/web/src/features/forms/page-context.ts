import { createContext, useContext } from 'react';

export interface PageActions {
  /** Validates every check of the page; on failure shows the error summary and focuses it. */
  validatePage(): boolean;
}

export const PageActionsContext = createContext<PageActions | null>(null);

export function usePageActions(): PageActions {
  const actions = useContext(PageActionsContext);
  if (!actions) throw new Error('page actions are used outside a form page');
  return actions;
}
