import { Badge, Tooltip } from '@mantine/core';

export const OPT_OUT_HINT = 'FERPA directory opt-out: no postal mail, never named on a public page or to a third party';

/**
 * The staff's mark of a person who opted out of directory information (issue 36 §5), beside their name in the
 * invitee and account lists.
 * @example {i.directoryOptOut && <DirectoryOptOutBadge />}
 */
export function DirectoryOptOutBadge() {
  return (
    <Tooltip label={OPT_OUT_HINT} multiline maw={280}>
      <Badge size="xs" color="orange" variant="light">
        Directory opt-out
      </Badge>
    </Tooltip>
  );
}
