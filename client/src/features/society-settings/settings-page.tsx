import {
  ActionIcon,
  Alert,
  Card,
  Code,
  CopyButton,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { SocietySettingsInput, type SocietySettings } from '@app/contract';
import { errorMessage } from '../../api/errors';
import { useMay } from '../../api/permissions';
import { AddressFields, fileFieldProps, ShortForm, useEntityForm } from '../../components/form-kit';
import { ImageUploadField } from '../../components/upload';
import { useSaveSocietySettings, useSocietySettings } from './api';
import { IssuerKeys } from './issuer-keys';

function SettingsForm({ settings }: { settings: SocietySettings }) {
  const save = useSaveSocietySettings();
  const form = useEntityForm({
    schema: SocietySettingsInput,
    id: 'society',
    initialValues: {
      name: settings.name,
      address: settings.address,
      logo: settings.logo,
      logoId: settings.logo?.id ?? null,
    },
    update: (_id, body) => save.mutateAsync({ body }),
  });
  const mayWrite = useMay('write');
  return (
    <ShortForm onSubmit={form.submit} pending={form.saving}>
      <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
      <ImageUploadField
        label="Logo"
        path="public/society/logo"
        disabled={!mayWrite}
        {...fileFieldProps(form, 'logo', 'logoId')}
      />
      <Divider label="Address" labelPosition="left" mt="xs" />
      <AddressFields form={form} path="address" />
    </ShortForm>
  );
}

function IssuerKey({ issuerKey }: { issuerKey: SocietySettings['issuerKey'] }) {
  if (!issuerKey)
    return (
      <Text size="sm" c="dimmed">
        No key yet: it is generated when the first badge is issued.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm">
        Key id: <Code style={{ overflowWrap: 'anywhere' }}>{issuerKey.kid}</Code>
      </Text>
      <Group gap={4} align="flex-start" wrap="nowrap">
        <Code
          block
          style={{ flex: 1, minWidth: 0, overflowX: 'auto' }}
          data-testid="issuer-public-key"
          tabIndex={0}
          aria-label="Issuer public key (PEM)"
        >
          {issuerKey.pem}
        </Code>
        <CopyButton value={issuerKey.pem}>
          {({ copied, copy }) => (
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label="Copy the public key"
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * /admin/tech/settings (issue 38 §7): the society's name, address and logo, printed on receipts and membership
 * certificates, and the public part of its Open Badges issuer key. Read-only without `settings:write`.
 */
export function SocietySettingsPage() {
  const query = useSocietySettings();
  const settings = query.data?.status === 200 ? query.data.body : undefined;
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={2}>Society Settings</Title>
        <Text size="sm" c="dimmed">
          The name, address and logo printed on receipts and membership certificates.
        </Text>
      </div>
      {query.error ? (
        <Alert color="red" variant="light">
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        {settings ? <SettingsForm settings={settings} /> : <Skeleton h={320} />}
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={4}>Issuer public key</Title>
          <Text size="sm" c="dimmed">
            Verifiers check the Open Badges this society issues with this Ed25519 key; the private part never leaves the
            server. Earlier keys stay published, so the badges they signed keep verifying.
          </Text>
          {settings ? <IssuerKey issuerKey={settings.issuerKey} /> : <Skeleton h={80} />}
          {settings ? <IssuerKeys keys={settings.issuerKeys} /> : null}
        </Stack>
      </Card>
    </Stack>
  );
}
