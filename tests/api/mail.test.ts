import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from './harness';

// A real SMTP conversation: the app sends through nodemailer to a local server, and the test
// reads the reset link out of the message it received.
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('sends the reset link by SMTP, and the link sets a new password', async () => {
  const staff = await createUser(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forget-password',
    payload: { email: staff.email },
  });
  expect(response.statusCode).toBe(200);

  let message: (typeof received)[number] | undefined;
  for (let i = 0; i < 100 && !message; i++) {
    message = received.find((m) => m.to.includes(staff.email));
    if (!message) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(message).toBeDefined();
  const body = (message?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(body).toMatch(/Subject: Reset your password/);
  const token = /http:\/\/hr\.test\/reset-password\?token=([\w%-]+)/.exec(body)?.[1];
  expect(token).toBeDefined();

  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: decodeURIComponent(token as string), newPassword: 'From-the-mail-1' },
  });
  expect(reset.statusCode).toBe(200);
  expect((await signIn(t, staff.email, 'From-the-mail-1')).response.statusCode).toBe(200);
});
