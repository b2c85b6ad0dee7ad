import type { RichTextDoc, UploadPath } from '@app/contract';

export type RichTextEditorProps = {
  /** The document shown when the editor mounts (null: empty). */
  value: RichTextDoc | null;
  /** The whole document, 300 ms after the last change. */
  onChange: (doc: RichTextDoc) => void;
  label?: string;
  /** Where images and PDFs go (default: public/learning/content, up to 20MB). */
  uploadPath?: UploadPath;
  /** Default 500 (px). */
  minHeight?: number;
  /** Shown, not edited (an account that may not save the form it is in). */
  readOnly?: boolean;
};
