import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../api/errors';
import { getPath, issuesToErrors, setPath, type FormPath, type PathValue } from './paths';

export type EntityId = number | string;

/** What `getInputProps` spreads onto a Mantine input. */
export type InputProps = {
  value?: any;
  checked?: boolean;
  onChange: (valueOrEvent: unknown) => void;
  error?: string;
};

/** The loosely typed view of a form that shared field groups (e.g. `AddressFields`) take. */
export interface FormBinder {
  getInputProps(path: string, opts?: { type?: 'checkbox' }): InputProps;
  setValue(path: string, value: unknown): void;
}

export type EntityFormOptions<V, B> = {
  /** The contract input schema: the browser checks with the same rules and messages as the server. */
  schema: z.ZodType<B, z.ZodTypeDef, any>;
  initialValues: V;
  /** Present: save updates this entity; absent: save creates one. */
  id?: EntityId | null;
  /** Absent for an area that only edits (members): the form then always has an id. */
  create?: (body: B) => Promise<unknown>;
  update: (id: EntityId, body: B) => Promise<unknown>;
  onSaved?: (result: unknown) => void;
};

export type EntityForm<V> = FormBinder & {
  values: V;
  errors: Record<string, string>;
  /** Errors of paths no rendered field took (e.g. a server issue on a field this form lacks). */
  otherErrors: string[];
  isUpdate: boolean;
  saving: boolean;
  dirty: boolean;
  setValue<P extends FormPath<V>>(path: P, value: PathValue<V, P>): void;
  getInputProps<P extends FormPath<V>>(path: P, opts?: { type?: 'checkbox' }): InputProps;
  setErrors: (errors: Record<string, string>) => void;
  /** The `<form onSubmit>`: checks, then creates or updates; a 400's issues land on the fields. */
  submit: (event?: FormEvent) => Promise<void>;
};

function isEvent(v: unknown): v is ChangeEvent<HTMLInputElement> {
  return !!v && typeof v === 'object' && 'currentTarget' in v && 'nativeEvent' in v;
}

function createOrFail<B>(opts: { create?: (body: B) => Promise<unknown> }, body: B) {
  if (!opts.create) throw new Error('This form can only edit: it was given no id');
  return opts.create(body);
}

/**
 * A create-or-update form over a contract input schema. Validation runs `schema.safeParse` and maps
 * issues by dotted path ('address.city'); after the first save attempt it re-checks on every change.
 * Notifications stay central: give the mutations `meta: { successMessage, formIssues: true }`.
 *
 * @example
 * const save = institutionsArea.useSave(); // { create: (body) => ..., update: (id, body) => ... }
 * const form = useEntityForm({ schema: InstitutionInput, initialValues: toFormValues(institution), id: institution?.id, ...save, onSaved: close });
 * <EntityForm form={form} onCancel={close}><TextInput label="Name" {...form.getInputProps('name')} /></EntityForm>
 */
export function useEntityForm<V extends object, B>(opts: EntityFormOptions<V, B>): EntityForm<V> {
  const [state, setState] = useState({
    values: opts.initialValues,
    errors: {} as Record<string, string>,
    attempted: false,
    dirty: false,
  });
  const [saving, setSaving] = useState(false);
  const rendered = useRef(new Set<string>());
  const { schema } = opts;

  const check = useCallback(
    (values: V) => {
      const parsed = schema.safeParse(values);
      return parsed.success ? {} : issuesToErrors(parsed.error.issues);
    },
    [schema],
  );

  const setValue = useCallback(
    (path: string, value: unknown) =>
      setState((s) => {
        const values = setPath(s.values, path, value);
        const errors = s.attempted
          ? check(values)
          : Object.fromEntries(Object.entries(s.errors).filter(([k]) => k !== path));
        return { ...s, values, errors, dirty: true };
      }),
    [check],
  );

  const getInputProps = (path: string, o?: { type?: 'checkbox' }): InputProps => {
    rendered.current.add(path);
    const value = getPath(state.values, path);
    const onChange = (v: unknown) =>
      setValue(path, isEvent(v) ? (o?.type === 'checkbox' ? v.currentTarget.checked : v.currentTarget.value) : v);
    const error = state.errors[path];
    return o?.type === 'checkbox' ? { checked: !!value, onChange, error } : { value: value ?? '', onChange, error };
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = schema.safeParse(state.values);
    if (!parsed.success) {
      setState((s) => ({ ...s, attempted: true, errors: issuesToErrors(parsed.error.issues) }));
      return;
    }
    setState((s) => ({ ...s, attempted: true, errors: {} }));
    setSaving(true);
    try {
      const result = opts.id != null ? await opts.update(opts.id, parsed.data) : await createOrFail(opts, parsed.data);
      setState((s) => ({ ...s, dirty: false }));
      opts.onSaved?.(result);
    } catch (error) {
      // The notification (if any) is the query client's; here only the field issues of a 400.
      const errors = fieldErrors(error);
      if (Object.keys(errors).length) setState((s) => ({ ...s, errors }));
    } finally {
      setSaving(false);
    }
  };

  return {
    values: state.values,
    errors: state.errors,
    otherErrors: Object.entries(state.errors)
      .filter(([k]) => !rendered.current.has(k))
      .map(([, m]) => m),
    isUpdate: opts.id != null,
    saving,
    dirty: state.dirty,
    setValue: setValue as EntityForm<V>['setValue'],
    getInputProps: getInputProps as EntityForm<V>['getInputProps'],
    setErrors: (errors) => setState((s) => ({ ...s, errors })),
    submit,
  };
}
