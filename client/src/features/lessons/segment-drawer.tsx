import type { LessonSegment } from '@app/contract';
import { FormDrawer } from '../../components/form-kit';
import { useMay } from '../../api/permissions';
import { SegmentForm } from './segment-form';

/** What the drawer edits: a new segment of the lesson, or one of its segments. */
export type SegmentTarget = { segment?: LessonSegment };

/** The Add/Edit Lesson Segment side panel; for an account that may only read, the segment shown read-only. */
export function SegmentDrawer({
  componentId,
  target,
  onClose,
}: {
  componentId: number;
  target: SegmentTarget | null;
  onClose: () => void;
}) {
  const mayWrite = useMay('write');
  const title = !target?.segment ? 'Add Lesson Segment' : mayWrite ? 'Edit Lesson Segment' : 'Lesson Segment';
  return (
    <FormDrawer opened={target !== null} onClose={onClose} title={title}>
      {target && (
        <SegmentForm
          key={target.segment?.id ?? 'new'}
          componentId={componentId}
          segment={target.segment}
          onDone={onClose}
        />
      )}
    </FormDrawer>
  );
}
