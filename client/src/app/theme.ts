import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 in light mode: white text on indigo 6 is 4.0:1, below WCAG AA's 4.5:1 for button labels.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/**
 * Text contrast (WCAG AA 4.5:1) in the light scheme: dimmed text is gray 7 instead of 6, and the text
 * of light variants (badges) is shade 9 on shade 0 instead of the primary shade on a tint, which
 * read about 3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).flatMap((name) => [
        [`--mantine-color-${name}-light-color`, t.colors[name]![9]!],
        [`--mantine-color-${name}-light`, t.colors[name]![0]!],
        [`--mantine-color-${name}-light-hover`, t.colors[name]![1]!],
      ]),
    ),
  },
  dark: {},
});
