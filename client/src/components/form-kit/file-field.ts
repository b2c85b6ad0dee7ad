import type { UploadedFile } from '@app/contract';
import type { FormBinder } from './use-entity-form';

/**
 * The `value`, `error` and `onChange` of an `ImageUploadField` bound to a form that keeps the file (`logo`, to show
 * it) and its id (`logoId`, what the contract input takes, where the server's error lands).
 * @example <ImageUploadField label="Logo" path="public/institutions/logos" {...fileFieldProps(form, 'logo', 'logoId')} />
 */
export function fileFieldProps(form: FormBinder, file: string, id: string) {
  return {
    value: (form.getInputProps(file).value as UploadedFile | null | undefined) ?? null,
    error: form.getInputProps(id).error,
    onChange: (next: UploadedFile | null) => {
      form.setValue(file, next);
      form.setValue(id, next?.id ?? null);
    },
  };
}
