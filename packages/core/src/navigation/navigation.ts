import { assertFormType, FORM_TYPES, type FormType } from '../form-types';
import { FORM_PAGES, formPagePath, matchRoute, normalizePath } from '../routes';

/**
 * The page-navigation engine of docs/behaviour.md#navigation as data and pure functions; the web
 * app keeps a NavigationState in its store.
 */

export interface PageNode {
  path: string;
  nextNavTarget: string | null;
  backNavTarget: string | null;
  /** Whether the inactivity timeout runs on the page. */
  timeoutEnabled: boolean;
  requiresAuthorization: boolean;
  /** True when the page is passed over by next and back for the given form state. */
  skip?: (state: unknown) => boolean;
  /** Further router paths that show this page, e.g. '/automotive' for the site root. */
  aliases?: readonly string[];
}

/** Pages on which the inactivity timeout is off (docs/behaviour.md#navigation). */
const TIMEOUT_DISABLED_PATHS: ReadonlySet<string> = new Set([
  formPagePath('Lookup', ''),
  formPagePath('DocumentsUpload', ''),
]);

const CONFIRMATION = 'confirmation';

/**
 * Links the paths in order. The confirmation page has no back target: once a claim is
 * submitted, its pages cannot be changed.
 */
export function buildNodes(
  steps: readonly { path: string; aliases?: readonly string[] }[],
): PageNode[] {
  return steps.map(({ path, aliases }, index) => ({
    path,
    nextNavTarget: steps[index + 1]?.path ?? null,
    backNavTarget: path.endsWith(`/${CONFIRMATION}`) ? null : (steps[index - 1]?.path ?? null),
    timeoutEnabled: !TIMEOUT_DISABLED_PATHS.has(path),
    requiresAuthorization: matchRoute(path).requiresAuthorization,
    ...(aliases === undefined ? {} : { aliases }),
  }));
}

function pages(formType: FormType, names: readonly string[]) {
  return names.map((name) => ({ path: formPagePath(formType, name) }));
}

const CLAIM_PAGES = ['claimant-info', 'claim-details', 'supporting-documents', 'claim-summary'];

/** The navigation order of each form (docs/behaviour.md#navigation). */
export const DEFAULT_NAVIGATION: Readonly<Record<FormType, readonly PageNode[]>> = {
  Standard: buildNodes(pages('Standard', FORM_PAGES.Standard)),
  // The site root is the automotive landing page; payment-election has a route but is not
  // part of the order.
  Automotive: buildNodes([
    { path: '/', aliases: [formPagePath('Automotive', '')] },
    ...pages('Automotive', [...CLAIM_PAGES, CONFIRMATION]),
  ]),
  DocumentsUpload: buildNodes(pages('DocumentsUpload', FORM_PAGES.DocumentsUpload)),
  Lookup: buildNodes(pages('Lookup', [''])),
};

export interface NavigationRegistry {
  register(formType: FormType, nodes: readonly PageNode[]): void;
  /** Throws 'Unexpected Form Type' for a form type that is not registered. */
  nodesFor(formType: FormType): readonly PageNode[];
  formTypes(): FormType[];
}

/** A registry of node lists, empty or holding the given lists (e.g. DEFAULT_NAVIGATION). */
export function createNavigationRegistry(
  initial: Partial<Readonly<Record<FormType, readonly PageNode[]>>> = {},
): NavigationRegistry {
  const registered = new Map<FormType, readonly PageNode[]>();
  const registry: NavigationRegistry = {
    register(formType, nodes) {
      assertFormType(formType);
      if (registered.has(formType)) {
        throw new Error(`form type already registered: ${formType}; each form type registers once`);
      }
      if (nodes.length === 0) {
        throw new Error(`form type ${formType} registered without pages; expected at least one`);
      }
      registered.set(formType, nodes);
    },
    nodesFor(formType) {
      const nodes = registered.get(formType);
      if (nodes === undefined) {
        const known = FORM_TYPES.filter((type) => registered.has(type));
        throw new Error(
          `Unexpected Form Type "${String(formType)}"; registered: ${known.join(', ') || 'none'}`,
        );
      }
      return nodes;
    },
    formTypes() {
      return FORM_TYPES.filter((type) => registered.has(type));
    },
  };
  for (const formType of FORM_TYPES) {
    const nodes = initial[formType];
    if (nodes !== undefined) registry.register(formType, nodes);
  }
  return registry;
}

function pathList(nodes: readonly PageNode[]): string {
  return nodes.map((node) => node.path).join(', ');
}

export function firstNode(nodes: readonly PageNode[]): PageNode {
  const first = nodes[0];
  if (first === undefined) throw new Error('no navigation nodes; expected at least one');
  return first;
}

function routerPaths(node: PageNode): string[] {
  return [node.path, ...(node.aliases ?? [])].map(normalizePath);
}

/**
 * The one node shown at a router path (docs/behaviour.md#navigation: exactly one must match).
 * Trailing slashes and letter case do not matter, and aliases count: '/', '/automotive' and
 * '/automotive/' are all the automotive landing page.
 */
