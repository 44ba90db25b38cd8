import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { PayslipEmailStatus } from '../../src/domain/enums';
import type { EmailPayslipsAnswer, JobProgress } from '../../src/domain/payslip-emails';
import type { caller } from '../api/payroll-fixtures';
import { apiShows } from '../machines/spec-api-walk';

/**
 * One payslip's e-mail within a job, as the administrator and the mail server meet it, from issue 16 and
 * docs/decisions/0008 (a send's row is its idempotency key: claimed by one worker, recorded as sent before
 * the server's ending line, counted done once the server accepted it; a refused try is retried, and given up
 * with its reason at the last; a send whose worker died is taken over only once its claim is older than a
 * send can last, and one recorded before its worker died is taken as accepted, not sent again; Retry failed
 * starts a given-up send over from its first attempt) and docs/decisions/0013 (its statuses queued, sending,
 * sent, failed; a sent payslip takes no claim and no retry).
 *
 * The events are what the mail server, the worker, the queue, the clock and the administrator do; each
 * state's `shows` reads the stored send, the job's progress (GET /jobs/{id}), what the mail server was asked,
 * and tries what the state forbids: Retry failed changes nothing but a given-up send; a payslip e-mailed is
 * not queued again unless asked to resend it, and not resent within ten minutes of its last copy (issue 33).
 */

/** The tries a send is given in the walk (the send policy's `attempts`): three, so that a send taken over
 * from a dead worker (its second try) can still be refused and queued again. */
export const ATTEMPTS = 3;
export const REFUSED = '450 Mailbox temporarily unavailable';
export const REFUSED_AT_END = '554 Message rejected at its end';

export type PayslipEmailEvent =
  /** A worker runs the send and the mail server accepts the message. */
  | { type: 'mail.accepts' }
  /** The server refuses before taking the message. */
  | { type: 'mail.refuses' }
  /** The server takes the whole message and refuses it at its end. */
  | { type: 'mail.refusesAtEnd' }
  /** The worker dies while talking to the server, before the record. */
  | { type: 'worker.diesWhileSending' }
  /** The worker dies after the record, before the server's answer (its ending line went out). */
  | { type: 'worker.diesAfterRecord' }
  /** The queue runs the send's job again (its retry or expiry); whatever the mail server would do. */
  | { type: 'queue.handsOutAgain' }
  /** Longer than a send can last passes since the dead worker's claim. */
  | { type: 'clock.claimExpires' }
  /** The administrator's Retry failed on the job. */
  | { type: 'admin.retriesFailed' };

/** What the walk stands on: the administrator's API, the send, what is stored of it, and the mail server. */
export interface PayslipEmailWorld {
  api: ReturnType<typeof caller>;
  send: { id: number; jobId: string; userId: number; year: number; month: number };
  stored(): Promise<{ status: PayslipEmailStatus; accepted: boolean; attempts: number }>;
  /** How many times the mail server was handed this payslip's message. */
  mail: { asked: number };
}

interface Context {
  /** Tries counted since the request or the last Retry failed. */
  tries: number;
  /** Times the mail server was handed the message. */
  asked: number;
  /** What the last refusal said. */
  reason: string | null;
}

const ctx = (m: { context: unknown }) => m.context as Context;

const all = (...parts: ReturnType<typeof apiShows<PayslipEmailWorld>>[]) =>
  apiShows<PayslipEmailWorld>(async (w, m) => {
    for (const part of parts) await part.shows(w, m);
  });

const progress = async (w: PayslipEmailWorld) => {
  const answer = await w.api.get(`/jobs/${w.send.jobId}`);
  expect(answer.status).toBe(200);
  return answer.body as JobProgress;
};

/** Every state: the mail server was handed the message exactly as often as the model says. */
const mailServer = apiShows<PayslipEmailWorld>((w, m) => {
  expect(w.mail.asked, 'times the mail server was handed the message').toBe(ctx(m).asked);
});

/** The stored send, and the job's progress as the administrator reads it. */
const stored = (
  status: PayslipEmailStatus,
  accepted: boolean,
  job: (m: Context) => Pick<JobProgress, 'status' | 'done' | 'failed'>,
) =>
  apiShows<PayslipEmailWorld>(async (w, m) => {
    expect(await w.stored(), 'the stored send').toMatchObject({ status, accepted, attempts: ctx(m).tries });
    expect(await progress(w), "the job's progress").toMatchObject({ total: 1, ...job(ctx(m)) });
  });

/** Retry failed leaves a send that was not given up as it is. */
const retryChangesNothing = apiShows<PayslipEmailWorld>(async (w) => {
  const before = await w.stored();
  expect((await w.api.post(`/jobs/${w.send.jobId}/retry`, {})).status).toBe(200);
  expect(await w.stored(), 'Retry failed changed nothing').toEqual(before);
});

