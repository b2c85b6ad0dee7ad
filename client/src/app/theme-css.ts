import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

type Group = keyof ConvertCSSVariablesInput;
const GROUPS: Group[] = ['variables', 'light', 'dark'];

/**
 * The theme's CSS variables as a stylesheet, made when the client is built (the `theme-variables` plugin in
 * client/vite.config.ts): what MantineProvider would otherwise compute and inject on every page's first render
 * (tens of milliseconds of one task). Like Mantine's own, only the variables that differ from the defaults that
 * @mantine/core/styles.css already sets: the theme merged over the default one, our resolver over Mantine's.
 */
export function themeCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours = defaultCssVariablesResolver(merged);
  const extra = cssVariablesResolver(merged);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned = { variables: {}, light: {}, dark: {} } as ConvertCSSVariablesInput;
  for (const group of GROUPS) {
    const base: Record<string, string> = defaults[group];
    const kept: Record<string, string> = cleaned[group];
    for (const [name, value] of Object.entries({ ...ours[group], ...extra[group] }))
      if (base[name] !== value) kept[name] = value;
  }
  return convertCssVariables(cleaned);
}
