import { useEffect, useRef, useState, type FormEvent } from 'react';

/** A field Mantine marks invalid, a field's error text (`<id>-error`), or the form's own list of other errors. */
const IN_ERROR = '[aria-invalid="true"], [id$="-error"], [data-form-errors]';
const FOCUSABLE = 'input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/** Focuses the first of `candidates` that can take the focus (a hidden file input cannot); which one did. */
function focusFirst(candidates: Iterable<HTMLElement>): HTMLElement | undefined {
  for (const el of candidates) {
    el.focus({ preventScroll: true });
    if (document.activeElement === el) return el;
  }
  return undefined;
}

/** Focuses the first error of `form` in reading order and scrolls it to the middle of its scroll area. */
export function focusFirstError(form: HTMLElement | null): void {
  const found = form?.querySelector<HTMLElement>(IN_ERROR);
  if (!form || !found) return;
  let target = found.matches('[aria-invalid="true"], [data-form-errors]') ? focusFirst([found]) : undefined;
  // An error shown only as text: the first control of the field around it.
  for (let node = found.parentElement; !target && node && node !== form; node = node.parentElement)
    target = focusFirst(node.querySelectorAll<HTMLElement>(FOCUSABLE));
  // Centred, so neither the sticky header nor a form's sticky Save bar covers it.
  (target ?? found).scrollIntoView?.({ block: 'center' });
}

/**
 * A kit form that refuses to save takes the user to why: after each submit that leaves an error on the form
 * (the browser's check or a 400's issues), focus moves to the first field in error and it is scrolled into view.
 *
 * @example const { ref, onSubmit } = useFocusFirstError(form.submit); <form ref={ref} onSubmit={onSubmit}>...</form>
 */
export function useFocusFirstError(submit: (event: FormEvent<HTMLFormElement>) => unknown) {
  const ref = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    // After the render that follows the submit: the errors it set are in the page by now.
    if (attempts) focusFirstError(ref.current);
  }, [attempts]);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await submit(event);
    } finally {
      setAttempts((n) => n + 1);
    }
  };
  return { ref, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
