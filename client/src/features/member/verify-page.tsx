import { useState } from 'react';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { errorStatus } from '../../api/errors';
import { PublicCard } from '../../components/public-card';
import { formatDay } from '../../components/format';
import { useVerification } from './api';

export const UNKNOWN_CERTIFICATE = 'No certificate has this address. Check the link or the QR code.';

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{value ?? '—'}</Text>
    </div>
  );
}

/** /verify/{id}: the public check of a membership certificate (its QR code's page): valid or revoked, and whose. */
export function VerifyPage({ id }: { id: string }) {
  const [number, setNumber] = useState<string | undefined>();
  const [typed, setTyped] = useState('');
  const result = useVerification(id, number);
  const v = result.data?.body;
  return (
    <PublicCard title="Certificate verification">
      {result.isPending && <Skeleton h={160} />}
      {result.error != null && (
        <Alert color="red" variant="light" icon={<IconCircleX size={18} />}>
          {errorStatus(result.error) === 404 ? UNKNOWN_CERTIFICATE : 'The check failed. Please try again later.'}
        </Alert>
      )}
      {v && (
        <Stack gap="md">
          {v.state === 'valid' ? (
            <Group gap="xs" c="teal">
              <IconCircleCheck size={28} aria-hidden />
              <Badge color="teal.9" size="lg">
                Valid
              </Badge>
              <Text size="sm">This membership certificate is valid.</Text>
            </Group>
          ) : (
            <Group gap="xs" c="red">
              <IconCircleX size={28} aria-hidden />
              <Badge color="red.9" size="lg">
                Revoked
              </Badge>
              <Text size="sm">This certificate was revoked and no longer proves membership.</Text>
            </Group>
          )}
          <Row label="Name" value={v.name} />
          <Row label="Chapter" value={v.chapter} />
          <Row label="Institution" value={v.institution} />
          <Row label="Member since" value={formatDay(v.memberSince) || null} />
          {v.nameNeedsNumber && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                setNumber(typed.trim());
              }}
            >
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  This member keeps their name private. Enter the number printed on the certificate to see it.
                </Text>
                <Group align="flex-end" gap="xs">
                  <TextInput
                    label="Certificate number"
                    placeholder="MC-000123"
                    value={typed}
                    onChange={(e) => setTyped(e.currentTarget.value)}
                    error={number && v.name === null ? 'This number does not match the certificate' : undefined}
                    style={{ flex: 1 }}
                  />
                  <Button type="submit">Show name</Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </PublicCard>
  );
}
