import { AI_CHAT_TEMPLATE_TYPES, type AiChatTemplate } from '@app/contract';
import { Text } from '@mantine/core';
import { dayColumn, type Column, type FilterDef } from '../../components/list-kit';
import { PageEditedList } from '../../components/page-edited-list';
import { aiChatTemplatesArea } from './api';

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name' },
  { key: 'type', type: 'select', label: 'Type', options: AI_CHAT_TEMPLATE_TYPES, placeholder: 'Type' },
];

const columns: Column<AiChatTemplate>[] = [
  { key: 'type', header: 'Type', sortField: 'type', render: (t) => <Text size="sm">{t.type}</Text> },
  {
    key: 'jsonSchema',
    header: 'Schema',
    sortField: 'jsonSchema',
    visibleFrom: 'sm',
    render: (t) => <Text size="sm">{t.jsonSchema ?? '-'}</Text>,
  },
  dayColumn<AiChatTemplate>('updatedAt', 'Updated', 'sm'),
  dayColumn<AiChatTemplate>('createdAt', 'Created', 'md'),
];

/** /admin/tech/ai-template: name, type, schema, updated, created; Add and Edit open the full-page form. */
export function AiChatTemplatesPage() {
  return (
    <PageEditedList
      title="AI Chat Templates"
      noun="AI Chat Template"
      path="/admin/tech/ai-template"
      area={aiChatTemplatesArea}
      columns={columns}
      filters={filters}
      question={(t) => (
        <>
          Are you sure you want to delete the AI Chat Template <b>{t.name}</b> and its chats? This action cannot be
          undone.
        </>
      )}
    />
  );
}
