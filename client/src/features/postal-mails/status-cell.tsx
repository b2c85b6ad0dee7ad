import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { PostalMail } from '@app/contract';
import { count } from '../../components/format';

/**
 * A mailing's upload (spec 02 §4): nothing while not started (it can still be edited), In Progress, a
 * Success badge linking the delivered CSV with the upload count, or a Failed badge whose reason shows on
 * hover (any status but Success that has started is a failure, spec 02 §3).
 */
export function UploadStatusCell({ mail }: { mail: PostalMail }) {
  if (!mail.uploadStartedAt) {
    return (
      <Text size="sm" c="dimmed">
        Not started
      </Text>
    );
  }
  if (mail.uploadStatus === 'In Progress') {
    return (
      <Badge size="sm" variant="light" color="blue">
        In Progress
      </Badge>
    );
  }
  if (mail.uploadStatus === 'Success') {
    const uploaded = `${count(mail.uploadCount ?? 0)} uploaded`;
    return (
      <Group gap={6} wrap="nowrap">
        {mail.uploadCsv ? (
          <Anchor href={mail.uploadCsv.url} aria-label={`Success: download the CSV of ${uploaded}`} underline="never">
            <Badge size="sm" variant="light" color="green" style={{ cursor: 'pointer' }}>
              Success
            </Badge>
          </Anchor>
        ) : (
          <Badge size="sm" variant="light" color="green">
            Success
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {uploaded}
        </Text>
      </Group>
    );
  }
  return (
    <Tooltip label={mail.uploadStatusReason ?? 'The upload failed'} multiline w={280} withArrow>
      <Badge
        component="button"
        type="button"
        size="sm"
        variant="light"
        color="red"
        style={{ cursor: 'help' }}
        aria-label={`Failed: ${mail.uploadStatusReason ?? 'The upload failed'}`}
      >
        Failed
      </Badge>
    </Tooltip>
  );
}
