import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful sign-in the browser keeps a signed cookie naming the account it signed in to. A
 * later attempt on that account that presents it is "trusted": its failures are limited per
 * device, and lock-outs of untrusted clients (per account, per address) do not touch it.
 *
 * The cookie holds no personal data: its name is derived from the e-mail with a keyed hash and
 * its value is a random device id with a signature binding it to that e-mail.
 */
export const DEVICE_COOKIE_PREFIX = 'device_';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export function deviceCookies(secret: string) {
  const key = createHmac('sha256', secret).update('device-cookie').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    /** One cookie per account, so a shared computer can be trusted by several people. */
    nameFor(email: string): string {
      return `${DEVICE_COOKIE_PREFIX}${mac(`name:${email}`).slice(0, 16)}`;
    },
    issue(email: string): string {
      const deviceId = randomBytes(16).toString('base64url');
      return `${deviceId}.${mac(`device:${email}:${deviceId}`)}`;
    },
    /** The device id when the cookie was issued by us for this e-mail, otherwise null. */
    verify(email: string, value: string | undefined): string | null {
      if (!value || value.length > 200) return null;
      const [deviceId, signature, ...rest] = value.split('.');
      if (!deviceId || !signature || rest.length > 0) return null;
      const expected = Buffer.from(mac(`device:${email}:${deviceId}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
    },
  };
}
export type DeviceCookies = ReturnType<typeof deviceCookies>;
