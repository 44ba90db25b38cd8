import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { LoginResponse } from '../../src/domain/auth';

// The forgot-password lock belongs to the login screen: a failed sign-in on the other tab must
// not lift it early.
describe('forgot-password resend lock', () => {
  it('keeps counting down through a failed sign-in', async () => {
    const clock = new SimulatedClock();
    // One second at a time: each tick schedules the next.
    const pass = (seconds: number) => {
      for (let i = 0; i < seconds; i++) clock.increment(1_000);
    };
    const machine = sessionMachine.provide({
      actors: {
        requestPasswordReset: fromPromise<void, { email: string }>(async () => {}),
        logIn: fromPromise<LoginResponse, { email: string; password: string }>(async () => {
          throw { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' };
        }),
      },
    });
    const actor = createActor(machine, { input: { stored: null }, clock }).start();
    actor.send({ type: 'forgotPassword.open' });
    actor.send({ type: 'resetRequest.submit', email: 'weiming.tan@company.test' });
    await waitFor(actor, (s) => s.matches({ signedOut: { resetRequest: 'locked' } }));
    pass(5);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(15);

    actor.send({ type: 'login.open' });
    actor.send({ type: 'login.submit', email: 'weiming.tan@company.test', password: 'wrong-password' });
    await waitFor(actor, (s) => s.matches({ signedOut: { loginForm: { editing: 'failed' } } }));
    const after = actor.getSnapshot();
    expect(after.matches({ signedOut: { resetRequest: 'locked' } })).toBe(true);
    expect(after.context.resendSecondsLeft).toBe(15);

    pass(15);
    expect(actor.getSnapshot().matches({ signedOut: { resetRequest: 'idle' } })).toBe(true);
    actor.stop();
  });
});
