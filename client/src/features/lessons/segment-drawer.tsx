import type { LessonSegment } from '@app/contract';
import { FormDrawer } from '../../components/form-kit';
import { SegmentForm } from './segment-form';

/** What the drawer edits: a new segment of the lesson, or one of its segments. */
export type SegmentTarget = { segment?: LessonSegment };

/** The Add/Edit Lesson Segment side panel. */
export function SegmentDrawer({
  componentId,
  target,
  onClose,
}: {
  componentId: number;
  target: SegmentTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDrawer
      opened={target !== null}
      onClose={onClose}
      title={target?.segment ? 'Edit Lesson Segment' : 'Add Lesson Segment'}
    >
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
