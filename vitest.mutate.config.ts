import { defineConfig } from 'vitest/config';
import base from './vite.config';

// `npm run mutate` (StrykerJS): the tests that need no database, over the statecharts and the domain
// rules they mutate. The API suites run the same rules through the server but take minutes per mutant.
// MUTATE_PROJECTS narrows the projects (`unit` for the domain gate, docs/mutation-testing.md): the `dom`
// project's model-based walks render the whole app, so every file under src/domain a machine imports
// pulls them into the run (more than ten minutes of initial test run alone on two cores).
const projects = (process.env.MUTATE_PROJECTS ?? 'unit,dom').split(',');

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Stryker runs every test file in one worker, beside the other processes of a two-core machine: the
    // IR8A PDF test took over vitest's default 5 s in the initial run. The `dom` project keeps its own.
    testTimeout: 60_000,
    projects: (base.test?.projects ?? []).filter(
      (project) => typeof project === 'object' && projects.includes(String(project.test?.name)),
    ),
  },
});
