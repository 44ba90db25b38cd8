import { act, fireEvent, screen } from '@testing-library/react';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { ADDRESS, type ForgotPasswordEvent, forgotPasswordModel } from '../models/forgot-password.model';
import { advance, openForgotPasswordTab, settle } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The forgot-password tab walked from its spec model (tests/models/forgot-password.model.ts): the 20 second
 * lock after each reset e-mail, counting down, then available again.
 */
describeSpecWalk({
  title: 'forgot-password tab of /login, walked from its spec model',
  model: forgotPasswordModel,
  starts: [{ name: 'forgot-password tab', input: undefined as never }],
  events: [
    { type: 'user.sendsResetEmail' },
    { type: 'clock.second' },
    { type: 'clock.waitEnds' },
  ] satisfies ForgotPasswordEvent[],
  app: { machine: forgotPasswordMachine },
  open: (_path, inspect) => openForgotPasswordTab(inspect),
  async perform(app, event, model) {
    switch (event.type) {
      case 'user.sendsResetEmail': {
        fireEvent.change(screen.getByLabelText('Email'), { target: { value: ADDRESS } });
        await settle();
        const form = screen.getByRole('form', { name: 'Forgot password' });
        await act(async () => fireEvent.submit(form));
        await settle();
        app.server.answer('POST', '/api/auth/forget-password', 200, {});
        await settle();
        break;
      }
      case 'clock.second':
        await advance(1000);
        break;
      case 'clock.waitEnds':
        await advance(model.context.secondsLeft * 1000);
        break;
    }
  },
});
