import { z } from 'zod';
import { MAX_INT } from './fields.js';

/** Spec 01 §3 Uploaded file. */
export const UploadedFile = z.object({
  id: z.number().int(),
  fileName: z.string(),
  url: z.string(),
  sizeInBytes: z.number().int(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/**
 * A body field naming a stored file by id, or none (null, absent). 0, negative and out-of-range ids
 * are refused here rather than reaching the database as a broken reference.
 * @example logoId: fileRef('Logo') // 12 -> 12; null or absent -> null; 0 -> 'Logo must be a positive file id'
 */
export function fileRef(label: string) {
  return z
    .number({ invalid_type_error: `${label} must be a file id` })
    .int(`${label} must be a file id`)
    .positive(`${label} must be a positive file id`)
    .max(MAX_INT, `${label} must be ${MAX_INT} or less`)
    .nullish()
    .transform((v) => v ?? null);
}
