import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMassStaff } from '../support/mass-staff';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

/**
 * Issue 33.6: the year's IR8A PDF for more staff than are drawn on request is made as a job, followed
 * through GET /jobs/{id} and downloaded when done. Above 200 employees the direct PDF answers 409.
 */
let t: TestApp;
let api: ReturnType<typeof caller>;
/** 201 generated staff and one whose figures are worked out below: one more than the direct PDF takes. */
const MASS = 201;
const STAFF = MASS + 1;
const NRIC = 'S8012345J';

beforeAll(async () => {
  t = await createTestApp({}, {}, { policy: { attempts: 3, retryDelaySeconds: 1, expireSeconds: 30 } });
  api = caller(t, (await adminSession(t)).headers);
  await createMassStaff(t.db, MASS, 'ir8a');
  await createEmployee(t, {
    fullName: 'Tan Ah Kow',
    nric: NRIC,
    salaryCents: 500_000,
    rates: [20, 17],
    dateOfBirth: '1990-06-15',
  });
  expect((await api.put('/company', { name: 'Acme Pte. Ltd.', uen: '201912345K' })).status).toBe(200);
  const rows = await api.get('/payslips/unprocessed-and-items-added?year=2026&month=3');
  const processed = await api.post('/payslips/bulk-process', {
    payDate: '2026-03-27',
    payslips: (rows.body as Array<{ user: { id: number } }>).map((row) => ({
      userId: row.user.id,
      year: 2026,
      month: 3,
    })),
  });
  expect(processed.body).toMatchObject({ processed: STAFF });
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface Progress {
  status: string;
  total: number;
  done: number;
  downloadUrl: string | null;
}

async function finished(jobId: string): Promise<Progress> {
  for (let i = 0; i < 600; i += 1) {
    const progress = (await api.get(`/jobs/${jobId}`)).body as Progress;
    if (progress.status === 'completed' || progress.status === 'failed') return progress;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the IR8A job did not finish');
}

describe("the year's IR8A PDF as a job", () => {
  it('points a large company from the direct PDF to the job, and keeps the CSV', async () => {
    const direct = await api.get('/payslips/ir8a?year=2026');
    expect(direct.status).toBe(409);
    expect(direct.body).toMatchObject({ code: 'IR8A_USE_JOB', field: 'year' });
    expect((direct.body as { message: string }).message).toContain('/api/payslips/ir8a/jobs');
    const csv = await api.get('/payslips/ir8a?year=2026&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.raw.body.trim().split('\r\n')).toHaveLength(1 + STAFF);
  });

  it('draws every form, reports progress, and streams the stored PDF; a newer file replaces it', async () => {
    // Two requests at once are one job.
    const [first, second] = await Promise.all([
      api.post('/payslips/ir8a/jobs', { year: 2026 }),
      api.post('/payslips/ir8a/jobs', { year: 2026 }),
    ]);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    const { jobId } = first.body as { jobId: string };
    expect((second.body as { jobId: string }).jobId).toBe(jobId);

    const progress = await finished(jobId);
    expect(progress).toMatchObject({ status: 'completed', total: STAFF, done: STAFF });
    expect(progress.downloadUrl).toBe(`/api/payslips/ir8a/jobs/${jobId}/file`);

    const url = (progress.downloadUrl ?? '').replace(/^\/api/, '');
    const file = await api.get(url);
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toBe('application/pdf');
    expect(file.raw.headers['content-disposition']).toBe('attachment; filename="ir8a-2026.pdf"');
    const { pages } = await pdfText(file.raw.rawPayload);
    // One page per employee, each numbered out of them all.
    expect(pages).toHaveLength(STAFF);
    expect(pages[0]).toContain(`Page 1 of ${STAFF}`);
    expect(pages[STAFF - 1]).toContain(`Page ${STAFF} of ${STAFF}`);
    const tan = pages.find((page) => page.includes(NRIC)) ?? '';
    expect(tan).toContain('Tan Ah Kow');
    expect(tan).toContain('201912345K');
    // One month of $5,000.00 (a) and the employee's CPF at 20% of it: $1,000.00, under the $8,000 ceiling.
    expect(tan).toMatch(/Gross salary.*\$5,000\.00/);
    expect(tan).toMatch(/compulsory contribution to CPF.*\$1,000\.00/);
    expect(tan).toMatch(/Total \(a\) \+ \(b\) \+ \(c\) \+ \(d\).*\$5,000\.00/);

    const staff = await createEmployee(t, { fullName: 'Not An Admin' });
    const own = caller(t, await staffSession(t, staff));
    expect((await own.get(url)).status).toBe(403);
    expect((await own.post('/payslips/ir8a/jobs', { year: 2026 })).status).toBe(403);

    const again = await api.post('/payslips/ir8a/jobs', { year: 2026 });
    const newer = (again.body as { jobId: string }).jobId;
    expect(newer).not.toBe(jobId);
    expect((await finished(newer)).status).toBe('completed');
    expect((await api.get(url)).status).toBe(404);
    expect((await api.get(`/jobs/${jobId}`)).body).toMatchObject({ downloadUrl: null });
  }, 120_000);

  it('refuses a year without processed payslips', async () => {
    const refused = await api.post('/payslips/ir8a/jobs', { year: 2024 });
    expect(refused.status).toBe(409);
  });
});
