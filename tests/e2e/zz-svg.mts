import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
for (const name of process.argv.slice(2)) {
  await page.setContent(readFileSync(`docs/statecharts/${name}.svg`, 'utf8'));
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
}
await browser.close();
