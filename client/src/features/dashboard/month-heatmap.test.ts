import { describe, expect, it } from 'vitest';
import { readableOn } from './month-heatmap';

const luminance = (hex: string) => {
  const c = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
};
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('readableOn', () => {
  it('picks the text colour that reaches 4.5:1 on the full shade, where white alone did not (indigo 6: 4.3:1)', () => {
    expect(contrast(luminance('#4c6ef5'), 1)).toBeLessThan(4.5);
    expect(readableOn('#4c6ef5', 1, '#ffffff')).toBe('black');
    expect(readableOn('#364fc7', 1, '#ffffff')).toBe('white');
  });

  it('reads the colour as laid over its backdrop: a faint cell on white takes black, on the dark page white', () => {
    expect(readableOn('#4c6ef5', 0.15, '#ffffff')).toBe('black');
    expect(readableOn('#5c7cfa', 0.15, '#242424')).toBe('white');
  });
});
