import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Center, Loader, Modal, Text, Tooltip } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { AiChatListQuery, type AiChatSummary } from '@app/contract';
import { AiConversation } from '../../components/ai-conversation';
import { AreaListPage } from '../../components/area-list-page';
import type { Column } from '../../components/list-kit';
import { formatDay } from '../../components/format';
import { useChat, useTemplateChats } from './api';

const routeApi = getRouteApi('/admin/tech/ai-template/$aiTemplateId/edit');

function ConversationDialog({ chatId, onClose }: { chatId: number | null; onClose: () => void }) {
  const chat = useChat(chatId);
  const body = chat.data?.status === 200 ? chat.data.body : null;
  return (
    <Modal
      opened={chatId !== null}
      onClose={onClose}
      title={body ? `Conversation with ${body.account.name}` : 'Conversation'}
      size="lg"
      centered
    >
      {!body ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : (
        <AiConversation chat={body} memberLabel={body.account.name} />
      )}
    </Modal>
  );
}

function columns(view: (c: AiChatSummary) => void): Column<AiChatSummary>[] {
  return [
    {
      key: 'member',
      header: 'Member',
      render: (c) => (
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'break-word' }}>
            {c.account.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {c.account.email}
          </Text>
        </div>
      ),
    },
    {
      key: 'messageCount',
      header: 'Messages',
      sortField: 'messageCount',
      align: 'right',
      render: (c) => <Text size="sm">{c.messageCount}</Text>,
    },
    {
      key: 'locked',
      header: 'Locked',
      render: (c) => (
        <Badge variant="light" color={c.locked ? 'gray' : 'green'}>
          {c.locked ? 'Locked' : 'Open'}
        </Badge>
      ),
    },
    {
      key: 'lastMessageAt',
      header: 'Last message',
      sortField: 'lastMessageAt',
      visibleFrom: 'sm',
      render: (c) => <Text size="sm">{c.lastMessageAt ? formatDay(c.lastMessageAt) : '-'}</Text>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (c) => (
        <Tooltip label="View conversation">
          <ActionIcon variant="subtle" aria-label={`View conversation with ${c.account.name}`} onClick={() => view(c)}>
            <IconMessages size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
}

/** The Chats tab: the template's chats (member, message count, locked, last message) and the conversation dialog. */
export default function ChatsTab({ templateId }: { templateId: number }) {
  const search = routeApi.useSearch();
  const [viewing, setViewing] = useState<number | null>(null);
  const useList = useMemo(() => useTemplateChats(templateId), [templateId]);
  return (
    <>
      <AreaListPage
        title="Chats"
        search={search}
        area={{ listQuery: AiChatListQuery, useList }}
        columns={columns((c) => setViewing(c.id))}
        filters={[{ key: 'search', type: 'search', placeholder: 'Search member' }]}
      />
      <ConversationDialog chatId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
