import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * The forgot-password tab of /login as spec sections 2 and 9 describe it: Send Reset Email is disabled while
 * the address is empty; after a success the toast 'Reset email sent' shows and, for 20 seconds, the button is
 * disabled and reads 'Please wait Ns before requesting again...', counting down each second; then it is
 * available again, with the address that was sent to.
 */
export const LOCK_SECONDS = 20;
export const ADDRESS = 'weiming.tan@company.test';

export interface ForgotPasswordModel {
  /** The address in the field. */
  address: string;
  secondsLeft: number;
  /** The success toast was just raised by the last step. */
  toast: boolean;
}

export type ForgotPasswordEvent =
  | { type: 'user.sendsResetEmail' }
  | { type: 'clock.second' }
  | { type: 'clock.waitEnds' };

const button = () => {
  const form = screen.getByRole('form', { name: 'Forgot password' });
  const found = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!found) throw new Error('no submit button');
  return found;
};
const field = () => screen.getByLabelText('Email') as HTMLInputElement;

export const forgotPasswordModel = setup({
  types: { context: {} as ForgotPasswordModel, events: {} as ForgotPasswordEvent },
}).createMachine({
  id: 'forgotPasswordModel',
  context: { address: '', secondsLeft: 0, toast: false },
  initial: 'available',
  states: {
    available: {
      meta: shows((_app, m) => {
        const { address } = m.context as ForgotPasswordModel;
        expect(button()).toHaveTextContent('Send Reset Email');
        expect(field().value).toBe(address);
        expect(button().disabled, 'disabled exactly while the address is empty').toBe(address === '');
      }),
      on: {
        'user.sendsResetEmail': {
          target: 'locked',
          actions: assign({ address: ADDRESS, secondsLeft: LOCK_SECONDS, toast: true }),
        },
      },
    },
    locked: {
      meta: shows((_app, m) => {
        const { address, secondsLeft, toast } = m.context as ForgotPasswordModel;
        if (toast) expectToast('Reset email sent', 'Please check your email for reset instructions.');
        expect(button()).toHaveTextContent(`Please wait ${secondsLeft}s before requesting again...`);
        expect(button()).toBeDisabled();
        expect(field().value, 'the address sent to stays showing').toBe(address);
      }),
      on: {
        'clock.second': {
          guard: ({ context }) => context.secondsLeft > 1,
          actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1, toast: false }),
        },
        'clock.waitEnds': { target: 'available', actions: assign({ secondsLeft: 0, toast: false }) },
      },
    },
  },
});
