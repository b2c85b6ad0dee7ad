import { Badge, Card, List, Paper, Stack, Text } from '@mantine/core';
import { AI_TYPING_MS, type AiChat } from '@app/contract';
import { structuredAnswer } from './ai-structured-answer';
import { formatDay } from './format';
import { TypedText } from './typed-text';

const wrap = { whiteSpace: 'pre-wrap', overflowWrap: 'break-word' } as const;

/** The goals a chat saved (save_goal / update_goal, Goal Creation answers). */
function Goals({ goals }: { goals: AiChat['goals'] }) {
  if (!goals.length) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {goals.length === 1 ? 'Saved goal' : 'Saved goals'}
      </Text>
      {goals.map((g) => (
        <Card key={g.id} withBorder padding="sm" radius="md">
          <Text fw={600} size="sm">
            {g.title}
          </Text>
          {g.description && (
            <Text size="sm" style={wrap}>
              {g.description}
            </Text>
          )}
          {g.dueDate && (
            <Text size="xs" c="dimmed">
              Due {g.dueDate}
            </Text>
          )}
          {g.steps.length > 0 && (
            <List size="sm" mt={4}>
              {g.steps.map((step, i) => (
                <List.Item key={i}>{step}</List.Item>
              ))}
            </List>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * A chat's messages (what the member wrote, what the AI answered) and its saved goals; shared by the admin's
 * conversation dialog and the learner's AI steps. `typeLast` types out the newest answer (spec 03 §9); `showLocked`
 * marks a locked chat (staff see it; a learner's one-answer step needs no such mark).
 */
export function AiConversation({
  chat,
  memberLabel,
  hideFirstPrompt = false,
  typeLast = false,
  showLocked = true,
}: {
  chat: AiChat;
  memberLabel: string;
  hideFirstPrompt?: boolean;
  typeLast?: boolean;
  showLocked?: boolean;
}) {
  return (
    <Stack gap="sm">
      {chat.messages.map((m, i) => (
        <Stack key={m.id} gap={4}>
          {!(hideFirstPrompt && i === 0) && (
            <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-gray-light)">
              <Text size="xs" c="dimmed">
                {memberLabel} · {formatDay(m.createdAt)}
              </Text>
              <Text size="sm" style={wrap}>
                {m.userInput}
              </Text>
            </Paper>
          )}
          <Paper withBorder p="xs" radius="md">
            <Text size="xs" c="dimmed">
              AI
            </Text>
            {(chat.template.type === 'Programmatic' &&
              structuredAnswer(m.aiResponse, chat.goals.length ? ['goals'] : [])) ||
              (typeLast && i === chat.messages.length - 1 ? (
                <TypedText text={m.aiResponse} msPerChar={AI_TYPING_MS} />
              ) : (
                <Text size="sm" style={wrap}>
                  {m.aiResponse}
                </Text>
              ))}
          </Paper>
        </Stack>
      ))}
      <Goals goals={chat.goals} />
      {showLocked && chat.locked && <Badge color="gray">Locked</Badge>}
    </Stack>
  );
}
