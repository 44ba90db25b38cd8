import { describe, expect, it } from 'vitest';
import { DEMO_STAFF_PASSWORD } from '../../src/server/seed/demo-company';
import { MAIN_PAGES, measurePageLoad } from '../support/page-load';
import { ADMIN_EMAIL, ADMIN_PASSWORD, appInBrowser } from './app-server';

/**
 * A reload of a signed-in page (issue 33): the page's code comes with the entry, so its data request
 * waits on at most two code downloads one after the other (it waited on three: the entry, the signed-in
 * area, the screen). The bench (tests/bench/page-loads.ts) prints the same chains with their times.
 */

const e2e = appInBrowser();
const STAFF_EMAIL = 'meiling.goh@company.test';

describe('reloading a signed-in page', () => {
  it('asks for its data after at most two code downloads in a row', async () => {
    const tabs = {
      ADMIN: await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD),
      STAFF: await e2e.signIn(STAFF_EMAIL, DEMO_STAFF_PASSWORD),
    };
    for (const { path, as, content } of MAIN_PAGES) {
      const load = await measurePageLoad(tabs[as], path, content);
      expect(new URL(tabs[as].url()).pathname, 'still on the page').toBe(path);
      expect(
        load.chain.length,
        `${path}: ${load.chain.join(' -> ')} -> ${load.firstApi}`,
      ).toBeLessThanOrEqual(2);
    }
  });
});
