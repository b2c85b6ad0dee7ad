import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';
import { themeCss } from './theme-css';

describe('themeCss', () => {
  it('is the stylesheet MantineProvider would inject for the theme', () => {
    const { container } = render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <span />
      </MantineProvider>,
    );
    const injected = [...container.ownerDocument.querySelectorAll('style[data-mantine-styles]')].find(
      (style) => style.getAttribute('data-mantine-styles') !== 'classes',
    );
    expect(injected?.textContent).toBeTruthy();
    expect(themeCss()).toBe(injected!.textContent);
  });

  it('holds the theme: indigo as the primary color, readable dimmed text in both schemes', () => {
    const css = themeCss();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)');
    expect(css).toMatch(/\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*--mantine-color-dimmed: #/);
    expect(css).toMatch(/\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-dimmed: /);
  });
});
