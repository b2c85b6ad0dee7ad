import type { AiVideoTemplate } from '@app/contract';
import { countColumn, dayColumn, type FilterDef } from '../../components/list-kit';
import { PageEditedList } from '../../components/page-edited-list';
import { aiVideoTemplatesArea } from './api';

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search name' }];

const columns = [
  countColumn<AiVideoTemplate>('videoCount', 'Videos'),
  dayColumn<AiVideoTemplate>('updatedAt', 'Updated', 'sm'),
  dayColumn<AiVideoTemplate>('createdAt', 'Created', 'md'),
];

/** /admin/tech/ai-video-template: name (link), video count, updated, created; Add and Edit open the full-page form. */
export function AiVideoTemplatesPage() {
  return (
    <PageEditedList
      title="AI Video Templates"
      noun="AI Video Template"
      path="/admin/tech/ai-video-template"
      area={aiVideoTemplatesArea}
      columns={columns}
      filters={filters}
      question={(t) => (
        <>
          Are you sure you want to delete the AI Video Template <b>{t.name}</b>? This action cannot be undone.
        </>
      )}
    />
  );
}
