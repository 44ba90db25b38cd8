// @vitest-environment node
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
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
import {
  ATTEMPTS,
  type PayslipEmailEvent,
  type PayslipEmailWorld,
  payslipEmailModel,
  REFUSED,
  REFUSED_AT_END,
} from '../models/payslip-email.model';
import { describeSpecApiWalk } from './spec-api-walk';

/**
 * The payslip e-mail lifecycle walked from its spec model (tests/models/payslip-email.model.ts) through its
 * real implementation: the request and Retry failed through the API, each run of the send as the queue's
 * worker runs it, with a fake mail server that accepts, refuses, refuses at the message's end, or whose
 * worker dies on the way. After every step the model state's assertions read the stored send, the job's
 * progress and what the mail server was handed. The app's lifecycle runs beside the walk, moved only by
 * what the run and the API really did (a claim counted, a record made, the server's answer); its coverage
 * says the app has no transition the model lacks.
 */

type World = PayslipEmailWorld & { lifecycle: AnyActorRef };

const POLICY = { attempts: ATTEMPTS, retryDelaySeconds: 1, expireSeconds: 30 };
/** The queue's jobs are not worked here: each step runs the send itself. */
const queue = { insert: async () => [] } as unknown as JobQueue;

let t: TestApp;
let api: ReturnType<typeof caller>;

async function storedSend(id: number) {
  const [row] = await t.db
    .select({ status: payslipEmails.status, sentAt: payslipEmails.sentAt, attempts: payslipEmails.attempts })
    .from(payslipEmails)
    .where(eq(payslipEmails.id, id));
  if (!row) throw new Error('the send is gone');
  return { status: row.status, accepted: row.sentAt !== null, attempts: row.attempts };
}

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
  return { id: row?.id ?? 0, jobId: (answer.body as { jobId: string }).jobId, userId: user.id };
}

type Mail = 'accepts' | 'refuses' | 'refusesAtEnd' | 'diesWhileSending' | 'diesAfterRecord';
const mailOf: Partial<Record<PayslipEmailEvent['type'], Mail>> = {
  'mail.accepts': 'accepts',
  'mail.refuses': 'refuses',
  'mail.refusesAtEnd': 'refusesAtEnd',
  'worker.diesWhileSending': 'diesWhileSending',
  'worker.diesAfterRecord': 'diesAfterRecord',
  // The queue's run again: a real mail server takes what it is handed.
  'queue.handsOutAgain': 'accepts',
};

/**
 * Runs the send with a mail server that behaves as told; resolves when the run is as far as it gets, with
 * what happened on the way (for the app's lifecycle beside the walk).
 */
async function run(world: World, mail: Mail) {
  const seen = { asked: false, recorded: false, answered: null as 'accepted' | 'refused' | null };
  let reached: () => void = () => {};
  const stuck = new Promise<'stuck'>((resolve) => {
    reached = () => resolve('stuck');
  });
  const send = async (_message: unknown, record?: RecordSent) => {
    seen.asked = true;
    world.mail.asked += 1;
    if (mail === 'refuses') {
      seen.answered = 'refused';
      throw new Error(REFUSED);
    }
    if (mail === 'diesWhileSending') {
      reached();
      return new Promise<void>(() => {});
    }
    await record?.(t.db);
    seen.recorded = true;
    if (mail === 'refusesAtEnd') {
      seen.answered = 'refused';
      throw new Error(REFUSED_AT_END);
    }
    if (mail === 'diesAfterRecord') {
      reached();
      return new Promise<void>(() => {});
    }
    seen.answered = 'accepted';
  };
  const deps = { db: t.db, mailer: { send }, company: t.config, log: t.app.log, policy: POLICY };
  const ends = await Promise.race([
    sendPayslipEmail(deps, world.send.id).then(
      () => 'done' as const,
      () => 'threw' as const,
    ),
    stuck,
  ]);
  return { ...seen, ends };
}

