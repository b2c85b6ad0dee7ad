import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { contrast, readableOn } from './theme';

describe('readableOn', () => {
  it('gives every light variant text at least 4.5:1 on its tint', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      expect(contrast(readableOn(shades[9], shades[0]), shades[0]), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a color that already reads well', () => {
    expect(readableOn('#1a1b1e', '#ffffff')).toBe('#1a1b1e');
    expect(contrast('#2b8a3e', '#ebfbee')).toBeLessThan(4.5);
  });
});

describe('dimmed text in the dark scheme', () => {
  it('reads at 4.5:1 on every dark surface', () => {
    const dimmed = readableOn(DEFAULT_THEME.colors.dark[2]!, DEFAULT_THEME.colors.dark[6]!);
    for (const surface of [6, 7, 8])
      expect(contrast(dimmed, DEFAULT_THEME.colors.dark[surface]!), `dark ${surface}`).toBeGreaterThanOrEqual(4.5);
  });
});

describe('filled and outline colors in the light scheme', () => {
  it('carry white text, and read on white, at 4.5:1', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      expect(contrast(readableOn(shades[7], '#ffffff'), '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
