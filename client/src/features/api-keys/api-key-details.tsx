import { Alert, Badge, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { API_KEY_SAVED, type ApiKey, type CreatedApiKey } from '@app/contract';
import { formatDateTime, formatDay } from '../../components/format';
import { useRevokeKey } from './api';
import { confirmRevoke } from './revoke-key';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** A new key, shown this once with a copy button: the server keeps only its hash. */
export function NewKey(props: { created: CreatedApiKey; onCopied: () => void; onDone: () => void }) {
  const { created, onDone } = props;
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={API_KEY_SAVED}>
        This is the only time it is shown: only a hash of it is stored. Send it as{' '}
        <Code>Authorization: Bearer &lt;key&gt;</Code>.
      </Alert>
      <Code block data-testid="new-api-key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {created.key}
      </Code>
      <Group justify="space-between">
        <CopyButton value={created.key}>
          {({ copied, copy }) => (
            <Button
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              color={copied ? 'teal' : undefined}
              onClick={() => {
                copy();
                props.onCopied();
              }}
            >
              {copied ? 'Copied' : 'Copy Key'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
      <ApiKeyFacts apiKey={created} />
    </Stack>
  );
}

function ApiKeyFacts({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Stack gap="sm">
      <Fact label="Name">{apiKey.name}</Fact>
      <Fact label="Prefix">
        <Code>{apiKey.prefix}…</Code>
      </Fact>
      <Fact label="Calls it may make">
        <Group gap={4} mt={4}>
          {apiKey.scopes.map((s) => (
            <Badge key={s} variant="light" color={s.endsWith(':write') ? 'orange' : 'blue'} tt="none">
              {s}
            </Badge>
          ))}
        </Group>
      </Fact>
      <Fact label="Created">
        {formatDay(apiKey.createdAt)}
        {apiKey.createdBy ? ` by ${apiKey.createdBy} (it acts for them)` : ''}
      </Fact>
      <Fact label="Last used">{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}</Fact>
    </Stack>
  );
}

/** An existing key: what it may call, when it was last used, and Revoke (its secret is never shown again). */
export function ApiKeyDetails({ apiKey }: { apiKey: ApiKey }) {
  const { revoke, isPending } = useRevokeKey();
  return (
    <Stack gap="md">
      {apiKey.revokedAt ? (
        <Alert color="gray" variant="light" title="Revoked">
          Revoked on {formatDay(apiKey.revokedAt)}: every call with it is refused.
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            loading={isPending}
            onClick={() => confirmRevoke(apiKey, () => void revoke(apiKey.id))}
          >
            Revoke
          </Button>
        </Group>
      )}
      <ApiKeyFacts apiKey={apiKey} />
    </Stack>
  );
}
