import { describe, expect, it } from 'vitest';
import type { FormType } from '../form-types';
import {
  backNode,
  beginNavigation,
  buildNodes,
  clearNavigation,
  createNavigationRegistry,
  DEFAULT_NAVIGATION,
  endNavigation,
  findNodeByPartialPath,
  findNodeForRouterPath,
  firstNode,
  INITIAL_NAVIGATION_STATE,
  initNavigation,
  navigationTransitions,
  nextNode,
  syncToPath,
  type PageNode,
} from './navigation';

const paths = (nodes: readonly PageNode[]) => nodes.map((node) => node.path);
const STANDARD = DEFAULT_NAVIGATION.Standard;
const AUTOMOTIVE = DEFAULT_NAVIGATION.Automotive;

describe('DEFAULT_NAVIGATION', () => {
  it('orders the Standard form from its landing page to confirmation', () => {
    expect(paths(STANDARD)).toEqual([
      '/standard',
      '/standard/claimant-info',
      '/standard/claim-details',
      '/standard/payment-election',
      '/standard/supporting-documents',
      '/standard/claim-summary',
      '/standard/confirmation',
    ]);
  });

  it('orders the Automotive form from the site root and leaves out payment-election', () => {
    expect(paths(AUTOMOTIVE)).toEqual([
      '/',
      '/automotive/claimant-info',
      '/automotive/claim-details',
      '/automotive/supporting-documents',
      '/automotive/claim-summary',
      '/automotive/confirmation',
    ]);
  });

  it('orders the DocumentsUpload form', () => {
    expect(paths(DEFAULT_NAVIGATION.DocumentsUpload)).toEqual([
      '/documents-upload',
      '/documents-upload/supporting-documents',
      '/documents-upload/confirmation',
    ]);
  });

  it('gives the Lookup form its one page', () => {
    expect(paths(DEFAULT_NAVIGATION.Lookup)).toEqual(['/lookup']);
  });

  it('links each page to its neighbours', () => {
    const details = findNodeForRouterPath(STANDARD, '/standard/claim-details');
    expect(details.backNavTarget).toBe('/standard/claimant-info');
    expect(details.nextNavTarget).toBe('/standard/payment-election');
  });

  it('gives the landing page no back target and confirmation no next target', () => {
    expect(firstNode(STANDARD).backNavTarget).toBeNull();
    expect(STANDARD.at(-1)?.nextNavTarget).toBeNull();
  });

  it('gives confirmation no back target, as a submitted claim cannot be changed', () => {
    for (const nodes of Object.values(DEFAULT_NAVIGATION)) {
      const confirmation = nodes.find((node) => node.path.endsWith('/confirmation'));
      if (confirmation) expect(confirmation.backNavTarget).toBeNull();
    }
  });

  it('turns the timeout off on Lookup and the documents-upload entry page only', () => {
    const off = Object.values(DEFAULT_NAVIGATION)
      .flat()
      .filter((node) => !node.timeoutEnabled)
      .map((node) => node.path);
    expect(off).toEqual(['/documents-upload', '/lookup']);
  });

  it('requires authorization on every page but the entry pages', () => {
    const open = Object.values(DEFAULT_NAVIGATION)
      .flat()
      .filter((node) => !node.requiresAuthorization)
      .map((node) => node.path);
    expect(open).toEqual(['/standard', '/', '/documents-upload', '/lookup']);
  });
});

describe('buildNodes', () => {
  it('keeps aliases of a page', () => {
    expect(buildNodes([{ path: '/', aliases: ['/automotive'] }])[0]?.aliases).toEqual([
      '/automotive',
    ]);
  });
});

