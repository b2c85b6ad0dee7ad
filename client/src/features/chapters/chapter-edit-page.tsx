import { FormPage, LoadedEntity, useBackTo } from '../../components/form-kit';
import { HistoryPanel } from '../../components/audit/history-panel';
import { chaptersArea } from './api';
import { ChapterForm } from './chapter-form';

const LIST = { to: '/admin/chapters', label: 'Chapters' };

/** /admin/chapters/new; Save and Cancel both return to the list (spec 01 §2). */
export function NewChapterPage() {
  const back = useBackTo(LIST.to);
  return (
    <FormPage list={LIST} title="Add Chapter">
      <ChapterForm onDone={back} />
    </FormPage>
  );
}

/** /admin/chapters/{chapterId}/edit */
export function EditChapterPage({ chapterId }: { chapterId: number }) {
  const back = useBackTo(LIST.to);
  const result = chaptersArea.useDetail(chapterId);
  return (
    <FormPage list={LIST} title="Edit Chapter" subtitle={result.data?.body.name}>
      <LoadedEntity result={result}>
        {(chapter) => (
          <ChapterForm
            key={chapter.id}
            chapter={chapter}
            onDone={back}
            history={<HistoryPanel entity="chapters" entityId={chapterId} />}
          />
        )}
      </LoadedEntity>
    </FormPage>
  );
}
