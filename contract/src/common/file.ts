import { z } from 'zod';

/** Spec 01 §3 Uploaded file. */
export const UploadedFile = z.object({
  id: z.number().int(),
  fileName: z.string(),
  url: z.string(),
  sizeInBytes: z.number().int(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;
