import { Card, Text, Title } from '@mantine/core';
import { privacyContract } from '@app/contract';
import { Can } from '../../api/permissions';
import { formatDateTime } from '../../components/format';
import { useRetention } from './api';

const count = (n: number) => n.toLocaleString('en-US');

function Retention({ invitationId }: { invitationId: number }) {
  const { data, error } = useRetention(invitationId);
  const r = data?.body;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="retention-title">
      <Title order={3} size="h5" mb="xs" id="retention-title">
        Personal data retention
      </Title>
      <Text size="sm" c={error ? 'red' : undefined}>
        {error
          ? 'What retention did could not be read.'
          : !r
            ? 'Reading…'
            : r.anonymisedAt
              ? `Anonymised ${formatDateTime(r.anonymisedAt)}: ${count(r.invitees)} invitees who never pledged and ${count(r.sends)} sends to them. The figures above are unchanged.`
              : 'Nothing anonymised yet. Invitees who never pledged are anonymised once the retention period after the deadline has passed (INVITEE_RETENTION_DAYS).'}
      </Text>
    </Card>
  );
}

/**
 * The invitation detail's line on retention (issue 36 §4): what has been anonymised and when. Shown only to
 * those who may read it; the server answers 404 for an invitation outside a chapter-scoped caller's chapters.
 * @example <RetentionCard invitationId={7} />
 */
export default function RetentionCard({ invitationId }: { invitationId: number }) {
  return (
    <Can call={privacyContract.retention}>
      <Retention invitationId={invitationId} />
    </Can>
  );
}
