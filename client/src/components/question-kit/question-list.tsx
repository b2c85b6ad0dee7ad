import { ActionIcon, Badge, Button, Card, Group, List, Menu, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconChevronDown,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { QuestionType } from '@app/contract';
import { selectCount, typeLabel, type KitQuestion } from './kinds';
import { useMay } from '../../api/permissions';

/** 'Add Question' with the kinds this area offers. */
export function AddQuestionMenu({
  types,
  onAdd,
}: {
  types: readonly QuestionType[];
  onAdd: (type: QuestionType) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          Add Question
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {types.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {typeLabel(type)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Choices({ q }: { q: KitQuestion }) {
  if (q.type === 'open ended')
    return (
      <Text size="sm" c="dimmed">
        Open answer
      </Text>
    );
  const marksCorrect = q.type === 'single select' || q.type === 'multi select';
  return (
    <List
      size="sm"
      spacing={2}
      type={q.type === 'sort' ? 'ordered' : 'unordered'}
      listStyleType={q.type === 'sort' ? undefined : 'none'}
    >
      {q.choices.map((c) => (
        <List.Item
          key={c.id}
          icon={
            marksCorrect && c.correct !== undefined ? (
              <ThemeIcon
                size={18}
                radius="xl"
                color={c.correct ? 'teal' : 'gray'}
                variant={c.correct ? 'filled' : 'outline'}
                {...(c.correct ? { role: 'img', 'aria-label': 'Correct' } : { 'aria-hidden': true })}
              >
                {c.correct ? <IconCheck size={12} /> : <span />}
              </ThemeIcon>
            ) : undefined
          }
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {c.text}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function Statements({ q }: { q: KitQuestion }) {
  if (q.type !== 'matcher' || !q.statements.length) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        Statements
      </Text>
      {q.statements.map((s) => (
        <Text key={s.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {s.statement} → <b>{s.answerText}</b>
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The numbered questions with their type badge, 'select N' on multi select, and move / edit / delete each for
 * accounts that may write in the screen's area.
 */
export function QuestionList({
  questions,
  onEdit,
  onDelete,
  onMove,
}: {
  questions: KitQuestion[];
  onEdit: (q: KitQuestion) => void;
  onDelete: (q: KitQuestion) => void;
  /** Moves a question one place up (-1) or down (1). */
  onMove: (q: KitQuestion, by: -1 | 1) => void;
}) {
  const mayWrite = useMay('write');
  if (!questions.length) {
    return (
      <Card withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {mayWrite ? 'No questions yet. Use Add Question to write the first one.' : 'No questions yet.'}
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      {questions.map((q, i) => {
        const n = i + 1;
        return (
          <Card key={q.id} withBorder radius="md" p="md" component="article" aria-label={`Question ${n}`}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text fw={700}>{n}.</Text>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {q.question}
                  </Text>
                </Group>
                {mayWrite && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move question ${n} up`}
                      disabled={i === 0}
                      onClick={() => onMove(q, -1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move question ${n} down`}
                      disabled={i === questions.length - 1}
                      onClick={() => onMove(q, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={`Edit question ${n}`} onClick={() => onEdit(q)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete question ${n}`}
                      onClick={() => onDelete(q)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
              <Group gap="xs">
                <Badge variant="light">{typeLabel(q.type)}</Badge>
                {q.type === 'multi select' && (
                  <Badge variant="outline" color="gray" tt="none">
                    {selectCount(q)}
                  </Badge>
                )}
                {q.category && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Category: {q.category}
                  </Text>
                )}
              </Group>
              <Choices q={q} />
              <Statements q={q} />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
