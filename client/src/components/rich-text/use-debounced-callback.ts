import { useEffect, useMemo, useRef } from 'react';

/** Spec 03 §9: the editor saves 300 ms after the last change. */
export const AUTOSAVE_DEBOUNCE_MS = 300;

/**
 * `fn` called once `wait` ms after the last call, with the last arguments; a pending call is made at
 * once on unmount (closing the drawer keeps the last keystrokes). Always calls the latest `fn`.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, wait = AUTOSAVE_DEBOUNCE_MS) {
  const latest = useRef(fn);
  latest.current = fn;
  const state = useRef<{ timer?: ReturnType<typeof setTimeout>; args?: A }>({});
  const debounced = useMemo(() => {
    const flush = () => {
      const { timer, args } = state.current;
      if (timer === undefined) return;
      clearTimeout(timer);
      state.current = {};
      latest.current(...(args as A));
    };
    const call = (...args: A) => {
      clearTimeout(state.current.timer);
      state.current = { args, timer: setTimeout(flush, wait) };
    };
    return Object.assign(call, { flush });
  }, [wait]);
  useEffect(() => () => debounced.flush(), [debounced]);
  return debounced;
}
