import { Alert, Badge, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { BodyFormat, TemplateType } from '@app/contract';
import { errorMessage } from '../../api/errors';
import { usePreview } from './api';

/** How long the editor must be still before the preview is asked for again. */
export const PREVIEW_DEBOUNCE_MS = 300;

export type PreviewDraft = {
  subject: string;
  body: string;
  bodyFormat: BodyFormat;
  preview: string;
  templateType: TemplateType;
};

/**
 * The live preview: the unsaved template rendered on the server with sample token values, shown in a
 * sandboxed frame (no scripts, no same-origin access), with MJML errors by line and token problems.
 */
export function TemplatePreview({ draft }: { draft: PreviewDraft }) {
  const [debounced] = useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS);
  const preview = usePreview(debounced);
  const p = preview.data;
  return (
    <Stack gap="xs" aria-label="Preview" role="region">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Preview
        </Text>
        {preview.isFetching && <Loader size="xs" aria-label="Updating preview" />}
      </Group>
      {preview.error != null && (
        <Alert color="red" role="alert">
          {errorMessage(preview.error)}
        </Alert>
      )}
      {p && (
        <>
          <Text size="sm">
            <Text span c="dimmed">
              Subject:{' '}
            </Text>
            <span data-testid="preview-subject">{p.subject}</span>
          </Text>
          {(p.errors.length > 0 || p.tokenErrors.length > 0) && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Problems" role="status">
              <Stack gap={2}>
                {p.errors.map((e, i) => (
                  <Text size="sm" key={`m${i}`}>
                    {e.line != null && (
                      <Badge component="span" size="xs" variant="light" mr={6}>
                        Line {e.line}
                      </Badge>
                    )}
                    {e.message}
                  </Text>
                ))}
                {p.tokenErrors.map((e, i) => (
                  <Text size="sm" key={`t${i}`}>
                    {e.message} ({e.field === 'preview' ? 'Preview Text' : e.field === 'subject' ? 'Subject' : 'Body'})
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <Box
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 4,
              overflow: 'hidden',
              background: '#fff',
            }}
          >
            <iframe
              title="Email preview"
              sandbox=""
              srcDoc={p.html}
              style={{ width: '100%', height: 600, border: 0, display: 'block' }}
            />
          </Box>
        </>
      )}
    </Stack>
  );
}
