import { AI_CHAT_TEMPLATE_TYPES, type AiChatTemplate } from '@app/contract';
import { Text } from '@mantine/core';
import {
  actionsColumn,
  dayColumn,
  linkColumn,
  RowActions,
  type Column,
  type FilterDef,
} from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { confirmDelete } from '../../components/confirm-delete';
import { aiChatTemplatesArea } from './api';

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name' },
  { key: 'type', type: 'select', label: 'Type', options: AI_CHAT_TEMPLATE_TYPES, placeholder: 'Type' },
];

export const editPath = (id: number) => `/admin/tech/ai-template/${id}/edit`;

function confirmDeleteTemplate(template: AiChatTemplate, remove: (id: number) => void) {
  confirmDelete(
    'Delete AI Chat Template',
    <>
      Are you sure you want to delete the AI Chat Template <b>{template.name}</b> and its chats? This action cannot be
      undone.
    </>,
    () => remove(template.id),
  );
}

function columns(remove: (id: number) => void): Column<AiChatTemplate>[] {
  return [
    linkColumn<AiChatTemplate>('name', 'Name', (t) => editPath(t.id)),
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
    actionsColumn((t) => (
      <RowActions name={t.name} editTo={editPath(t.id)} onDelete={() => confirmDeleteTemplate(t, remove)} />
    )),
  ];
}

/** /admin/tech/ai-template: name, type, schema, updated, created; Add and Edit open the full-page form. */
export function AiChatTemplatesPage() {
  const { remove } = aiChatTemplatesArea.useRemove();
  return (
    <AreaListPage
      title="AI Chat Templates"
      addLabel="Add AI Chat Template"
      addTo="/admin/tech/ai-template/new"
      area={aiChatTemplatesArea}
      columns={columns(remove)}
      filters={filters}
    />
  );
}