export function findNodeForRouterPath(nodes: readonly PageNode[], path: string): PageNode {
  const wanted = normalizePath(path);
  const matches = nodes.filter((node) => routerPaths(node).includes(wanted));
  if (matches.length === 0) {
    throw new Error(`No navigation node matches router path "${path}"; paths: ${pathList(nodes)}`);
  }
  if (matches.length > 1) {
    throw new Error(
      `Multiple navigation nodes match router path "${path}": ${pathList(matches)}; expected one`,
    );
  }
  return matches[0] as PageNode;
}

/**
 * The one node a partial path names (docs/behaviour.md#navigation: skip to a page by partial path):
 * the node at that path when it starts with '/' and names one, else the only node whose path
 * contains it ('claim-details'). None or several is an error.
 */
export function findNodeByPartialPath(nodes: readonly PageNode[], partial: string): PageNode {
  if (partial.startsWith('/')) {
    const exact = nodes.find((node) => routerPaths(node).includes(normalizePath(partial)));
    if (exact !== undefined) return exact;
  }
  const wanted = partial.toLowerCase();
  const matches = nodes.filter((node) => node.path.toLowerCase().includes(wanted));
  if (matches.length === 0) {
    throw new Error(`No navigation node matches "${partial}"; paths: ${pathList(nodes)}`);
  }
  if (matches.length > 1) {
    throw new Error(
      `Multiple navigation nodes match "${partial}": ${pathList(matches)}; expected one`,
    );
  }
  return matches[0] as PageNode;
}

function nodeAtPath(nodes: readonly PageNode[], path: string, from: PageNode): PageNode {
  const node = nodes.find((candidate) => candidate.path === path);
  if (node === undefined) {
    throw new Error(
      `navigation target "${path}" of "${from.path}" is not a node; paths: ${pathList(nodes)}`,
    );
  }
  return node;
}

/** Follows the targets from the current page, passing over nodes whose skip rule holds. */
function follow(
  nodes: readonly PageNode[],
  currentPath: string,
  state: unknown,
  target: (node: PageNode) => string | null,
): PageNode | undefined {
  let node = findNodeForRouterPath(nodes, currentPath);
  // Each step visits a new node, so a longer walk would be a cycle in the targets.
  for (let steps = 0; steps < nodes.length; steps += 1) {
    const path = target(node);
    if (path === null) return undefined;
    node = nodeAtPath(nodes, path, node);
    if (!node.skip?.(state)) return node;
  }
  throw new Error(
    `navigation targets from "${currentPath}" form a cycle; paths: ${pathList(nodes)}`,
  );
}

/** The page after the current one, skipped pages passed over; undefined at the end. */
export function nextNode(
  nodes: readonly PageNode[],
  currentPath: string,
  state: unknown,
): PageNode | undefined {
  return follow(nodes, currentPath, state, (node) => node.nextNavTarget);
}

/** The page before the current one, skipped pages passed over; undefined at the start. */
export function backNode(
  nodes: readonly PageNode[],
  currentPath: string,
  state: unknown,
): PageNode | undefined {
  return follow(nodes, currentPath, state, (node) => node.backNavTarget);
}

/** The navigation store's state (docs/behaviour.md#navigation). */
export interface NavigationState {
  currentPage: PageNode | null;
  nodes: readonly PageNode[];
  activeFormType: FormType | null;
  initialized: boolean;
  isNavigating: boolean;
}

export const INITIAL_NAVIGATION_STATE: NavigationState = {
  currentPage: null,
  nodes: [],
  activeFormType: null,
  initialized: false,
  isNavigating: false,
};

/**
 * Starts a form: its first page becomes current (docs/behaviour.md#navigation). Initialising the
 * same form twice is a programming error; another form replaces the active one.
 */
export function initNavigation(
  state: NavigationState,
  formType: FormType,
  nodes: readonly PageNode[],
): NavigationState {
  if (state.initialized && state.activeFormType === formType) {
    throw new Error(
      `Navigation store re-initialised for form type ${formType}; clear it before initialising again`,
    );
  }
  return {
    currentPage: firstNode(nodes),
    nodes,
    activeFormType: formType,
    initialized: true,
    isNavigating: false,
  };
}

/** Only one navigation runs at a time (docs/behaviour.md#navigation). */
export function beginNavigation(state: NavigationState): NavigationState {
  if (state.isNavigating) throw new Error('Navigation store is already navigating.');
  return { ...state, isNavigating: true };
}

export function endNavigation(state: NavigationState): NavigationState {
  return { ...state, isNavigating: false };
}

/** After each navigation the current page follows the router (docs/behaviour.md#navigation). */
export function syncToPath(state: NavigationState, path: string): NavigationState {
  if (!state.initialized) {
    throw new Error(
      `Navigation nodes not initialised before syncing to router path "${path}"; initialise a form first`,
    );
  }
  return { ...state, currentPage: findNodeForRouterPath(state.nodes, path) };
}

/** Leaving a form clears the page and nodes (docs/behaviour.md#navigation). */
export function clearNavigation(): NavigationState {
  return INITIAL_NAVIGATION_STATE;
}

/** The store's transitions under the names of docs/behaviour.md#navigation. */
export const navigationTransitions = {
  init: initNavigation,
  beginNavigation,
  endNavigation,
  syncToPath,
  clear: clearNavigation,
} as const;
