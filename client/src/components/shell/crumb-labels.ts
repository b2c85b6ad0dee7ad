import { useEffect, useSyncExternalStore } from 'react';

// Names a page knows for the path segments it shows (a program's slug -> its name), read by the breadcrumbs.
const labels = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  for (const listener of listeners) listener();
};

/**
 * Shows `label` for the breadcrumb of `path` while the calling page is shown, instead of the humanised
 * segment: record names keep their own case ('Leadership Foundations', not 'Leadership foundations').
 * @example useCrumbLabel(`/admin/learning/programs/${program.slug}`, program.name);
 */
export function useCrumbLabel(path: string, label: string | undefined): void {
  useEffect(() => {
    if (!label) return;
    labels.set(path, label);
    changed();
    return () => {
      if (labels.get(path) === label) labels.delete(path);
      changed();
    };
  }, [path, label]);
}

/** The labels pages have given, re-read when one changes. */
export function useCrumbLabels(): ReadonlyMap<string, string> {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
  return labels;
}
