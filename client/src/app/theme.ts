import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 in light mode: white text on indigo 6 is 4.0:1, below WCAG AA's 4.5:1 for button labels.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  // Staff and students who ask their system for reduced motion get panels, menus and dialogs that appear in place
  // instead of sliding or fading in (Mantine's transitions take no time then).
  respectReducedMotion: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Mantine's icon-only close and clear buttons have no accessible name of their own (axe: button-name).
  // Plain objects, not Drawer.extend(...): the theme is in the first chunk and must not pull those components in.
  components: {
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    // A spinner is a status: its aria-label ('Loading events') is only allowed on an element with a role.
    Loader: { defaultProps: { role: 'status' } },
    // A badge holds a short status: it never shrinks below its text (Mantine's would end in an ellipsis in a
    // narrow table column, 'ACTI…'); the column grows instead.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // A menu taller than the room below or above its button is held to that room (size) and scrolls inside
    // itself: reaching its last items never scrolls the page, which would hide the menu with its button.
    Menu: {
      defaultProps: { middlewares: { flip: true, shift: true, size: { padding: 8 } } },
      styles: { dropdown: { overflowY: 'auto' } },
    },
  },
});

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const hex = (channels: number[]) => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * `fg` moved in steps away from `bg` (darker on a light background, lighter on a dark one) until it reads at
 * 4.6:1 on it (WCAG AA asks 4.5:1 for small text). A color that already does is returned as it is.
 */
export function readableOn(fg: string, bg: string): string {
  const channels = [1, 3, 5].map((i) => parseInt(fg.slice(i, i + 2), 16));
  const toWhite = luminance(bg) < 0.18;
  let color = fg;
  for (let step = 1; contrast(color, bg) < 4.6 && step <= 10; step++) {
    color = hex(channels.map((c) => (toWhite ? c + ((255 - c) * step) / 10 : (c * (10 - step)) / 10)));
  }
  return color;
}

/**
 * Text contrast (WCAG AA 4.5:1) in the light scheme: dimmed text is gray 7 instead of 6, and the text
 * of light variants (badges) is shade 9 on shade 0, darkened where shade 9 still reads under 4.5:1
 * (green, teal, lime, yellow, orange: about 4:1). In the dark scheme dimmed text is lightened until it
 * reads on cards.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    // Field errors (red 6 reads 3.9:1 on white): the readable red, as on filled buttons.
    '--mantine-color-error': readableOn(t.colors.red[7]!, '#ffffff'),
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).flatMap((name) => [
        [`--mantine-color-${name}-light-color`, readableOn(t.colors[name]![9]!, t.colors[name]![0]!)],
        [`--mantine-color-${name}-light`, t.colors[name]![0]!],
        [`--mantine-color-${name}-light-hover`, t.colors[name]![1]!],
        // Outline badges and buttons: the color's text on white.
        [`--mantine-color-${name}-outline`, readableOn(t.colors[name]![7]!, '#ffffff')],
        // Filled buttons and badges carry white text: red, orange, teal ... at shade 7 read under 4.5:1.
        [`--mantine-color-${name}-filled`, readableOn(t.colors[name]![7]!, '#ffffff')],
        [`--mantine-color-${name}-filled-hover`, readableOn(t.colors[name]![8]!, '#ffffff')],
      ]),
    ),
  },
  // Dimmed text on the lightest dark surface (cards, dark 6): Mantine's dark 2 reads 3.5:1 there.
  dark: {
    '--mantine-color-dimmed': readableOn(t.colors.dark[2]!, t.colors.dark[6]!),
    // Field errors on dark inputs and cards.
    '--mantine-color-error': readableOn(t.colors.red[5]!, t.colors.dark[6]!),
  },
});