describe('createNavigationRegistry', () => {
  it('returns the node list registered for a form type', () => {
    const registry = createNavigationRegistry();
    registry.register('Lookup', DEFAULT_NAVIGATION.Lookup);
    expect(registry.nodesFor('Lookup')).toBe(DEFAULT_NAVIGATION.Lookup);
  });

  it('starts with the lists it is given', () => {
    const registry = createNavigationRegistry(DEFAULT_NAVIGATION);
    expect(registry.formTypes()).toEqual(['Standard', 'Automotive', 'Lookup', 'DocumentsUpload']);
  });

  it('refuses to register a form type twice', () => {
    const registry = createNavigationRegistry({ Standard: STANDARD });
    expect(() => registry.register('Standard', STANDARD)).toThrow(
      'form type already registered: Standard; each form type registers once',
    );
  });

  it('refuses to register a form type without pages', () => {
    expect(() => createNavigationRegistry().register('Lookup', [])).toThrow(
      'form type Lookup registered without pages; expected at least one',
    );
  });

  it('refuses to register a name that is not a form type', () => {
    expect(() => createNavigationRegistry().register('Other' as FormType, STANDARD)).toThrow(
      'Unexpected Form Type "Other"',
    );
  });

  it('fails with Unexpected Form Type for a form type not registered', () => {
    const registry = createNavigationRegistry({ Standard: STANDARD });
    expect(() => registry.nodesFor('Lookup')).toThrow(
      'Unexpected Form Type "Lookup"; registered: Standard',
    );
  });

  it('says when nothing is registered', () => {
    expect(() => createNavigationRegistry().nodesFor('Lookup')).toThrow('registered: none');
  });
});

describe('findNodeForRouterPath', () => {
  it('finds the page at a path', () => {
    expect(findNodeForRouterPath(STANDARD, '/standard/claim-summary').path).toBe(
      '/standard/claim-summary',
    );
  });

  it.each(['/', '/automotive', '/automotive/', '//'])(
    'takes %j for the automotive landing page',
    (path) => {
      expect(findNodeForRouterPath(AUTOMOTIVE, path).path).toBe('/');
    },
  );

  it('ignores a trailing slash', () => {
    expect(findNodeForRouterPath(STANDARD, '/standard/').path).toBe('/standard');
  });

  it('fails when no page matches, listing the paths', () => {
    expect(() => findNodeForRouterPath(DEFAULT_NAVIGATION.Lookup, '/faq')).toThrow(
      'No navigation node matches router path "/faq"; paths: /lookup',
    );
  });

  it('fails when several pages match', () => {
    const twice = [...DEFAULT_NAVIGATION.Lookup, ...DEFAULT_NAVIGATION.Lookup];
    expect(() => findNodeForRouterPath(twice, '/lookup')).toThrow(
      'Multiple navigation nodes match router path "/lookup": /lookup, /lookup; expected one',
    );
  });
});

describe('findNodeByPartialPath', () => {
  it('finds the one page whose path contains the partial path', () => {
    expect(findNodeByPartialPath(STANDARD, 'claim-details').path).toBe('/standard/claim-details');
  });

  it('takes a full path that names a page even when others contain it', () => {
    expect(
      findNodeByPartialPath(DEFAULT_NAVIGATION.DocumentsUpload, '/documents-upload').path,
    ).toBe('/documents-upload');
  });

  it('fails when no page matches, listing all paths', () => {
    expect(() => findNodeByPartialPath(DEFAULT_NAVIGATION.DocumentsUpload, 'payment')).toThrow(
      'No navigation node matches "payment"; paths: /documents-upload, /documents-upload/supporting-documents, /documents-upload/confirmation',
    );
  });

  it('fails when several pages match', () => {
    expect(() => findNodeByPartialPath(STANDARD, 'claim')).toThrow(
      'Multiple navigation nodes match "claim": /standard/claimant-info, /standard/claim-details, /standard/claim-summary; expected one',
    );
  });

  it('takes a partial path starting with a slash as a part when no page has that path', () => {
    expect(findNodeByPartialPath(STANDARD, '/confirmation').path).toBe('/standard/confirmation');
  });
});

