import type { DbOrTx } from '../../db/client';
import { renderPdfDocument } from '../../pdf/pool';
import { type CompanyDefaults, companyOf } from '../company';
import { getPayRun } from './pay-runs';
import type { Period } from './repository';

/**
 * GET /pay-runs/{year}/{month}/variance.pdf (ADMIN): the approver's variance report (issue 39 item 3)
 * as a PDF, the same figures as the run's `variance` and `varianceTotals`.
 */
export async function payRunVariancePdf(db: DbOrTx, period: Period, defaults: CompanyDefaults) {
  const [company, run] = await Promise.all([companyOf(db, defaults), getPayRun(db, period)]);
  const pdf = await renderPdfDocument({ kind: 'payRunVariance', data: { companyName: company.name, run } });
  return { pdf, fileName: `pay-run-variance-${period.year}-${String(period.month).padStart(2, '0')}.pdf` };
}
