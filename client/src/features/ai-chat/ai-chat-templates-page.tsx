import { Anchor, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { AI_CHAT_TEMPLATE_TYPES, AiChatTemplateListQuery, type AiChatTemplate } from '@app/contract';
import { RowActions, type Column, type FilterDef } from '../../components/list-kit';
import { formatDay } from '../../components/format';
import { AreaListPage } from '../../components/area-list-page';
import { openConfirmModal } from '../../app/overlay-gate';
import { aiChatTemplatesArea } from './api';

const routeApi = getRouteApi('/admin/tech/ai-template');

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name' },
  { key: 'type', type: 'select', label: 'Type', options: AI_CHAT_TEMPLATE_TYPES, placeholder: 'Type' },
];

export const editPath = (id: number) => `/admin/tech/ai-template/${id}/edit`;

function confirmDelete(template: AiChatTemplate, remove: (id: number) => void) {
  openConfirmModal({
    title: 'Delete AI Chat Template',
    children: (
      <Text size="sm">
        Are you sure you want to delete the AI Chat Template <b>{template.name}</b> and its chats? This action cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(template.id),
  });
}

const day = (iso: string) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDay(iso)}</Text>;

function columns(remove: (id: number) => void): Column<AiChatTemplate>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (t) => (
        <Anchor component={Link} to={editPath(t.id)} size="sm" fw={500}>
          {t.name}
        </Anchor>
      ),
    },
    { key: 'type', header: 'Type', sortField: 'type', render: (t) => <Text size="sm">{t.type}</Text> },
    { key: 'jsonSchema', header: 'Schema', sortField: 'jsonSchema', visibleFrom: 'sm', render: (t) => <Text size="sm">{t.jsonSchema ?? '-'}</Text> },
    { key: 'updatedAt', header: 'Updated', sortField: 'updatedAt', visibleFrom: 'sm', render: (t) => day(t.updatedAt) },
    { key: 'createdAt', header: 'Created', sortField: 'createdAt', visibleFrom: 'md', render: (t) => day(t.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (t) => <RowActions name={t.name} editTo={editPath(t.id)} onDelete={() => confirmDelete(t, remove)} />,
    },
  ];
}

/** /admin/tech/ai-template: name, type, schema, updated, created; Add and Edit open the full-page form. */
export function AiChatTemplatesPage() {
  const { remove } = aiChatTemplatesArea.useRemove();
  return (
    <AreaListPage
      title="AI Chat Templates"
      search={routeApi.useSearch()}
      query={AiChatTemplateListQuery}
      useList={aiChatTemplatesArea.useList}
      columns={columns(remove)}
      filters={filters}
      rowKey={(t) => t.id}
      actions={
        <Button component={Link} to="/admin/tech/ai-template/new" leftSection={<IconPlus size={16} />}>
          Add AI Chat Template
        </Button>
      }
    />
  );
}
