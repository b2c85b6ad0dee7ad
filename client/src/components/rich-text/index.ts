export { RichTextEditor } from './lazy-rich-text-editor';
export type { RichTextEditorProps } from './types';
