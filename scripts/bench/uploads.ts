import { request } from 'node:http';
import { MB, UPLOAD_DESTINATIONS, type UploadPath } from '@app/contract';
import { storedZipParts } from '../../server/src/test/stored-zip.js';
import { report, rssMb, type Bench } from './harness.js';

const UPLOADS = 10;

/** The destination that takes the largest files (postal mailings: 100 MB zips). */
function largestDestination(): [UploadPath, number] {
  const [path, dest] = Object.entries(UPLOAD_DESTINATIONS).sort(([, a], [, b]) => b.maxSize - a.maxSize)[0]!;
  return [path as UploadPath, dest.maxSize];
}

/** POSTs one multipart upload whose file is `size` bytes of a zip, written 1 MB at a time with back-pressure. */
function uploadZip(bench: Bench, path: string, maxSize: number): Promise<number> {
  const dataSize = maxSize - storedZipParts(0).fileSize; // the whole file exactly at the limit
  const zip = storedZipParts(dataSize);
  const boundary = '----bench-upload';
  const pre = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${path}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="commit"\r\n\r\nfalse\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const post = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = pre.length + zip.head.length + dataSize + zip.tail.length + post.length;
  const url = new URL(`${bench.baseUrl}/api/shared/file`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          cookie: bench.cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    const block = Buffer.alloc(MB, 0x61);
    let left = dataSize;
    const write = () => {
      while (left > 0) {
        const n = Math.min(block.length, left);
        left -= n;
        if (!req.write(n === block.length ? block : block.subarray(0, n))) return void req.once('drain', write);
      }
      req.end(Buffer.concat([zip.tail, post]));
    };
    req.write(Buffer.concat([pre, zip.head]));
    write();
  });
}

/**
 * Ten concurrent uploads of the largest file any destination takes, sampling the server's RSS:
 * uploads stream to storage, so memory must not grow with the file size.
 */
export async function benchUploads(bench: Bench): Promise<boolean> {
  const [path, maxSize] = largestDestination();
  console.log(`\nUploads (${UPLOADS} concurrent files of ${maxSize / MB} MB to ${path})`);
  const start = rssMb(bench.serverPid);
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(bench.serverPid))), 10);
  const t0 = performance.now();
  const statuses = await Promise.all(Array.from({ length: UPLOADS }, () => uploadZip(bench, path, maxSize)));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const stored = statuses.filter((s) => s === 201).length;
  const ok = report(
    'uploads accepted',
    `${stored} of ${UPLOADS} (${((UPLOADS * maxSize) / MB / seconds).toFixed(0)} MB/s in all)`,
    stored === UPLOADS,
    `all ${UPLOADS}`,
  );
  const growth = peak - start;
  return (
    report(
      'upload peak RSS growth (server process)',
      `${growth.toFixed(0)} MB (${start.toFixed(0)} -> ${peak.toFixed(0)} MB)`,
      growth < 100,
      `< 100 MB for ${(UPLOADS * maxSize) / MB} MB received`,
    ) && ok
  );
}
