import { defineConfig } from 'vitest/config';
import base from './vite.config';

// `npm run mutate` (StrykerJS): the tests that need no database, over the statecharts and the domain
// rules they mutate. The API suites run the same rules through the server but take minutes per mutant.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: (base.test?.projects ?? []).filter(
      (project) => typeof project === 'object' && ['unit', 'dom'].includes(String(project.test?.name)),
    ),
  },
});
