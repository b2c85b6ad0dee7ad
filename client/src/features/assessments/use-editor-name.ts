import { useEffect, useRef } from 'react';

/**
 * Names the editable area inside `ref` (`aria-label`) once the lazily loaded editor has put it there. The
 * shared editor labels its frame but not BlockNote's contenteditable, which axe reports as an unnamed
 * input; remove this when components/rich-text names it itself.
 */
export function useEditorName<E extends HTMLElement>(name: string) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const apply = () => {
      for (const el of root.querySelectorAll('[contenteditable="true"]:not([aria-label]):not([aria-labelledby])')) el.setAttribute('aria-label', name);
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [name]);
  return ref;
}
