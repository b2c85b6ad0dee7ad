import { startTransition, useEffect, useState } from 'react';

/**
 * Starts loading a module now (when the calling module runs, before the first screen renders) and gives
 * a hook that answers the module once it has arrived, and null before. Used for controls whose code
 * (menus, tooltips, comboboxes: the floating/portal layer) is not needed to paint the first screen: the
 * page shows a look-alike until then. Unlike React.lazy it never suspends, and when the module is
 * already there at the first render (tests, a warm cache) the real control renders straight away.
 *
 * The real controls take over in a transition: React renders them in slices between which the browser
 * answers input, where an external-store update would render every control (the sidebar's whole list of
 * links under its ScrollArea, say) in one blocking task right after the first paint.
 *
 * @example const useMenus = deferred(() => import('./header-menus')); const menus = useMenus(); return menus ? <menus.UserMenu /> : <Placeholder />;
 */
export function deferred<T>(load: () => Promise<T>): () => T | null {
  let value: T | null = null;
  const listeners = new Set<(module: T) => void>();
  const arrive = (module: T) => {
    value = module;
    startTransition(() => {
      for (const listener of listeners) listener(module);
    });
  };
  // One retry: a chunk that fails to arrive (a deploy in between, a dropped connection) would otherwise
  // leave the look-alike in place for the whole visit.
  load().then(arrive, () =>
    load().then(arrive, (error: unknown) => console.error('A deferred module failed to load', error)),
  );
  return function useDeferred() {
    const [module, setModule] = useState(value);
    useEffect(() => {
      // Always through an updater that answers the module: a module that is itself a function must not be
      // taken for one.
      const listener = (arrived: T) => setModule(() => arrived);
      listeners.add(listener);
      // Arrived between this component's first render and now.
      const arrived = value;
      if (arrived !== null) startTransition(() => listener(arrived));
      return () => void listeners.delete(listener);
    }, []);
    return module;
  };
}
