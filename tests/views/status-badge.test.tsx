import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from '../../src/ui/status-badge';
import { system } from '../../src/ui/theme';

// Spec section 2, Reusable pieces: "Status badge colours: UNPROCESSED grey, ITEMS_ADDED yellow, PROCESSED
// blue, PENDING orange, APPROVED green, REJECTED red, ACTIVE indigo, RESIGNED purple."

/** The colour palette the badge's own CSS rule points its palette variables at. */
function paletteOf(element: HTMLElement): string | null {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  for (const name of element.classList) {
    const rule = new RegExp(
      `\\.${name}\\{[^}]*--chakra-colors-color-palette-solid:var\\(--chakra-colors-([a-z]+)-solid\\)`,
    ).exec(css);
    if (rule) return rule[1] ?? null;
  }
  return null;
}

describe('status badges', () => {
  it.each([
    ['UNPROCESSED', 'gray'],
    ['ITEMS_ADDED', 'yellow'],
    ['PROCESSED', 'blue'],
    ['PENDING', 'orange'],
    ['APPROVED', 'green'],
    ['REJECTED', 'red'],
    ['ACTIVE', 'indigo'],
    ['RESIGNED', 'purple'],
  ])('show %s in %s', (status, colour) => {
    render(
      <ChakraProvider value={system}>
        <StatusBadge status={status} label={`label of ${status}`} />
      </ChakraProvider>,
    );
    expect(paletteOf(screen.getByText(`label of ${status}`))).toBe(colour);
  });
});
