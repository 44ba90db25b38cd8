// @vitest-environment node
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { formatTransition } from '../../machines/transitions';
import type { PayslipEmailStatus } from '../../src/domain/enums';
import {
  type PayslipEmailLifecycleEvent,
  payslipEmailLifecycle,
} from '../../src/domain/lifecycles/payslip-email.lifecycle';
import { payslipEmails } from '../../src/server/db/schema';
import type { JobQueue } from '../../src/server/jobs/queue';
import type { RecordSent } from '../../src/server/services/mail';
import { sendPayslipEmail } from '../../src/server/services/payroll/emails';
import { createTestApp, type TestApp } from '../api/harness';
import { adminSession, caller, createEmployee } from '../api/payroll-fixtures';
import { createCoverageRecorder, describeEvent } from './coverage';

/**
 * The payslip e-mail lifecycle walked through its real implementation: the request and Retry failed
 * through the API, each send run as the queue's worker runs it, with a mail server that accepts,
 * refuses, refuses at the message's end, or whose worker dies on the way. The status each step must
 * leave is written here from issue 16 and decision 0008 (sent once and never again; a refused try
 * retried, then failed; Retry failed starts over), and the lifecycle, sent the same events, must
 * agree; together the paths take every transition of it.
 */

type Event = PayslipEmailLifecycleEvent;
type Mail = 'accepts' | 'refuses' | 'refusesAtEnd' | 'diesWhileSending' | 'diesAfterRecord' | 'isNotAsked';

const ATTEMPTS = 2;
const POLICY = { attempts: ATTEMPTS, retryDelaySeconds: 1, expireSeconds: 30 };
const claim: Event = { type: 'payslipEmail.claim', earlierClaimExpired: false };
const hold: Event = { type: 'payslipEmail.hold' };
const accept: Event = { type: 'payslipEmail.accept' };
const refuse = (attempt: number): Event => ({ type: 'payslipEmail.refuse', attempt, attempts: ATTEMPTS });

type Step =
  /** The worker runs the send; the run ends ('done'), fails so the queue tries again, or never ends. */
  | { run: Mail; ends: 'done' | 'throws' | 'never'; events: Event[]; expect: Stored }
  | { retryFailed: true; events: Event[]; expect: Stored }
  /** The worker holding the send has been silent longer than a send can last. */
  | { claimExpires: true; events: Event[]; expect: Stored };

interface Stored {
  status: PayslipEmailStatus;
  /** Whether the server's acceptance is stored (the job counts the send done). */
  accepted: boolean;
}

const paths: Array<{ name: string; steps: Step[] }> = [
  {
    name: 'sent at the first try, and not sent again when its job is run again',
    steps: [
      {
        run: 'accepts',
        ends: 'done',
        events: [claim, hold, accept],
        expect: { status: 'sent', accepted: true },
      },
      { run: 'isNotAsked', ends: 'done', events: [], expect: { status: 'sent', accepted: true } },
    ],
  },
  {
    name: 'refused, tried again, given up at the last try; Retry failed sends it',
    steps: [
      {
        run: 'refuses',
        ends: 'throws',
        events: [claim, refuse(1)],
        expect: { status: 'queued', accepted: false },
      },
      {
        run: 'refuses',
        ends: 'done',
        events: [claim, refuse(2)],
        expect: { status: 'failed', accepted: false },
      },
      {
        retryFailed: true,
        events: [{ type: 'payslipEmail.retry' }],
        expect: { status: 'queued', accepted: false },
      },
      {
        run: 'accepts',
        ends: 'done',
        events: [claim, hold, accept],
        expect: { status: 'sent', accepted: true },
      },
    ],
  },
  {
    name: "refused by the server at the message's end: the record is undone, twice, then Retry failed",
    steps: [
      {
        run: 'refusesAtEnd',
        ends: 'throws',
        events: [claim, hold, refuse(1)],
        expect: { status: 'queued', accepted: false },
      },
      {
        run: 'refusesAtEnd',
        ends: 'done',
        events: [claim, hold, refuse(2)],
        expect: { status: 'failed', accepted: false },
      },
      {
        retryFailed: true,
        events: [{ type: 'payslipEmail.retry' }],
        expect: { status: 'queued', accepted: false },
      },
      {
        run: 'accepts',
        ends: 'done',
        events: [claim, hold, accept],
        expect: { status: 'sent', accepted: true },
      },
    ],
  },
  {
    name: 'its worker dies while sending; another takes it over only once the claim has expired',
    steps: [
      {
        run: 'diesWhileSending',
        ends: 'never',
        events: [claim],
        expect: { status: 'sending', accepted: false },
      },
      { run: 'isNotAsked', ends: 'throws', events: [], expect: { status: 'sending', accepted: false } },
      {
        claimExpires: true,
        events: [{ type: 'payslipEmail.claim', earlierClaimExpired: true }],
        expect: { status: 'sending', accepted: false },
      },
      { run: 'accepts', ends: 'done', events: [hold, accept], expect: { status: 'sent', accepted: true } },
    ],
  },
  {
    name: 'its worker dies after the record; handed out again it is taken as accepted, not sent again',
    steps: [
      {
        run: 'diesAfterRecord',
        ends: 'never',
        events: [claim, hold],
        expect: { status: 'sent', accepted: false },
      },
      { run: 'isNotAsked', ends: 'done', events: [accept], expect: { status: 'sent', accepted: true } },
    ],
  },
];

