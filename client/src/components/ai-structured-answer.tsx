import { Badge, Card, List, Stack, Text } from '@mantine/core';

// A Programmatic template's JSON answer (its JSON schema: goals, tasks, a resume analysis or summary) drawn
// for people: keys as headings, text as paragraphs, lists of text as bullets, lists of objects as cards.

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** 'estimateMinutes' -> 'Estimate minutes'. */
const label = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isObject = (v: Json): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

function Scalar({ value }: { value: Json }) {
  if (value === null || value === '')
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
      {String(value)}
    </Text>
  );
}

/** One object of a list: its `title` (or first text) as the heading, the rest as short labelled lines. */
function ItemCard({ item }: { item: { [key: string]: Json } }) {
  const titleKey = 'title' in item ? 'title' : Object.keys(item).find((k) => typeof item[k] === 'string');
  return (
    <Card withBorder padding="sm" radius="md">
      {titleKey && (
        <Text fw={600} size="sm">
          {String(item[titleKey])}
        </Text>
      )}
      {Object.entries(item)
        .filter(([k]) => k !== titleKey)
        .map(([k, v]) => (
          <Field key={k} name={k} value={v} compact />
        ))}
    </Card>
  );
}

function Field({ name, value, compact = false }: { name: string; value: Json; compact?: boolean }) {
  if (Array.isArray(value) && value.length === 0) return null;
  const body = Array.isArray(value) ? (
    value.every(isObject) ? (
      <Stack gap="xs">
        {value.map((item, i) => (
          <ItemCard key={i} item={item as { [key: string]: Json }} />
        ))}
      </Stack>
    ) : (
      <List size="sm">
        {value.map((v, i) => (
          <List.Item key={i}>{String(v)}</List.Item>
        ))}
      </List>
    )
  ) : isObject(value) ? (
    <Stack gap={4}>
      {Object.entries(value).map(([k, v]) => (
        <Field key={k} name={k} value={v} compact />
      ))}
    </Stack>
  ) : compact && (typeof value === 'number' || (typeof value === 'string' && value.length <= 20)) ? (
    <Badge variant="light" tt="none">
      {String(value)}
    </Badge>
  ) : (
    <Scalar value={value} />
  );
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={compact ? 400 : 600}>
        {label(name)}
      </Text>
      {body}
    </Stack>
  );
}

/**
 * The answer drawn from its JSON; `null` when the text is not a JSON object (then it is shown as text).
 * `hide` leaves keys out (a chat's goals are shown as its saved goals already).
 */
export function structuredAnswer(text: string, hide: readonly string[] = []) {
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    return null;
  }
  if (!isObject(json)) return null;
  const shown = Object.entries(json).filter(([k]) => !hide.includes(k));
  return (
    <Stack gap="sm">
      {shown.map(([k, v]) => (
        <Field key={k} name={k} value={v} />
      ))}
      {shown.length < Object.keys(json).length && (
        <Text size="sm" c="dimmed">
          The suggested goals are saved below.
        </Text>
      )}
    </Stack>
  );
}
