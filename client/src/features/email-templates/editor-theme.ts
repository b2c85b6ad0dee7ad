import { EditorView } from '@uiw/react-codemirror';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

/**
 * The body editor's look from the product's own color variables, so it follows the light and dark schemes
 * and its text reads at WCAG AA (CodeMirror's default highlight colors and dark gutter read about 3:1).
 */
const highlight = HighlightStyle.define([
  { tag: [tags.tagName, tags.keyword], color: 'var(--mantine-color-indigo-light-color)' },
  { tag: [tags.attributeName, tags.propertyName], color: 'var(--mantine-color-grape-light-color)' },
  { tag: [tags.attributeValue, tags.string], color: 'var(--mantine-color-teal-light-color)' },
  { tag: [tags.comment], color: 'var(--mantine-color-dimmed)', fontStyle: 'italic' },
  { tag: [tags.angleBracket, tags.punctuation, tags.definitionOperator], color: 'var(--mantine-color-dimmed)' },
  { tag: [tags.invalid], color: 'var(--mantine-color-red-light-color)' },
]);

export const editorTheme = (dark: boolean) => [
  EditorView.theme(
    {
      '&': { backgroundColor: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)' },
      '.cm-content': { caretColor: 'var(--mantine-color-text)' },
      '.cm-gutters': {
        backgroundColor: 'var(--mantine-color-default)',
        color: 'var(--mantine-color-dimmed)',
        borderRight: '1px solid var(--mantine-color-default-border)',
      },
      '.cm-activeLine, .cm-activeLineGutter': {
        backgroundColor: 'transparent',
        outline: '1px solid var(--mantine-color-default-border)',
        outlineOffset: '-1px',
      },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
        backgroundColor: 'var(--mantine-primary-color-light)',
      },
      '.cm-cursor': { borderLeftColor: 'var(--mantine-color-text)' },
    },
    { dark },
  ),
  syntaxHighlighting(highlight),
];
