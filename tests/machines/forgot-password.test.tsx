import { act, fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { planTransitionPaths } from './coverage';
import { people } from './fixtures';
import { advance, advanceThroughDelay, expectToast, openForgotPasswordTab, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';

const sendButton = () => {
  const form = screen.getByRole('form', { name: 'Forgot password' });
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('no submit button');
  return button;
};

type Flow = typeof forgotPasswordMachine;
type FlowEvent =
  | { type: 'xstate.done.actor.form'; output: undefined }
  | { type: 'xstate.after.tick.forgotPassword.locked.counting' }
  | { type: 'xstate.after.lock.forgotPassword.locked' };

/**
 * Model-based test of the forgot-password flow: after each reset e-mail sent, spec section 2's 20 second
 * wait, the button counting down ('Please wait Ns before requesting again...'), then available again.
 */
const flow = followActor(forgotPasswordMachine);
/** Seconds of the wait that have passed, counted by the walk from the ticks it made happen. */
let ticked = 0;
describeModelWalk<Flow, FlowEvent>({
  title: 'forgot-password flow statechart, walked through the forgot-password tab of /login',
  machine: forgotPasswordMachine,
  actor: flow,
  plan: planTransitionPaths(forgotPasswordMachine, {
    starts: [{ name: 'forgot-password tab', input: { params: {} } }],
    events: [
      { type: 'xstate.done.actor.form', output: undefined },
      { type: 'xstate.after.tick.forgotPassword.locked.counting' },
      { type: 'xstate.after.lock.forgotPassword.locked' },
    ],
  }),
  open: () => {
    ticked = 0;
    return openForgotPasswordTab(flow.inspect);
  },
  async perform(app, event) {
    if (event.type === 'xstate.done.actor.form') {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: people.staff.email } });
      await settle();
      await act(async () => fireEvent.click(sendButton()));
      await settle();
      app.server.answer('POST', '/api/auth/forget-password', 200, {});
      await settle();
    } else if (event.type === 'xstate.after.tick.forgotPassword.locked.counting') {
      await advance(1000);
      ticked += 1;
    } else {
      await advanceThroughDelay(forgotPasswordMachine, event.type, () => flow.live().matches('asking'));
    }
  },
  expectScreen(_app, s: SnapshotFrom<Flow>, event) {
    const button = sendButton();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    if (event?.type === 'xstate.done.actor.form')
      expectToast('Reset email sent', 'Please check your email for reset instructions.');
    if (s.matches('locked')) {
      expect(button).toHaveTextContent(`Please wait ${20 - ticked}s before requesting again...`);
      expect(button).toBeDisabled();
      // The address the e-mail went to stays showing.
      expect(email.value).toBe(people.staff.email);
    } else {
      expect(button).toHaveTextContent('Send Reset Email');
      // After a wait, a fresh form starts from the address sent to, ready to send again.
      expect(email.value).toBe(event === null ? '' : people.staff.email);
      expect(button.disabled).toBe(email.value === '');
    }
  },
});
