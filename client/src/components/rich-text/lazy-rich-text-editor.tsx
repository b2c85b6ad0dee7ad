import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { RichTextEditorProps } from './types';

const Editor = lazy(() => import('./rich-text-editor'));

/**
 * The rich-text editor, loaded on first use: BlockNote stays out of the chunks of screens that only
 * import this (a loader holds its place meanwhile).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Center mih={props.minHeight ?? 500}>
          <Loader aria-label="Loading editor" />
        </Center>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
