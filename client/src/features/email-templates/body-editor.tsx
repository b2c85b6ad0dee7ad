import { useMemo } from 'react';
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { html } from '@codemirror/lang-html';
import { useComputedColorScheme } from '@mantine/core';
import { editorTheme } from './editor-theme';

export type BodyEditorProps = {
  value: string;
  onChange: (value: string) => void;
  /** The element's accessible name. */
  label: string;
  invalid?: boolean;
  editorRef?: React.Ref<ReactCodeMirrorRef>;
};

// MJML is XML-like: the HTML mode highlights its tags and attributes, and the HTML inside mj-text.
const extensions = [html({ selfClosingTags: true }), EditorView.lineWrapping];

/**
 * The template body's code editor (CodeMirror 6 with HTML highlighting). Imported only by the email
 * template form, which the router loads lazily, so no other screen downloads it.
 */
export default function BodyEditor({ value, onChange, label, invalid, editorRef }: BodyEditorProps) {
  const dark = useComputedColorScheme('light') === 'dark';
  const theme = useMemo(() => editorTheme(dark), [dark]);
  const attrs = useMemo(
    () => EditorView.contentAttributes.of({ 'aria-label': label, 'aria-invalid': invalid ? 'true' : 'false' }),
    [label, invalid],
  );
  return (
    <CodeMirror
      ref={editorRef}
      value={value}
      onChange={onChange}
      extensions={[...extensions, attrs]}
      theme={theme}
      minHeight="500px"
      basicSetup={{ foldGutter: true, highlightActiveLine: true, autocompletion: true }}
      style={{
        fontSize: 13,
        border: `1px solid ${invalid ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 4,
      }}
    />
  );
}
