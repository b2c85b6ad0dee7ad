import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import type { FileRejection } from '@mantine/dropzone';
import type { UploadedFile } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { FileDropzone, type FileDropzoneProps } from './file-dropzone';
import { FormReadOnly } from '../form-kit/read-only';
import { ImageUploadField } from './image-upload-field';
import { dropRules, rejectionMessages, uploadFailedMessage } from './upload-rules';

// Notifications live in one store for the whole file: start each test without the last one's.
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

function renderDropzone(props: Partial<FileDropzoneProps> = {}) {
  const onUploaded = vi.fn();
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <FileDropzone path="public/institutions/logos" onUploaded={onUploaded} {...props} />
    </Providers>,
  );
  return { ...view, onUploaded };
}

/** Picks files through the zone's hidden input, as the file dialog would. */
function pick(container: HTMLElement, files: File[]) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const png = (name = 'logo.png', size = 120) => new File([new Uint8Array(size)], name, { type: 'image/png' });

const stored = (id: number, fileName: string): UploadedFile => ({
  id,
  fileName,
  url: `/api/files/${id}/${encodeURIComponent(fileName)}`,
  sizeInBytes: 120,
  contentType: 'image/png',
});

describe('FileDropzone rules', () => {
  it('names a file of a kind the destination refuses', async () => {
    const { container } = renderDropzone();
    pick(container, [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByText('File notes.txt (text/plain) was rejected')).toBeTruthy();
    // And why: the kinds this upload takes.
    expect(screen.getByText('Only PNG, JPEG, GIF or WEBP files are accepted here.')).toBeTruthy();
  });

  it('names a file over the destination size', async () => {
    const { container } = renderDropzone();
    const big = png('huge.png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    pick(container, [big]);
    expect(await screen.findByText('File huge.png (image/png) was rejected')).toBeTruthy();
    expect(screen.getByText('It is larger than 10 MB, the most this upload takes.')).toBeTruthy();
  });

  it('takes one file at a time in a single-file zone', async () => {
    const { container, onUploaded } = renderDropzone();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(false);
    pick(container, [png('a.png'), png('b.png')]);
    expect(await screen.findByText('Cannot upload more than 1 file at a time')).toBeTruthy();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('shows the rules of the destination', () => {
    renderDropzone();
    expect(screen.getByText('PNG, JPEG, GIF or WEBP, up to 10 MB')).toBeTruthy();
  });

  it('words the count and failure texts as the spec does', () => {
    const file = Object.assign(png(), { path: './logo.png', relativePath: './logo.png' });
    const tooMany: FileRejection[] = [{ file, errors: [{ code: 'too-many-files', message: 'Too many files' }] }];
    const rules = dropRules('public/institutions/logos');
    expect(rejectionMessages(tooMany, { ...rules, maxFiles: 3 })).toEqual([
      { message: 'Cannot upload more than 3 files' },
    ]);
    expect(rejectionMessages(tooMany, rules)).toEqual([{ message: 'Cannot upload more than 1 file at a time' }]);
    expect(uploadFailedMessage(['a.png'])).toBe('There was an error uploading the file: a.png.');
    expect(uploadFailedMessage(['a.png', 'b.png'])).toBe('Failed to upload 2 files');
  });
});

describe('FileDropzone upload', () => {
  it('uploads to the destination, shows the file done and says so', async () => {
    const sent: { path: unknown; public: unknown; name: unknown }[] = [];
    mockServer.use(
      http.post('/api/shared/file', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        sent.push({ path: form.get('path'), public: form.get('public'), name: file.name });
        return HttpResponse.json([stored(7, file.name)], { status: 201 });
      }),
    );
    const { container, onUploaded } = renderDropzone();
    pick(container, [png('crest.png')]);
    expect(await screen.findByText('Upload successfully.')).toBeTruthy();
    expect(sent).toEqual([{ path: 'public/institutions/logos', public: 'true', name: 'crest.png' }]);
    expect(onUploaded).toHaveBeenCalledWith([stored(7, 'crest.png')]);
    const row = screen.getByTestId('upload-row');
    expect(row.dataset.status).toBe('done');
    expect(row.textContent).toContain('Done');
  });

  it('names the file that failed and shows the server reason on its row', async () => {
    mockServer.use(
      http.post('/api/shared/file', () =>
        HttpResponse.json({ message: 'File crest.png (image/png) was rejected' }, { status: 400 }),
      ),
    );
    const { container, onUploaded } = renderDropzone();
    pick(container, [png('crest.png')]);
    expect(await screen.findByText('There was an error uploading the file: crest.png.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('upload-row').dataset.status).toBe('failed'));
    expect(screen.getByText('File crest.png (image/png) was rejected')).toBeTruthy();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});

describe('ImageUploadField', () => {
  it('shows the current image, removes it, and replaces it with an upload', async () => {
    mockServer.use(http.post('/api/shared/file', () => HttpResponse.json([stored(9, 'new.png')], { status: 201 })));
    const onChange = vi.fn();
    const { container } = render(
      <Providers queryClient={createQueryClient()}>
        <ImageUploadField
          label="Logo"
          path="public/institutions/logos"
          value={stored(3, 'old.png')}
          onChange={onChange}
        />
      </Providers>,
    );
    expect(screen.getByRole('img', { name: 'old.png' }).getAttribute('src')).toBe('/api/files/3/old.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove old.png' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    pick(container, [png('new.png')]);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(stored(9, 'new.png')));
    expect(screen.queryByTestId('upload-row')).toBeNull();
  });

  it('shows the file only in a form its account may not save: no Remove, no drop zone', () => {
    const field = (value: UploadedFile | null) => (
      <Providers queryClient={createQueryClient()}>
        <FormReadOnly.Provider value>
          <ImageUploadField label="Logo" path="public/institutions/logos" value={value} onChange={vi.fn()} />
        </FormReadOnly.Provider>
      </Providers>
    );
    const { container, rerender } = render(field(stored(3, 'old.png')));
    expect(screen.getByRole('img', { name: 'old.png' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove old.png' })).toBeNull();
    expect(container.querySelector('input[type="file"]')).toBeNull();
    rerender(field(null));
    expect(screen.getByText('No image')).toBeTruthy();
    expect(container.querySelector('input[type="file"]')).toBeNull();
  });
});
