import { ActionIcon } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** What the Refresh button reads of a query: whether it is fetching again, and how to. */
type Refetchable = { isFetching: boolean; isPending: boolean; refetch: () => unknown };

/**
 * A list's Refresh button: reads the query again, spinning while a refetch (not the first load) runs.
 * @example <RefreshButton result={result} />
 */
export function RefreshButton({ result }: { result: Refetchable }) {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Refresh"
      title="Refresh"
      onClick={() => void result.refetch()}
      loading={result.isFetching && !result.isPending}
    >
      <IconRefresh size={18} />
    </ActionIcon>
  );
}
