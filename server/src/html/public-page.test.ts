import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { logoMark } from './public-page.js';

/** What an `<svg>` draws: its markup between the opening tag and `</svg>`. */
const drawing = (svg: string) =>
  svg
    .trim()
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');

describe('logoMark', () => {
  it("draws the app's logo (client/public/logo.svg, the icon of every page) inline, at its view box", () => {
    const file = readFileSync(new URL('../../../client/public/logo.svg', import.meta.url), 'utf8');
    expect(drawing(file)).toMatch(/^<rect [^>]*\/><path [^>]*\/>$/);
    expect(drawing(logoMark(48))).toBe(drawing(file));
    expect(file).toContain('viewBox="0 0 64 64"');
    expect(logoMark(48)).toContain('viewBox="0 0 64 64"');
  });

  it('is named when labelled and hidden from assistive technology otherwise', () => {
    expect(logoMark(48, 'Logo & mark')).toMatch(
      /^<svg width="48" height="48" [^>]*role="img" aria-label="Logo &amp; mark">/,
    );
    expect(logoMark(24, undefined, 'brand')).toMatch(
      /^<svg class="brand" width="24" height="24" [^>]*aria-hidden="true">/,
    );
  });
});
