/**
 * The router the stores navigate with. The app binds its router once at start-up; the stores
 * sit below the app layer and must not import it (features and stores never import src/app).
 */
export interface BoundRouter {
  /** `state` travels with the history entry (React Router's location state). */
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  /** The path and query currently shown, e.g. '/standard/claim-details?culture=es'. */
  currentLocation(): { pathname: string; search: string };
}

let bound: BoundRouter | null = null;

export function bindRouter(router: BoundRouter | null): void {
  bound = router;
}

export function boundRouter(): BoundRouter {
  if (bound === null) {
    throw new Error('no router is bound; call bindRouter() before navigating from a store');
  }
  return bound;
}
