import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindRouter } from '../lib/router-binding';
import { formTypeOfPath, useNavigationStore } from './navigation-store';
import { resetStores } from './testing/reset-stores';

let location = { pathname: '/', search: '' };
const navigate = vi.fn((to: string) => {
  const [pathname = '', search = ''] = to.split('?');
  location = { pathname, search: search === '' ? '' : `?${search}` };
  useNavigationStore.getState().syncWithRouter(pathname);
  return Promise.resolve();
});

function arriveAt(path: string) {
  location = { pathname: path, search: '?culture=es' };
  useNavigationStore.getState().syncWithRouter(path);
}

beforeEach(() => {
  resetStores();
  navigate.mockClear();
  bindRouter({ navigate, currentLocation: () => location });
});

afterEach(() => {
  bindRouter(null);
});

describe('navigation store', () => {
  it('starts the form of the page the router shows', () => {
    arriveAt('/standard/claim-details');
    const state = useNavigationStore.getState();
    expect(state.initialized).toBe(true);
    expect(state.activeFormType).toBe('Standard');
    expect(state.currentPage?.path).toBe('/standard/claim-details');
  });

  it('treats the site root as the automotive landing page', () => {
    arriveAt('/');
    expect(useNavigationStore.getState().activeFormType).toBe('Automotive');
    expect(formTypeOfPath('/')).toBe('Automotive');
  });

  it('clears the page and nodes when the router leaves the form', () => {
    arriveAt('/standard/claimant-info');
    arriveAt('/faq');
    const state = useNavigationStore.getState();
    expect(state.initialized).toBe(false);
    expect(state.nodes).toEqual([]);
    expect(state.currentPage).toBeNull();
  });

  it('refuses a router path no page node matches', () => {
    arriveAt('/automotive/claimant-info');
    expect(() =>
      useNavigationStore.getState().syncWithRouter('/automotive/payment-election'),
    ).toThrow('No navigation node matches router path "/automotive/payment-election"');
  });

  it('goes to the next page with the query the claimant carries', async () => {
    arriveAt('/standard/claimant-info');
    await expect(useNavigationStore.getState().next()).resolves.toBe(true);
    expect(navigate).toHaveBeenCalledWith('/standard/claim-details?culture=es');
    expect(useNavigationStore.getState().currentPage?.path).toBe('/standard/claim-details');
  });

  it('skips payment election in the automotive order', async () => {
    arriveAt('/automotive/claim-details');
    await useNavigationStore.getState().next();
    expect(navigate).toHaveBeenCalledWith('/automotive/supporting-documents?culture=es');
  });

  it('goes back to the page before', async () => {
    arriveAt('/documents-upload/supporting-documents');
    await expect(useNavigationStore.getState().back()).resolves.toBe(true);
    expect(navigate).toHaveBeenCalledWith('/documents-upload?culture=es');
  });

  it('stays on the last page when there is no next one', async () => {
    arriveAt('/lookup');
    await expect(useNavigationStore.getState().next()).resolves.toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('skips to the one page a partial path names', async () => {
    arriveAt('/standard/claimant-info');
    await useNavigationStore.getState().skipTo('claim-summary');
    expect(navigate).toHaveBeenCalledWith('/standard/claim-summary?culture=es');
  });

  it('refuses a partial path that names several pages', async () => {
    arriveAt('/standard/claimant-info');
    await expect(useNavigationStore.getState().skipTo('claim')).rejects.toThrow(
      'Multiple navigation nodes match "claim"',
    );
  });

  it('returns to the first page of the form', async () => {
    arriveAt('/automotive/claim-summary');
    await useNavigationStore.getState().first();
    expect(navigate).toHaveBeenCalledWith('/?culture=es');
  });

  it('runs one navigation at a time', async () => {
    arriveAt('/standard/claimant-info');
    const first = useNavigationStore.getState().next();
    await expect(useNavigationStore.getState().next()).rejects.toThrow(
      'Navigation store is already navigating.',
    );
    await first;
    expect(useNavigationStore.getState().isNavigating).toBe(false);
  });

  it('passes the given state to the skip rules of the pages', async () => {
    arriveAt('/standard/claimant-info');
    const skip = vi.fn(() => true);
    const nodes = useNavigationStore
      .getState()
      .nodes.map((node) => (node.path === '/standard/claim-details' ? { ...node, skip } : node));
    useNavigationStore.setState({ nodes });
    await useNavigationStore.getState().next({ hasDetails: false });
    expect(skip).toHaveBeenCalledWith({ hasDetails: false });
    expect(navigate).toHaveBeenCalledWith('/standard/payment-election?culture=es');
  });
  it('returns to the claim summary after a page its Edit link opened', async () => {
    arriveAt('/standard/claim-summary');
    await useNavigationStore.getState().skipTo('claimant-info', { returnHere: true });
    await useNavigationStore.getState().next();
    expect(navigate).toHaveBeenLastCalledWith('/standard/claim-summary?culture=es');
  });

  it('goes on to the next page again once back on the summary', async () => {
    arriveAt('/standard/claim-summary');
    await useNavigationStore.getState().skipTo('claimant-info', { returnHere: true });
    await useNavigationStore.getState().next();
    expect(useNavigationStore.getState().returnTo).toBeNull();
  });

  it('keeps the pages in order after a skip that does not ask to return', async () => {
    arriveAt('/standard/claim-summary');
    await useNavigationStore.getState().skipTo('claimant-info');
    await useNavigationStore.getState().next();
    expect(navigate).toHaveBeenLastCalledWith('/standard/claim-details?culture=es');
  });

  it('forgets the way back to the summary when the claimant leaves the form', async () => {
    arriveAt('/standard/claim-summary');
    await useNavigationStore.getState().skipTo('claimant-info', { returnHere: true });
    arriveAt('/faq');
    expect(useNavigationStore.getState().returnTo).toBeNull();
  });
});
