import type { ComponentType } from 'react';
import { screenModules } from './screen-modules';
import { lazyScreen } from './screens';
import type { AppServices } from './services';

type Screen = ComponentType<{ services: AppServices }>;

// Every screen module's code, a chunk each, fetched when first asked for.
const modules = import.meta.glob<Record<string, Screen>>(['./*-route.tsx', './*-routes.tsx']);

function screenOf(module: string, exported: string) {
  const load = modules[`./${module}`];
  if (!load) throw new Error(`src/app/screen-modules.ts names ${module}, which is not a screen module`);
  return lazyScreen(() => load().then((m) => ({ default: m[exported] as Screen })));
}

/**
 * The signed-in area's screens by route pattern, each a chunk of its own (see ./screens.ts); this table
 * comes with the area's code, so that it is not on /login.
 */
export const builtScreens = Object.fromEntries(
  Object.entries(screenModules).map(([pattern, [module, exported]]) => [pattern, screenOf(module, exported)]),
);
