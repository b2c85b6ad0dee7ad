import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCertificate, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { errorStatus } from '../../api/errors';
import { useCertificate } from './api';
import { Section } from './section';
import classes from './member.module.css';

export const CERTIFICATE_PENDING = 'Your certificate is ready as soon as your membership is complete.';

/**
 * The membership certificate: its number, the PDF on US Letter or A4, and the public page its QR code opens.
 * `member`: whether the account is a member (undefined while its status loads); nobody else has one to ask for.
 */
export function CertificateCard({ member }: { member: boolean | undefined }) {
  const result = useCertificate(member === true);
  const certificate = result.data?.body;
  return (
    <Section title="Membership certificate" className={classes.certificate}>
      {(member === undefined || (member && result.isPending)) && <Skeleton h={96} radius="md" />}
      {member === false && (
        <Text c="dimmed" size="sm">
          {CERTIFICATE_PENDING}
        </Text>
      )}
      {result.error != null && (
        <Text c="dimmed" size="sm">
          {errorStatus(result.error) === 404 ? CERTIFICATE_PENDING : 'The certificate could not be loaded.'}
        </Text>
      )}
      {certificate && (
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <div className={classes.seal} aria-hidden>
              <IconCertificate size={26} stroke={1.6} />
            </div>
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>Certificate No. {certificate.number}</Text>
              <Anchor href={certificate.verifyUrl} size="sm" target="_blank" rel="noopener">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconShieldCheck size={16} />
                  Anyone can verify it
                </Group>
              </Anchor>
            </div>
          </Group>
          <Group gap="xs" grow>
            <Button
              component="a"
              href="/api/member/certificate.pdf?size=letter"
              download
              leftSection={<IconDownload size={16} />}
            >
              Letter PDF
            </Button>
            <Button
              component="a"
              href="/api/member/certificate.pdf?size=a4"
              download
              variant="light"
              leftSection={<IconDownload size={16} />}
            >
              A4 PDF
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}
