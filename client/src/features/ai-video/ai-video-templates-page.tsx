import { Anchor, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { AiVideoTemplateListQuery, type AiVideoTemplate } from '@app/contract';
import { RowActions, type Column, type FilterDef } from '../../components/list-kit';
import { formatDay } from '../../components/format';
import { AreaListPage } from '../../components/area-list-page';
import { openConfirmModal } from '../../app/overlay-gate';
import { aiVideoTemplatesArea } from './api';

const routeApi = getRouteApi('/admin/tech/ai-video-template');

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search name' }];

export const editPath = (id: number) => `/admin/tech/ai-video-template/${id}/edit`;

export function confirmDeleteTemplate(template: AiVideoTemplate, remove: (id: number) => void) {
  openConfirmModal({
    title: 'Delete AI Video Template',
    children: (
      <Text size="sm">
        Are you sure you want to delete the AI Video Template <b>{template.name}</b>? This action cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(template.id),
  });
}

function columns(remove: (id: number) => void): Column<AiVideoTemplate>[] {
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
    { key: 'videoCount', header: 'Videos', sortField: 'videoCount', align: 'right', render: (t) => <Text size="sm">{t.videoCount}</Text> },
    { key: 'updatedAt', header: 'Updated', sortField: 'updatedAt', visibleFrom: 'sm', render: (t) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDay(t.updatedAt)}</Text> },
    { key: 'createdAt', header: 'Created', sortField: 'createdAt', visibleFrom: 'md', render: (t) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDay(t.createdAt)}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (t) => <RowActions name={t.name} editTo={editPath(t.id)} onDelete={() => confirmDeleteTemplate(t, remove)} />,
    },
  ];
}

/** /admin/tech/ai-video-template: name (link), video count, updated, created; Add and Edit open the full-page form. */
export function AiVideoTemplatesPage() {
  const { remove } = aiVideoTemplatesArea.useRemove();
  return (
    <AreaListPage
      title="AI Video Templates"
      search={routeApi.useSearch()}
      query={AiVideoTemplateListQuery}
      useList={aiVideoTemplatesArea.useList}
      columns={columns(remove)}
      filters={filters}
      rowKey={(t) => t.id}
      actions={
        <Button component={Link} to="/admin/tech/ai-video-template/new" leftSection={<IconPlus size={16} />}>
          Add AI Video Template
        </Button>
      }
    />
  );
}
