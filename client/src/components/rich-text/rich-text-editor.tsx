import { useId, useMemo } from 'react';
import { filterSuggestionItems } from '@blocknote/core';
import { SuggestionMenuController, useCreateBlockNote } from '@blocknote/react';
import { BlockNoteView } from '@blocknote/mantine';
import '@blocknote/mantine/style.css';
import { Input, useComputedColorScheme } from '@mantine/core';
import { richTextSchema, type RichTextEditorInstance } from './schema';
import { slashMenuItems } from './slash-menu';
import { editorUploader } from './upload';
import { initialBlocks, toDoc } from './doc';
import { useDebouncedCallback } from './use-debounced-callback';
import type { RichTextEditorProps } from './types';
import classes from './rich-text.module.css';

/** Spec 03 §9: the editor is at least 500px high. */
export const EDITOR_MIN_HEIGHT = 500;

/**
 * The one rich-text editor (BlockNote with the app's blocks and slash menu). `value` is read when the
 * editor mounts (give it a `key` to load another document); `onChange` gets the whole document 300 ms
 * after the last edit, or at once when focus leaves it (so a Save click right after typing sends the
 * latest text) or it unmounts. Colours follow the app's light or dark scheme. `readOnly` shows the document
 * without editing it.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  uploadPath,
  minHeight = EDITOR_MIN_HEIGHT,
  readOnly,
}: RichTextEditorProps) {
  const labelId = useId();
  const uploadFile = useMemo(() => editorUploader(uploadPath), [uploadPath]);
  const editor = useCreateBlockNote(
    {
      schema: richTextSchema,
      initialContent: initialBlocks(value) as never,
      uploadFile,
      // The editable area itself carries the field's name (axe: an unnamed textbox otherwise).
      domAttributes: { editor: { 'aria-label': label ?? 'Rich text' } },
    },
    [uploadFile],
  ) as RichTextEditorInstance;
  const scheme = useComputedColorScheme('light');
  const save = useDebouncedCallback(() => onChange(toDoc(editor.document)));

  return (
    <div className={classes.root}>
      {label && (
        <Input.Label id={labelId} component="div">
          {label}
        </Input.Label>
      )}
      <div
        className={classes.frame}
        style={{ minHeight }}
        aria-labelledby={label ? labelId : undefined}
        role="group"
        onBlur={() => save.flush()}
      >
        <BlockNoteView
          editor={editor}
          editable={!readOnly}
          theme={scheme}
          slashMenu={false}
          onChange={save}
          className={classes.editor}
        >
          <SuggestionMenuController
            triggerCharacter="/"
            getItems={async (query) => filterSuggestionItems(slashMenuItems(editor), query)}
          />
        </BlockNoteView>
      </div>
    </div>
  );
}