/** The app's lifecycle, told what the run or the request did to the send. */
function follow(
  world: World,
  before: Awaited<ReturnType<PayslipEmailWorld['stored']>>,
  after: Awaited<ReturnType<PayslipEmailWorld['stored']>>,
  seen?: Awaited<ReturnType<typeof run>>,
) {
  const send = (event: PayslipEmailLifecycleEvent) => world.lifecycle.send(event);
  if (after.attempts > before.attempts)
    send({ type: 'payslipEmail.claim', earlierClaimExpired: before.status === 'sending' });
  if (seen?.recorded) send({ type: 'payslipEmail.hold' });
  if (seen?.answered === 'refused')
    send({ type: 'payslipEmail.refuse', attempt: after.attempts, attempts: ATTEMPTS });
  if (seen?.answered === 'accepted' || (!seen?.asked && after.accepted && !before.accepted))
    send({ type: 'payslipEmail.accept' });
  if (before.status === 'failed' && after.status !== 'failed') send({ type: 'payslipEmail.retry' });
}

describeSpecApiWalk<typeof payslipEmailModel, PayslipEmailEvent, World>({
  title: 'payslip e-mail lifecycle, walked from its spec model through the worker and the API',
  model: payslipEmailModel,
  starts: [{ name: 'a requested send', input: undefined }],
  events: [
    { type: 'mail.accepts' },
    { type: 'mail.refuses' },
    { type: 'mail.refusesAtEnd' },
    { type: 'worker.diesWhileSending' },
    { type: 'worker.diesAfterRecord' },
    { type: 'queue.handsOutAgain' },
    { type: 'clock.claimExpires' },
    { type: 'admin.retriesFailed' },
  ],
  // A worker dying again and again only counts more tries: one death a try is enough to walk.
  canProduce: (model, event) => !event.type.startsWith('worker.') || model.context.tries < ATTEMPTS,
  serialize: (model) => JSON.stringify([model.value, model.context.tries]),
  app: { machine: payslipEmailLifecycle },
  timeout: 60_000,
  setup() {
    beforeAll(async () => {
      t = await createTestApp({}, { queue: () => queue });
      api = caller(t, (await adminSession(t)).headers);
      await api.get('/payslips/unprocessed-and-items-added?year=2026&month=4');
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });
  },
  async open(_path, inspect) {
    const send = await requestedSend();
    return {
      api,
      send: { ...send, year: 2026, month: 4 },
      stored: () => storedSend(send.id),
      mail: { asked: 0 },
      lifecycle: createActor(payslipEmailLifecycle, { inspect }).start(),
    };
  },
  close: (world) => world.lifecycle.stop(),
  async perform(world, event, model) {
    const before = await world.stored();
    const mail = mailOf[event.type];
    if (mail) {
      const seen = await run(world, mail);
      follow(world, before, await world.stored(), seen);
      // Decision 0008: a failed try is thrown so that the queue tries again, except the last; a run that
      // meets a send another live worker holds fails too, so that the queue asks again later.
      const triesAgain =
        ((event.type === 'mail.refuses' || event.type === 'mail.refusesAtEnd') &&
          model.context.tries + 1 < ATTEMPTS) ||
        (event.type === 'queue.handsOutAgain' && model.matches({ sending: 'claimHeld' }));
      const dies = event.type === 'worker.diesWhileSending' || event.type === 'worker.diesAfterRecord';
      expect(seen.ends, 'how the run ends').toBe(dies ? 'stuck' : triesAgain ? 'threw' : 'done');
      return;
    }
    if (event.type === 'clock.claimExpires') {
      await t.db
        .update(payslipEmails)
        .set({ updatedAt: new Date(Date.now() - (POLICY.expireSeconds + 1) * 1000) })
        .where(eq(payslipEmails.id, world.send.id));
      return;
    }
    expect((await api.post(`/jobs/${world.send.jobId}/retry`, {})).status, 'Retry failed').toBe(200);
    follow(world, before, await world.stored());
  },
});
