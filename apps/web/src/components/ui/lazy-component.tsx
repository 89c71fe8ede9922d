import { lazy, Suspense, type ComponentType, type FunctionComponent } from 'react';

export interface LazyComponent<P extends object> extends FunctionComponent<P> {
  /** Loads the component's code; once it has resolved, the component renders at once. */
  preload(): Promise<void>;
}

/**
 * A component whose code loads the first time it is needed, so pages that never show it do not
 * download it. Unlike React.lazy alone it renders synchronously once loaded, so a page that
 * preloads what it shows (the router does, for form pages) never flashes a fallback. Until then
 * the `fallback` (by default nothing) stands in, rendered with the same props.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback?: ComponentType<P>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;

  function preload(): Promise<ComponentType<P>> {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A later render tries again (e.g. after the network came back).
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  // Only rendered while the code is missing: React.lazy suspends until it arrives, and by then
  // `loaded` is set, so the retry renders the component itself and this never commits.
  const Pending = lazy(async () => ({ default: await preload() }));

  function Loaded(props: P) {
    const Component = loaded;
    return Component === null ? <Pending {...props} /> : <Component {...props} />;
  }

  // The boundary is always there, so the component keeps its place (and state) in the tree
  // when its code arrives.
  function Lazy(props: P) {
    const Fallback = fallback;
    return (
      <Suspense fallback={Fallback ? <Fallback {...props} /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  Lazy.preload = async () => {
    await preload();
  };
  return Lazy;
}
