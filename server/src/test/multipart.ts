/** One part of a multipart/form-data body: a text field, or a file with its name, type and bytes. */
export type Part = { field: string; value: string } | { file: string; type: string; bytes: Buffer };

/**
 * A multipart/form-data request body and its content type, for `app.inject` (uploads in tests).
 * @example t.request({ method: 'POST', url: '/api/shared/file', ...multipart([{ field: 'path', value: p }, { file: 'a.csv', type: 'text/csv', bytes }]), cookie })
 */
export function multipart(parts: Part[]) {
  const boundary = '----upload-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('field' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.file}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