describe('nextNode and backNode', () => {
  it('go to the neighbouring pages', () => {
    expect(nextNode(STANDARD, '/standard/claim-details', {})?.path).toBe(
      '/standard/payment-election',
    );
    expect(backNode(STANDARD, '/standard/claim-details', {})?.path).toBe('/standard/claimant-info');
  });

  it('give nothing past the ends', () => {
    expect(nextNode(STANDARD, '/standard/confirmation', {})).toBeUndefined();
    expect(backNode(STANDARD, '/standard', {})).toBeUndefined();
  });

  const skipPayment = STANDARD.map((node) =>
    node.path.endsWith('payment-election')
      ? { ...node, skip: (state: unknown) => (state as { payPal: boolean }).payPal === false }
      : node,
  );

  it('pass over a page whose skip rule holds', () => {
    expect(nextNode(skipPayment, '/standard/claim-details', { payPal: false })?.path).toBe(
      '/standard/supporting-documents',
    );
    expect(backNode(skipPayment, '/standard/supporting-documents', { payPal: false })?.path).toBe(
      '/standard/claim-details',
    );
  });

  it('stop at a page whose skip rule does not hold', () => {
    expect(nextNode(skipPayment, '/standard/claim-details', { payPal: true })?.path).toBe(
      '/standard/payment-election',
    );
  });

  it('give nothing when every later page is skipped', () => {
    const allSkipped = STANDARD.map((node, index) =>
      index > 0 ? { ...node, skip: () => true } : node,
    );
    expect(nextNode(allSkipped, '/standard', {})).toBeUndefined();
  });

  it('fail when a target names no page', () => {
    const broken = buildNodes([{ path: '/a' }]).map((node) => ({ ...node, nextNavTarget: '/b' }));
    expect(() => nextNode(broken, '/a', {})).toThrow(
      'navigation target "/b" of "/a" is not a node; paths: /a',
    );
  });

  it('fail when skipped pages form a cycle', () => {
    const loop = buildNodes([{ path: '/a' }, { path: '/b' }]).map((node) => ({
      ...node,
      nextNavTarget: node.path === '/a' ? '/b' : '/a',
      skip: () => true,
    }));
    expect(() => nextNode(loop, '/a', {})).toThrow('navigation targets from "/a" form a cycle');
  });

  it('fail when the current path is no page of the form', () => {
    expect(() => nextNode(STANDARD, '/lookup', {})).toThrow(
      'No navigation node matches router path',
    );
  });
});

describe('firstNode', () => {
  it('gives the first page', () => {
    expect(firstNode(AUTOMOTIVE).path).toBe('/');
  });

  it('fails on an empty list', () => {
    expect(() => firstNode([])).toThrow('no navigation nodes; expected at least one');
  });
});

describe('navigation state', () => {
  const started = initNavigation(INITIAL_NAVIGATION_STATE, 'Standard', STANDARD);

  it('starts empty', () => {
    expect(INITIAL_NAVIGATION_STATE).toEqual({
      currentPage: null,
      nodes: [],
      activeFormType: null,
      initialized: false,
      isNavigating: false,
    });
  });

  it('makes the first page current on init', () => {
    expect(started).toMatchObject({
      currentPage: STANDARD[0],
      nodes: STANDARD,
      activeFormType: 'Standard',
      initialized: true,
      isNavigating: false,
    });
  });

  it('refuses a second init of the same form', () => {
    expect(() => initNavigation(started, 'Standard', STANDARD)).toThrow(
      'Navigation store re-initialised for form type Standard; clear it before initialising again',
    );
  });

  it('lets another form replace the active one', () => {
    expect(initNavigation(started, 'Lookup', DEFAULT_NAVIGATION.Lookup).activeFormType).toBe(
      'Lookup',
    );
  });

  it('runs one navigation at a time', () => {
    const navigating = beginNavigation(started);
    expect(navigating.isNavigating).toBe(true);
    expect(() => beginNavigation(navigating)).toThrow('Navigation store is already navigating.');
  });

  it('allows a new navigation once the last one ended', () => {
    const ended = endNavigation(beginNavigation(started));
    expect(ended.isNavigating).toBe(false);
    expect(beginNavigation(ended).isNavigating).toBe(true);
  });

  it('follows the router to the page at its path', () => {
    expect(syncToPath(started, '/standard/claim-summary/').currentPage?.path).toBe(
      '/standard/claim-summary',
    );
  });

  it('refuses to follow the router before init', () => {
    expect(() => syncToPath(INITIAL_NAVIGATION_STATE, '/standard')).toThrow(
      'Navigation nodes not initialised before syncing to router path "/standard"; initialise a form first',
    );
  });

  it('clears the page and nodes', () => {
    expect(clearNavigation()).toEqual(INITIAL_NAVIGATION_STATE);
  });

  it('allows init again after clear', () => {
    const again = initNavigation(clearNavigation(), 'Standard', STANDARD);
    expect(again.initialized).toBe(true);
  });

  it('offers the transitions under their specification names', () => {
    expect(navigationTransitions.init).toBe(initNavigation);
    expect(navigationTransitions.clear).toBe(clearNavigation);
  });
});
