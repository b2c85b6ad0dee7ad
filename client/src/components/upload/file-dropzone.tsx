import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconFile, IconX } from '@tabler/icons-react';
import type { UploadedFile, UploadPath } from '@app/contract';
import { errorMessage } from '../../api/errors';
import { uploadFiles } from './upload-files';
import {
  UPLOAD_SUCCESS,
  acceptOf,
  dropRules,
  formatBytes,
  isTooMany,
  rejectionMessages,
  rulesHint,
  uploadFailedMessage,
} from './upload-rules';

const ignore = () => {};

/** Spec 01 §4: each file is pending, then in progress, then done (or failed). */
export type UploadStatus = 'pending' | 'progress' | 'done' | 'failed';
type Item = { key: number; name: string; size: number; status: UploadStatus; share: number; reason?: string };

export type FileDropzoneProps = {
  /** The destination folder; its size, count and kind rules apply (the server enforces the same). */
  path: UploadPath;
  /** Narrows the destination's limit (bytes); it can never widen it. */
  maxSize?: number;
  /** Narrows the destination's file count. */
  maxFiles?: number;
  /** `false` uploads temporary files that the saving record commits. */
  commit?: boolean;
  /** Called once per drop with the files the server stored (failed ones left out). */
  onUploaded?: (files: UploadedFile[]) => void;
  /** Text inside the zone; the rules hint is shown under it. */
  label?: ReactNode;
  /** Leave finished files out of the list (a field that shows its value instead). */
  hideDone?: boolean;
  /** `false`: no "Upload successfully." toast (a drop zone whose file is only read, such as an import's). */
  notifySuccess?: boolean;
  disabled?: boolean;
};

const STATUS_TEXT: Record<UploadStatus, (item: Item) => string> = {
  pending: () => 'Waiting',
  progress: (item) => `${Math.round(item.share * 100)}%`,
  done: () => 'Done',
  failed: () => 'Failed',
};

/**
 * The one drop zone for uploads: the destination's rules with the spec's refusal texts, one request
 * per file with a progress bar each, and the spec's outcome notifications (the upload kit is the one
 * place outside the mutation cache that shows them).
 * @example <FileDropzone path="public/chapters/logos" onUploaded={([file]) => setLogo(file)} />
 */
export function FileDropzone({
  path,
  maxSize,
  maxFiles,
  commit,
  onUploaded,
  label,
  hideDone,
  notifySuccess = true,
  disabled,
}: FileDropzoneProps) {
  const rules = useMemo(() => dropRules(path, { maxSize, maxFiles }), [path, maxSize, maxFiles]);
  const [items, setItems] = useState<Item[]>([]);
  const nextKey = useRef(0);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  const update = (key: number, patch: Partial<Item>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const busy = items.some((i) => i.status === 'pending' || i.status === 'progress');

  // One handler sees the whole drop: over the count, nothing of it is uploaded (react-dropzone would
  // otherwise keep the first file of a single-file zone).
  const onDropAny = (files: File[], rejections: FileRejection[]) => {
    for (const refusal of rejectionMessages(rejections, rules)) notifications.show({ color: 'red', ...refusal });
    if (isTooMany(rejections)) return;
    void upload(files);
  };

  const upload = async (files: File[]) => {
    if (!files.length) return;
    aborter.current ??= new AbortController();
    const { signal } = aborter.current;
    const batch = files.map((file) => ({ file, key: nextKey.current++ }));
    setItems((all) => [
      ...all.filter((i) => i.status !== 'failed'),
      ...batch.map(({ file, key }) => ({
        key,
        name: file.name,
        size: file.size,
        status: 'pending' as const,
        share: 0,
      })),
    ]);
    const results = await Promise.all(
      batch.map(async ({ file, key }) => {
        try {
          const stored = await uploadFiles(path, [file], {
            public: rules.public,
            commit,
            signal,
            onProgress: (share) => update(key, { status: 'progress', share }),
          });
          update(key, { status: 'done', share: 1 });
          return { name: file.name, stored, failed: false };
        } catch (error) {
          update(key, { status: 'failed', reason: errorMessage(error) });
          return { name: file.name, stored: [], failed: true };
        }
      }),
    );
    if (signal.aborted) return;
    const failed = results.filter((r) => r.failed).map((r) => r.name);
    const stored = results.flatMap((r) => r.stored);
    if (stored.length) onUploaded?.(stored);
    if (failed.length) notifications.show({ color: 'red', message: uploadFailedMessage(failed) });
    else if (notifySuccess) notifications.show({ color: 'green', message: UPLOAD_SUCCESS });
  };

  const shown = hideDone ? items.filter((i) => i.status !== 'done') : items;
  const single = rules.maxFiles === 1;
  return (
    <Stack gap="xs">
      <Dropzone
        onDropAny={onDropAny}
        onDrop={ignore}
        accept={acceptOf(rules)}
        maxSize={rules.maxSize}
        multiple={!single}
        maxFiles={single ? undefined : rules.maxFiles}
        disabled={disabled || (single && busy)}
        data-testid="file-dropzone"
      >
        <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconCloudUpload size={40} stroke={1.5} color="var(--mantine-color-blue-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="md">
              {label ?? (single ? 'Drag a file here or click to select it' : 'Drag files here or click to select them')}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {rulesHint(rules)}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {shown.map((item) => (
        <UploadRow key={item.key} item={item} />
      ))}
    </Stack>
  );
}

function UploadRow({ item }: { item: Item }) {
  const failed = item.status === 'failed';
  return (
    <Stack gap={4} data-testid="upload-row" data-status={item.status}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFile size={16} stroke={1.5} />
          <Text size="sm" truncate>
            {item.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatBytes(item.size)}
          </Text>
        </Group>
        <Text size="xs" c={failed ? 'red' : item.status === 'done' ? 'green' : 'dimmed'} style={{ flexShrink: 0 }}>
          {STATUS_TEXT[item.status](item)}
        </Text>
      </Group>
      <Progress
        size="sm"
        value={failed || item.status === 'done' ? 100 : item.share * 100}
        color={failed ? 'red' : item.status === 'done' ? 'green' : 'blue'}
        striped={item.status === 'pending' || item.status === 'progress'}
        animated={item.status === 'progress'}
        aria-label={`Upload of ${item.name}`}
      />
      {failed && item.reason && (
        <Text size="xs" c="red">
          {item.reason}
        </Text>
      )}
    </Stack>
  );
}
