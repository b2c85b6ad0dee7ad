import type { z } from 'zod';
import { TextInput } from '@mantine/core';
import { EMPTY_RICH_TEXT, LessonSegmentInput, type LessonSegment, type RichTextDoc } from '@app/contract';
import { EntityForm, useEntityForm } from '../../components/form-kit';
import { RichTextEditor } from '../../components/rich-text';
import { useMay } from '../../api/permissions';
import { useSaveSegment } from './api';

type Values = { name: string; curriculum: RichTextDoc };

/**
 * Add or edit a segment: name (3 to 254) and its curriculum in the rich-text editor. The editor hands
 * its document over 300 ms after the last change; Save sends both. An account that may only read sees the
 * segment's name and content with every field disabled, and a Close button (issue 35 §6).
 */
export function SegmentForm(props: { componentId: number; segment?: LessonSegment; onDone: () => void }) {
  const { segment } = props;
  const form = useEntityForm<Values, z.output<typeof LessonSegmentInput>>({
    schema: LessonSegmentInput,
    initialValues: { name: segment?.name ?? '', curriculum: segment?.curriculum ?? EMPTY_RICH_TEXT },
    id: segment?.id,
    ...useSaveSegment(props.componentId),
    onSaved: props.onDone,
  });
  const readOnly = !useMay('write');
  return (
    <EntityForm form={form} onCancel={props.onDone} lockFields>
      <TextInput label="Name" required maxLength={254} {...form.getInputProps('name')} />
      <RichTextEditor
        label="Curriculum"
        value={form.values.curriculum}
        onChange={(doc) => form.setValue('curriculum', doc)}
        readOnly={readOnly}
      />
    </EntityForm>
  );
}
