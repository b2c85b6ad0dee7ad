import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

/** The ten recovery codes, shown once: right after two-factor sign-in is turned on, or after new ones are made. */
export function RecoveryCodes({ codes, renewed, onDone }: { codes: string[]; renewed?: boolean; onDone: () => void }) {
  const text = `Honor Society Admin recovery codes (each works once):\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="green" title={renewed ? 'New recovery codes' : 'Two-factor sign-in is on'}>
        Save these recovery codes somewhere safe. If you lose your phone, each one signs you in once instead of a code
        from the app. They are not shown again.{renewed && ' Your earlier codes no longer work.'}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        verticalSpacing="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Recovery codes"
      >
        {codes.map((c) => (
          <li key={c}>
            <Code fz="sm" display="block" ta="center" py={6}>
              {c}
            </Code>
          </li>
        ))}
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="sm"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" size="sm" leftSection={<IconDownload size={16} />} onClick={download}>
            Download
          </Button>
        </Group>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Codes are stored hashed: nobody, staff included, can show them to you again.
      </Text>
    </Stack>
  );
}
