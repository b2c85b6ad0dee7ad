import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { CardError } from '../../components/list-kit';

/**
 * A deliverability card's body: `children(body)` once its query answered, the load error with Retry, else Loading.
 * @example <CardBody body={data} error={q.error} onRetry={() => void q.refetch()}>{(d) => <Rates of={d} />}</CardBody>
 */
export function CardBody<T>(props: {
  body: T | undefined;
  error: unknown;
  onRetry: () => void;
  children: (body: T) => ReactNode;
}) {
  if (props.body !== undefined) return props.children(props.body);
  if (props.error) return <CardError error={props.error} onRetry={props.onRetry} />;
  return (
    <Text size="sm" c="dimmed" role="status">
      Loading…
    </Text>
  );
}
