import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_KINDS, type FileKind, type UploadDestination } from '@app/contract';

/** The sender did not say what the file is: its name and bytes decide. */
const UNSTATED = new Set(['', 'application/octet-stream']);

const NAME_MAX = 200;

/**
 * The name a file is recorded and served under: no folders, no control characters, no lone
 * surrogate halves (a URL cannot carry them), at most 200 characters (the ending kept, and never
 * cut inside a character).
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const name = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .trim();
  if (name.length <= NAME_MAX) return name || 'file';
  const ext = path.extname(name).slice(0, 16);
  return cutAt(name, NAME_MAX - ext.length) + ext;
}

/** The first `n` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
function cutAt(text: string, n: number): string {
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

/**
 * What an uploaded file really is, or undefined to refuse it. The name's ending picks one of the
 * destination's kinds; the claimed content type must be that kind's (or unstated); and the bytes must
 * carry that kind's signature, or for a text kind (CSV) no binary signature and no NUL byte.
 * `bytes` may be only the file's start (receive.ts checks the rest of a text file for NUL itself).
 * @example await identifyFile(dest, 'logo.png', 'image/png', bytes) // FILE_KINDS.png
 */
export async function identifyFile(
  destination: UploadDestination,
  fileName: string,
  claimedType: string,
  bytes: Buffer,
): Promise<FileKind | undefined> {
  const ext = path.extname(fileName).toLowerCase();
  const kinds: FileKind[] = destination.kinds.map((name) => FILE_KINDS[name]);
  const kind = kinds.find((k) => k.extensions.includes(ext));
  if (!kind) return undefined;

  const claimed = (claimedType.split(';')[0] ?? '').trim().toLowerCase();
  if (!UNSTATED.has(claimed) && claimed !== kind.mime && !kind.aliases?.includes(claimed)) return undefined;

  let sniffed: string | undefined;
  try {
    sniffed = (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    return undefined;
  }
  if (kind.text) return !sniffed && !bytes.includes(0) ? kind : undefined;
  return sniffed === (kind.sniffed ?? kind.mime) ? kind : undefined;
}

/** Images open in the browser; everything else downloads. */
export function contentDisposition(fileName: string, contentType: string): string {
  const type = contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
