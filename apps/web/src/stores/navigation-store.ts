import type { FormType } from '@claims/core/form-types';
import {
  DEFAULT_NAVIGATION,
  INITIAL_NAVIGATION_STATE,
  backNode,
  beginNavigation,
  clearNavigation,
  createNavigationRegistry,
  endNavigation,
  findNodeByPartialPath,
  findNodeForRouterPath,
  firstNode,
  initNavigation,
  nextNode,
  syncToPath,
  type NavigationRegistry,
  type NavigationState,
  type PageNode,
} from '@claims/core/navigation/navigation';
import { matchRoute, normalizePath } from '@claims/core/routes';
import { create } from 'zustand';
import { boundRouter } from '../lib/router-binding';

/**
 * The navigation store of docs/behaviour.md#navigation: the pages of the active form, bound to the
 * router. The rules live in packages/core; this store runs them against the router.
 */
export interface NavigationStore extends NavigationState {
  /**
   * The page an Edit link of the claim summary left from: until the claimant is back on it,
   * next returns there instead of going on through the pages between.
   */
  returnTo: string | null;
  /**
   * Goes to the page after the current one, or back to `returnTo` when it is set; `state` is
   * what the nodes' skip rules read. Resolves false when the current page is the last.
   */
  next(state?: unknown): Promise<boolean>;
  /** Goes to the page before the current one; resolves false on the first page. */
  back(state?: unknown): Promise<boolean>;
  /**
   * Goes to the one page whose path matches `partialPath` (docs/behaviour.md#navigation); with
   * `returnHere`, next then comes back to the page it left.
   */
  skipTo(partialPath: string, options?: { returnHere?: boolean }): Promise<void>;
  /** Goes back to the form's first page. */
  first(): Promise<void>;
  /** Called after every router navigation: follows the router into, within and out of forms. */
  syncWithRouter(pathname: string): void;
}

let registry: NavigationRegistry = createNavigationRegistry(DEFAULT_NAVIGATION);

/** Replaces the node lists (a case may add skip rules); returns the previous registry. */
export function setNavigationRegistry(next: NavigationRegistry): NavigationRegistry {
  const previous = registry;
  registry = next;
  return previous;
}

function routerPaths(node: PageNode): string[] {
  return [node.path, ...(node.aliases ?? [])].map(normalizePath);
}

/** The form a router path belongs to: by the route table, else by the pages' aliases ('/'). */
export function formTypeOfPath(pathname: string): FormType | undefined {
  const fromRoute = matchRoute(pathname).formType;
  if (fromRoute !== undefined) return fromRoute;
  const wanted = normalizePath(pathname);
  return registry
    .formTypes()
    .find((type) => registry.nodesFor(type).some((node) => routerPaths(node).includes(wanted)));
}

/** The target path with the query the claimant carries (the culture above all). */
function withCurrentSearch(path: string): string {
  const { search } = boundRouter().currentLocation();
  return `${path}${search}`;
}

function coreState(state: NavigationStore): NavigationState {
  const { currentPage, nodes, activeFormType, initialized, isNavigating } = state;
  return { currentPage, nodes, activeFormType, initialized, isNavigating };
}

export const useNavigationStore = create<NavigationStore>()((set, get) => {
  /**
   * Runs one navigation at a time ('Navigation store is already navigating.',
   * docs/behaviour.md#configuration-errors).
   */
  async function navigate(pick: (state: NavigationState) => PageNode | undefined) {
    const started = beginNavigation(coreState(get()));
    const target = pick(started);
    if (target === undefined) return false;
    set({ isNavigating: true });
    try {
      await boundRouter().navigate(withCurrentSearch(target.path));
      return true;
    } finally {
      set(endNavigation(coreState(get())));
    }
  }

  function currentPath(state: NavigationState): string {
    if (state.currentPage === null) {
      throw new Error('no current page to navigate from; the router is not on a form page');
    }
    return state.currentPage.path;
  }

  return {
    ...INITIAL_NAVIGATION_STATE,
    returnTo: null,

    next(skipState) {
      const { returnTo } = get();
      return navigate((state) =>
        returnTo === null
          ? nextNode(state.nodes, currentPath(state), skipState)
          : findNodeForRouterPath(state.nodes, returnTo),
      );
    },

    back(skipState) {
      return navigate((state) => backNode(state.nodes, currentPath(state), skipState));
    },

    async skipTo(partialPath, options = {}) {
      const from = get().currentPage?.path ?? null;
      await navigate((state) => {
        const target = findNodeByPartialPath(state.nodes, partialPath);
        if (options.returnHere && from !== null && target.path !== from) set({ returnTo: from });
        return target;
      });
    },

    async first() {
      await navigate((state) => firstNode(state.nodes));
    },

    syncWithRouter(pathname) {
      const formType = formTypeOfPath(pathname);
      const state = coreState(get());
      if (formType === undefined) {
        // Leaving a form clears its page and nodes (docs/behaviour.md#navigation).
        if (state.initialized) {
          set({ ...clearNavigation(), returnTo: null, isNavigating: state.isNavigating });
        }
        return;
      }
      const started =
        state.initialized && state.activeFormType === formType
          ? state
          : initNavigation(clearNavigation(), formType, registry.nodesFor(formType));
      try {
        // Throws unless exactly one node matches the router path (docs/behaviour.md#navigation).
        const synced = syncToPath(started, pathname);
        const { returnTo } = get();
        const arrived = started !== state || synced.currentPage?.path === returnTo;
        set({
          ...synced,
          isNavigating: state.isNavigating,
          ...(arrived ? { returnTo: null } : {}),
        });
      } catch (error) {
        set({ ...started, currentPage: null, isNavigating: state.isNavigating });
        throw error;
      }
    },
  };
});
