import { notifications } from '@mantine/notifications';
import { MB, RICH_TEXT_MESSAGES, type UploadPath } from '@app/contract';
import { uploadFiles } from '../upload';

/** Spec 03 §9: editor uploads up to 20MB. */
export const EDITOR_UPLOAD_LIMIT = 20 * MB;
export const EDITOR_UPLOAD_PATH: UploadPath = 'public/learning/content';

function failure(error: unknown): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  return body && typeof body.message === 'string' && body.message ? body.message : RICH_TEXT_MESSAGES.uploadFailed;
}

/**
 * The editor's `uploadFile`: checks the 20MB limit, sends the file through POST /api/shared/file and
 * answers its address. Failures are shown here ('File size too big (max 20MB).', the server's message,
 * else 'Error uploading. Please try again.') and rethrown so the editor leaves the block empty.
 */
export function editorUploader(path: UploadPath = EDITOR_UPLOAD_PATH) {
  return async (file: File): Promise<string> => {
    if (file.size > EDITOR_UPLOAD_LIMIT) {
      notifications.show({ color: 'red', message: RICH_TEXT_MESSAGES.fileTooBig });
      throw new Error(RICH_TEXT_MESSAGES.fileTooBig);
    }
    try {
      const [stored] = await uploadFiles(path, [file]);
      if (!stored) throw new Error(RICH_TEXT_MESSAGES.uploadFailed);
      return stored.url;
    } catch (error) {
      notifications.show({ color: 'red', message: failure(error) });
      throw error;
    }
  };
}

/** Runs the editor's uploader from a custom block: the address, or null when it failed (already shown). */
export async function uploadToEditor(
  upload: ((file: File, blockId?: string) => Promise<string | Record<string, unknown>>) | undefined,
  file: File,
) {
  if (!upload) return null;
  try {
    const result = await upload(file);
    return typeof result === 'string' ? result : null;
  } catch {
    return null;
  }
}
