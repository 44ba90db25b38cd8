import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom lacks a few browser APIs that Chakra UI (Zag) calls while rendering; answer them the way a desktop
// browser with no layout would.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
    Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
  }
  if (!('IntersectionObserver' in window)) {
    class IntersectionObserverStub {
      root = null;
      rootMargin = '';
      thresholds = [];
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    Object.assign(window, { IntersectionObserver: IntersectionObserverStub });
    Object.assign(globalThis, { IntersectionObserver: IntersectionObserverStub });
  }
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.scrollTo ??= () => {};
}

// The app's Chakra system carries only the recipes it uses (src/ui/theme.ts). A component whose recipe was left
// out would render unstyled without a word, so in tests asking for one fails loudly.
{
  const { recipes, slotRecipes } = await import('@chakra-ui/react/theme');
  const { system } = await import('../../src/ui/theme');
  const guard = <F extends (key: string, fallback?: never) => unknown>(
    original: F,
    known: Record<string, unknown>,
    has: (key: string) => boolean,
  ) =>
    ((key: string, fallback?: never) => {
      if (key in known && !has(key))
        throw new Error(`Chakra recipe '${key}' is missing from src/ui/theme.ts`);
      return original(key, fallback);
    }) as F;
  system.getRecipeFn = guard(system.getRecipeFn, recipes, system.isRecipe);
  system.getSlotRecipeFn = guard(system.getSlotRecipeFn, slotRecipes, system.isSlotRecipe);
}