let t: TestApp;
let api: ReturnType<typeof caller>;
/** The queue's jobs are not worked here: each step runs the send itself. */
const queue = { insert: async () => [] } as unknown as JobQueue;

beforeAll(async () => {
  t = await createTestApp({}, { queue: () => queue });
  api = caller(t, (await adminSession(t)).headers);
  await api.get('/payslips/unprocessed-and-items-added?year=2026&month=4');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A processed payslip of its own, and the request to e-mail it. */
async function requestedSend() {
  const user = await createEmployee(t, { hireDate: '2020-01-06' });
  await api.get('/payslips/unprocessed-and-items-added?year=2026&month=4');
  const processed = await api.post('/payslips/bulk-process', {
    payDate: '2026-04-28',
    payslips: [{ userId: user.id, year: 2026, month: 4 }],
  });
  expect(processed.status).toBe(200);
  const answer = await api.post('/payslips/email', { year: 2026, month: 4, userIds: [user.id] });
  expect(answer.body).toMatchObject({ total: 1, skipped: 0 });
  const [row] = await t.db
    .select({ id: payslipEmails.id })
    .from(payslipEmails)
    .where(eq(payslipEmails.userId, user.id))
    .orderBy(desc(payslipEmails.id))
    .limit(1);
  return { user, id: row?.id ?? 0, jobId: (answer.body as { jobId: string }).jobId };
}

async function stored(id: number): Promise<Stored & { attempts: number }> {
  const [row] = await t.db
    .select({ status: payslipEmails.status, sentAt: payslipEmails.sentAt, attempts: payslipEmails.attempts })
    .from(payslipEmails)
    .where(eq(payslipEmails.id, id));
  if (!row) throw new Error('the send is gone');
  return { status: row.status, accepted: row.sentAt !== null, attempts: row.attempts };
}

/** Runs the send with a mail server that behaves as told; resolves when the run is as far as it gets. */
async function run(id: number, mail: Mail, ends: 'done' | 'throws' | 'never') {
  let asked = false;
  let reached: () => void = () => {};
  const stuck = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const send = async (_message: unknown, record?: RecordSent) => {
    asked = true;
    if (mail === 'refuses') throw new Error('450 Mailbox temporarily unavailable');
    if (mail === 'diesWhileSending') {
      reached();
      return new Promise<void>(() => {});
    }
    await record?.(t.db);
    if (mail === 'refusesAtEnd') throw new Error('554 Message rejected at its end');
    if (mail === 'diesAfterRecord') {
      reached();
      return new Promise<void>(() => {});
    }
  };
  const deps = { db: t.db, mailer: { send }, company: t.config, log: t.app.log, policy: POLICY };
  const running = sendPayslipEmail(deps, id);
  if (ends === 'never') await stuck;
  else if (ends === 'throws') await expect(running).rejects.toThrow();
  else await running;
  expect(asked, `the mail server was${asked ? '' : ' not'} asked`).toBe(mail !== 'isNotAsked');
}

const recorder = createCoverageRecorder(payslipEmailLifecycle);

describe('payslip e-mail lifecycle, walked through the worker and the API', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', { timeout: 60_000 }, async (_, path) => {
    const send = await requestedSend();
    const actor = createActor(payslipEmailLifecycle, {
      inspect: (event: InspectionEvent) => recorder.inspect(event),
    }).start();
    expect(await stored(send.id)).toMatchObject({ status: 'queued', accepted: false, attempts: 0 });
    expect(actor.getSnapshot().value).toBe('queued');
    for (const step of path.steps) {
      if ('run' in step) await run(send.id, step.run, step.ends);
      else if ('retryFailed' in step) {
        expect((await api.post(`/jobs/${send.jobId}/retry`, {})).status).toBe(200);
        // Tried again from its first attempt.
        expect((await stored(send.id)).attempts).toBe(0);
      } else {
        await t.db
          .update(payslipEmails)
          .set({ updatedAt: new Date(Date.now() - (POLICY.expireSeconds + 1) * 1000) })
          .where(eq(payslipEmails.id, send.id));
      }
      for (const event of step.events) {
        expect(
          actor.getSnapshot().can(event),
          `${describeEvent(event)} from ${actor.getSnapshot().value}`,
        ).toBe(true);
        actor.send(event);
      }
      expect(await stored(send.id)).toMatchObject(step.expect);
      expect(actor.getSnapshot().value).toBe(step.expect.status);
    }
    actor.stop();
  });

  it('does not queue again a payslip that was e-mailed, unless asked to send it again', async () => {
    const send = await requestedSend();
    await run(send.id, 'accepts', 'done');
    const again = await api.post('/payslips/email', { year: 2026, month: 4, userIds: [send.user.id] });
    expect(again.body).toMatchObject({ total: 0, skipped: 1 });
    const resend = await api.post('/payslips/email', {
      year: 2026,
      month: 4,
      userIds: [send.user.id],
      resend: true,
    });
    expect(resend.body).toMatchObject({ total: 1, skipped: 0 });
  });

  afterAll(() => console.info(recorder.report()));

  it('walked every transition of the payslip e-mail lifecycle', () => {
    expect(recorder.missing().map(formatTransition), recorder.report()).toEqual([]);
  });
});