/**
 * A payslip e-mailed is not queued again by a new request, only when asked to send it again, and then
 * not within ten minutes of its last copy (issue 33): the walk's steps all come within those minutes.
 */
const notQueuedAgain = (resendToo: boolean) =>
  apiShows<PayslipEmailWorld>(async (w) => {
    const ask = { year: w.send.year, month: w.send.month, userIds: [w.send.userId] };
    const again = await w.api.post('/payslips/email', ask);
    expect(again.body as EmailPayslipsAnswer, 'asked again').toMatchObject({ total: 0, skipped: 1 });
    if (resendToo) {
      const resend = await w.api.post('/payslips/email', { ...ask, resend: true });
      const answer = resend.body as EmailPayslipsAnswer;
      expect(answer, 'asked to resend at once').toMatchObject({ total: 0, skipped: 1 });
      expect(answer.message).toContain('less than 10 minutes ago');
    }
  });

const inProgress = (m: Context) =>
  ({ status: m.tries === 0 ? 'queued' : 'running', done: 0, failed: 0 }) as const;

const tried = assign<Context, PayslipEmailEvent, undefined, PayslipEmailEvent, never>(({ context }) => ({
  tries: context.tries + 1,
  asked: context.asked + 1,
}));

/** What a worker's run does with a send it may claim (a waiting one, or one whose claim expired). */
const runs = {
  'mail.accepts': { target: '#payslipEmailModel.sent.accepted', actions: 'tried' },
  'mail.refuses': [
    { guard: 'lastTry', target: '#payslipEmailModel.failed', actions: ['tried', 'refused'] },
    { target: '#payslipEmailModel.queued', actions: ['tried', 'refused'] },
  ],
  'mail.refusesAtEnd': [
    { guard: 'lastTry', target: '#payslipEmailModel.failed', actions: ['tried', 'refusedAtEnd'] },
    { target: '#payslipEmailModel.queued', actions: ['tried', 'refusedAtEnd'] },
  ],
  'worker.diesWhileSending': { target: '#payslipEmailModel.sending.claimHeld', actions: 'tried' },
  'worker.diesAfterRecord': { target: '#payslipEmailModel.sent.unanswered', actions: 'tried' },
} as const;

export const payslipEmailModel = setup({
  types: { context: {} as Context, events: {} as PayslipEmailEvent },
  actions: {
    tried,
    refused: assign({ reason: REFUSED }),
    refusedAtEnd: assign({ reason: REFUSED_AT_END }),
    startOver: assign({ tries: 0, reason: null }),
  },
  guards: {
    // This try is the last of the ATTEMPTS a send is given.
    lastTry: ({ context }) => context.tries + 1 >= ATTEMPTS,
  },
}).createMachine({
  id: 'payslipEmailModel',
  context: { tries: 0, asked: 0, reason: null },
  meta: mailServer,
  initial: 'queued',
  states: {
    queued: {
      meta: all(stored('queued', false, inProgress), retryChangesNothing),
      on: runs,
    },
    sending: {
      initial: 'claimHeld',
      meta: all(stored('sending', false, inProgress), retryChangesNothing),
      states: {
        // Its worker's claim is recent: the queue's run leaves it to that worker.
        claimHeld: {
          on: {
            'queue.handsOutAgain': { target: 'claimHeld' },
            'clock.claimExpires': { target: 'claimExpired' },
          },
        },
        // Its worker is dead: the next run takes it over, one more try counted.
        claimExpired: { on: runs },
      },
    },
    sent: {
      initial: 'unanswered',
      states: {
        // Recorded before the server's answer: never sent again, but not yet counted done.
        unanswered: {
          meta: all(stored('sent', false, inProgress), retryChangesNothing, notQueuedAgain(false)),
          on: { 'queue.handsOutAgain': { target: 'accepted' } },
        },
        accepted: {
          meta: all(
            stored('sent', true, () => ({ status: 'completed', done: 1, failed: 0 })),
            retryChangesNothing,
            notQueuedAgain(true),
          ),
          on: { 'queue.handsOutAgain': { target: 'accepted' } },
        },
      },
    },
    failed: {
      meta: all(
        stored('failed', false, () => ({ status: 'failed', done: 0, failed: 1 })),
        apiShows<PayslipEmailWorld>(async (w, m) => {
          expect((await progress(w)).errors, 'the reason given').toEqual([
            { userId: w.send.userId, message: ctx(m).reason },
          ]);
        }),
      ),
      on: {
        // A given-up send is left alone by a run of its job.
        'queue.handsOutAgain': { target: 'failed' },
        'admin.retriesFailed': { target: 'queued', actions: 'startOver' },
      },
    },
  },
});
