import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../src/server/db/system-schema';
import { createTestApp, createUser, type TestApp } from './harness';
import { adminSession, caller, staffSession } from './payroll-fixtures';

/**
 * Issue 34: the company's setting that protects e-mailed payslip PDFs (item 10: on by default, changed
 * by PUT /company and audited like the company's other changes), and the Company page's line on how
 * mail is delivered (item 2: through the SMTP server, named by its host and never its credentials, or
 * kept in the outbox without SMTP_URL), which only an administrator reads.
 */

const PARTICULARS = { name: 'Acme Pte. Ltd.', uen: '201912345K' };

describe('without SMTP_URL', () => {
  let t: TestApp;
  let admin: ReturnType<typeof caller>;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const session = await adminSession(t);
    admin = caller(t, session.headers);
    adminId = session.admin.id;
  });
  afterAll(() => t.close());

  it('protects e-mailed payslips by default, before and after the particulars are first saved', async () => {
    const fresh = await admin.get('/company');
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ protectEmailedPayslips: true, mailDelivery: { mode: 'OUTBOX' } });
    const saved = await admin.put('/company', PARTICULARS);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ protectEmailedPayslips: true, mailDelivery: { mode: 'OUTBOX' } });
    expect((saved.body as { mailDelivery: object }).mailDelivery).toEqual({ mode: 'OUTBOX' });
  });

  it('turns the protection off and on, keeps it when a save leaves it out, and audits each change', async () => {
    const off = await admin.put('/company', { ...PARTICULARS, protectEmailedPayslips: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ protectEmailedPayslips: false });
    expect((await admin.get('/company')).body).toMatchObject({ protectEmailedPayslips: false });

    const [entry] = await t.db
      .select({ actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company'), eq(auditLog.action, 'company.updated')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.actor).toBe(adminId);
    expect(entry?.details).toMatchObject({
      before: { protectEmailedPayslips: true },
      after: { protectEmailedPayslips: false },
    });

    // A client that sends only the particulars does not switch the protection back on.
    const particularsOnly = await admin.put('/company', { ...PARTICULARS, address: '1 Raffles Place' });
    expect(particularsOnly.body).toMatchObject({ protectEmailedPayslips: false });

    const on = await admin.put('/company', { ...PARTICULARS, protectEmailedPayslips: true });
    expect(on.body).toMatchObject({ protectEmailedPayslips: true });
  });

  it('refuses a setting that is not true or false', async () => {
    const refused = await admin.put('/company', { ...PARTICULARS, protectEmailedPayslips: 'no' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers staff and strangers no company settings', async () => {
    const staff = await createUser(t, { role: 'STAFF' });
    const asStaff = caller(t, await staffSession(t, staff));
    expect((await asStaff.get('/company')).status).toBe(403);
    expect((await asStaff.put('/company', { ...PARTICULARS, protectEmailedPayslips: false })).status).toBe(
      403,
    );
    expect((await caller(t, {}).get('/company')).status).toBe(401);
  });
});

describe('with SMTP_URL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: 'smtps://payroll%40acme.example:s3cret-Pa55@smtp.acme.example:465' });
  });
  afterAll(() => t.close());

  it('names the SMTP host, and never its user or password', async () => {
    const admin = caller(t, (await adminSession(t)).headers);
    const answer = await admin.get('/company');
    expect(answer.status).toBe(200);
    expect((answer.body as { mailDelivery: object }).mailDelivery).toEqual({
      mode: 'SMTP',
      host: 'smtp.acme.example',
    });
    expect(answer.raw.body).not.toContain('s3cret');
    expect(answer.raw.body).not.toContain('payroll');
  });
});
