import { createContext, useContext } from 'react';

/**
 * Whether the form around a field takes no edit (its account may not save it): `EntityForm` and `ShortForm` provide
 * it, so a field that is more than a native input (an upload, which a disabled fieldset does not stop) can show its
 * value only.
 *
 * @example const readOnly = useFormReadOnly(); {!readOnly && <Button onClick={remove}>Remove</Button>}
 */
export const FormReadOnly = createContext(false);

/** The read-only state of the enclosing form (false outside any form). */
export const useFormReadOnly = () => useContext(FormReadOnly);
