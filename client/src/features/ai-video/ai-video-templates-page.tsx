import type { AiVideoTemplate } from '@app/contract';
import {
  actionsColumn,
  countColumn,
  dayColumn,
  linkColumn,
  RowActions,
  type Column,
  type FilterDef,
} from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { confirmDelete } from '../../components/confirm-delete';
import { aiVideoTemplatesArea } from './api';

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search name' }];

export const editPath = (id: number) => `/admin/tech/ai-video-template/${id}/edit`;

export function confirmDeleteTemplate(template: AiVideoTemplate, remove: (id: number) => void) {
  confirmDelete(
    'Delete AI Video Template',
    <>
      Are you sure you want to delete the AI Video Template <b>{template.name}</b>? This action cannot be undone.
    </>,
    () => remove(template.id),
  );
}

function columns(remove: (id: number) => void): Column<AiVideoTemplate>[] {
  return [
    linkColumn<AiVideoTemplate>('name', 'Name', (t) => editPath(t.id)),
    countColumn<AiVideoTemplate>('videoCount', 'Videos'),
    dayColumn<AiVideoTemplate>('updatedAt', 'Updated', 'sm'),
    dayColumn<AiVideoTemplate>('createdAt', 'Created', 'md'),
    actionsColumn((t) => (
      <RowActions name={t.name} editTo={editPath(t.id)} onDelete={() => confirmDeleteTemplate(t, remove)} />
    )),
  ];
}

/** /admin/tech/ai-video-template: name (link), video count, updated, created; Add and Edit open the full-page form. */
export function AiVideoTemplatesPage() {
  const { remove } = aiVideoTemplatesArea.useRemove();
  return (
    <AreaListPage
      title="AI Video Templates"
      addLabel="Add AI Video Template"
      addTo="/admin/tech/ai-video-template/new"
      area={aiVideoTemplatesArea}
      columns={columns(remove)}
      filters={filters}
    />
  );
}
