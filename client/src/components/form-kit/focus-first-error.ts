import { useEffect, useRef, useState, type FormEvent } from 'react';

/** A field Mantine marks invalid, a field's error text (`<id>-error`), or the form's own list of other errors. */
const IN_ERROR = '[aria-invalid="true"], [id$="-error"], [data-form-errors]';
const FOCUSABLE = 'input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/** The element to focus for an error: the field itself, else the first focusable thing of the field around the text. */
function focusTarget(found: HTMLElement, form: HTMLElement): HTMLElement {
  if (found.matches('[aria-invalid="true"], [data-form-errors]')) return found;
  for (let node = found.parentElement; node && node !== form; node = node.parentElement) {
    const inside = node.querySelector<HTMLElement>(FOCUSABLE);
    if (inside) return inside;
  }
  return found;
}

/** Focuses the first error of `form` in reading order and scrolls it to the middle of its scroll area. */
export function focusFirstError(form: HTMLElement | null): void {
  const found = form?.querySelector<HTMLElement>(IN_ERROR);
  if (!form || !found) return;
  const target = focusTarget(found, form);
  target.focus({ preventScroll: true });
  // Centred, so neither the sticky header nor a form's sticky Save bar covers it.
  target.scrollIntoView?.({ block: 'center' });
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
