import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';

/** Where uploaded bytes live; the `files` table records what and where. */
export interface Storage {
  /**
   * Stores bytes under a new key. A stream is written as it arrives (never held whole in memory);
   * when it fails part-way (e.g. a size limit stops it) nothing is left under the key.
   */
  put(key: string, bytes: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Resolves when the storage can be written (readiness): the folder is writable, or the bucket answers. */
  check(): Promise<void>;
}

export function localStorage(root: string): Storage {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return p;
  };
  return {
    async put(key, bytes) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      if (Buffer.isBuffer(bytes)) return writeFile(full(key), bytes);
      try {
        await pipeline(bytes, createWriteStream(full(key), { flags: 'wx' }));
      } catch (err) {
        await rm(full(key), { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        await stat(full(key));
      } catch {
        return null;
      }
      return createReadStream(full(key));
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

async function s3Storage(config: Config): Promise<Storage> {
  const s3 = await import('@aws-sdk/client-s3');
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, NoSuchKey } = s3;
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const Bucket = config.S3_BUCKET!;
  return {
    async put(Key, Body, ContentType) {
      if (Buffer.isBuffer(Body)) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType }));
        return;
      }
      await s3PutStream(client, s3, { Bucket, Key, ContentType }, Body);
    },
    async get(Key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key }));
        return (out.Body as Readable) ?? null;
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async delete(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async check() {
      await client.send(new s3.HeadBucketCommand({ Bucket }));
    },
  };
}

/** S3's smallest part (but the last); one part in memory per upload at a time. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * A stream of unknown length into S3 in 8 MB parts (a plain PUT needs the length up front): one
 * PUT when it all fits in one part, else a multipart upload that is aborted if the stream fails, so
 * S3 keeps no parts of a refused file.
 */
async function s3PutStream(
  client: import('@aws-sdk/client-s3').S3Client,
  s3: typeof import('@aws-sdk/client-s3'),
  target: { Bucket: string; Key: string; ContentType: string },
  body: Readable,
): Promise<void> {
  let buffered: Buffer[] = [];
  let size = 0;
  let uploadId: string | undefined;
  const parts: { ETag?: string; PartNumber: number }[] = [];
  const flush = async () => {
    const Body = Buffer.concat(buffered);
    buffered = [];
    size = 0;
    uploadId ??= (await client.send(new s3.CreateMultipartUploadCommand(target))).UploadId!;
    const PartNumber = parts.length + 1;
    const { ETag } = await client.send(
      new s3.UploadPartCommand({ Bucket: target.Bucket, Key: target.Key, UploadId: uploadId, PartNumber, Body }),
    );
    parts.push({ ETag, PartNumber });
  };
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      buffered.push(chunk);
      size += chunk.length;
      if (size >= PART_SIZE) await flush();
    }
    if (!uploadId) {
      await client.send(new s3.PutObjectCommand({ ...target, Body: Buffer.concat(buffered) }));
      return;
    }
    if (size) await flush();
    await client.send(
      new s3.CompleteMultipartUploadCommand({
        Bucket: target.Bucket,
        Key: target.Key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (err) {
    if (uploadId)
      await client
        .send(new s3.AbortMultipartUploadCommand({ Bucket: target.Bucket, Key: target.Key, UploadId: uploadId }))
        .catch(() => {});
    throw err;
  }
}

export async function createStorage(config: Config): Promise<Storage> {
  return config.STORAGE === 's3' ? s3Storage(config) : localStorage(path.resolve(config.DATA_DIR, 'files'));
}
