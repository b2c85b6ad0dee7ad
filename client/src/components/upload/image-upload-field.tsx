import type { ReactNode } from 'react';
import { Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconTrash } from '@tabler/icons-react';
import type { UploadedFile, UploadPath } from '@app/contract';
import { useFormReadOnly } from '../form-kit/read-only';
import { FileDropzone } from './file-dropzone';
import { formatBytes } from './upload-rules';

export type ImageUploadFieldProps = {
  label: ReactNode;
  /** The destination folder, e.g. 'public/institutions/logos'. */
  path: UploadPath;
  /** The current image; the form stores its `id`. */
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** 'image' (default) shows the picture; 'file' a document icon (databases, zips). */
  kind?: 'image' | 'file';
};

/**
 * A form field holding one uploaded file (an image by default): shows the current one with a Remove
 * button, and a drop zone that replaces it. In a form its account may not save (`useFormReadOnly`) it shows
 * the file only: no Remove, no drop zone.
 * @example <ImageUploadField label="Logo" path="public/institutions/logos" value={logo} onChange={setLogo} />
 * @example <ImageUploadField kind="file" label="Database" path="private/invitations/databases" value={db} onChange={setDb} />
 */
export function ImageUploadField({
  label,
  path,
  value,
  onChange,
  description,
  error,
  required,
  disabled,
  kind = 'image',
}: ImageUploadFieldProps) {
  const noun = kind === 'image' ? 'an image' : 'a file';
  const readOnly = useFormReadOnly();
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required}>
      <Stack gap="xs" mt={description ? 4 : 2}>
        {value && (
          <Paper withBorder p="xs" radius="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {kind === 'image' ? (
                  <Image src={value.url} alt={value.fileName} h={64} w={64} fit="contain" radius="sm" />
                ) : (
                  <IconFileSpreadsheet size={32} stroke={1.4} aria-hidden />
                )}
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {value.fileName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(value.sizeInBytes)}
                  </Text>
                </div>
              </Group>
              {!readOnly && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => onChange(null)}
                  disabled={disabled}
                  aria-label={`Remove ${value.fileName}`}
                >
                  Remove
                </Button>
              )}
            </Group>
          </Paper>
        )}
        {readOnly ? (
          !value && (
            <Text size="sm" c="dimmed">
              No {kind}
            </Text>
          )
        ) : (
          <FileDropzone
            path={path}
            maxFiles={1}
            hideDone
            disabled={disabled}
            label={value ? `Drop a new ${kind} here or click to replace it` : `Drop ${noun} here or click to select it`}
            onUploaded={([file]) => file && onChange(file)}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
