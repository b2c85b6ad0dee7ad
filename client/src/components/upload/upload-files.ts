import { z } from 'zod';
import {
  apiRouter,
  filesContract,
  UPLOAD_DESTINATIONS,
  UPLOAD_TIMEOUT_MS,
  UploadedFile,
  type UploadPath,
} from '@app/contract';

// The upload address under `/api`, without the whole contract's schemas.
const UPLOAD_PATH = apiRouter({ files: filesContract }).files.upload.path;

/** A failed upload, shaped like a failed contract call (`status`, `body`) so `errorMessage()` reads it. */
export class UploadError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(status ? `Upload failed with status ${status}` : 'Upload failed');
    this.name = 'UploadError';
  }
}

export type UploadOptions = {
  /** Defaults to the destination's own visibility. */
  public?: boolean;
  /** `false` keeps the files temporary until the record that uses them is saved. */
  commit?: boolean;
  /** Share of the bytes sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

const UploadedFiles = z.array(UploadedFile);

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends files to POST /api/shared/file and resolves with what the server stored.
 *
 * This is the one API call that does not go through the ts-rest client: `fetch` cannot report upload
 * progress, `XMLHttpRequest` can (`xhr.upload.onprogress`). It keeps the rest of the house rules: same-origin
 * cookie, the spec's 5 minute upload timeout (300000 ms) instead of the usual 30 s, and errors carrying
 * the server's `{message}` body.
 * @example await uploadFiles('public/institutions/logos', [file], { onProgress: setShare })
 */
export function uploadFiles(path: UploadPath, files: File[], options: UploadOptions = {}): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // The server reads the stream in order: the path must come before the files.
    form.append('path', path);
    form.append('public', String(options.public ?? UPLOAD_DESTINATIONS[path].public));
    if (options.commit !== undefined) form.append('commit', String(options.commit));
    for (const file of files) form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) return reject(new UploadError(xhr.status, body));
      const parsed = UploadedFiles.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new UploadError(xhr.status, undefined));
    };
    xhr.onerror = () => reject(new UploadError(undefined, undefined));
    xhr.ontimeout = () => reject(new UploadError(undefined, { message: 'The upload took too long' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (options.signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
