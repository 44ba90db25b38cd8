import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  refreshResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
} from '../../domain/auth';
import type { Config } from '../config';
import { passwordResetTokens, users } from '../db/schema';
import type { FailureLimiter } from '../lib/failure-limiter';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../lib/http-error';
import { dummyPasswordHash, hashPassword, hashToken, newOpaqueToken, verifyPassword } from '../lib/secrets';
import { currentUser } from '../plugins/auth';
import { writeAudit } from '../services/audit';
import type { Mailer } from '../services/mail';
import {
  issueRefreshToken,
  revokeAllRefreshTokens,
  revokeRefreshTokenFamily,
  rotateRefreshToken,
} from '../services/tokens';
import { findUserByEmail, sessionUser } from '../services/users';
import { errorResponses } from './schemas';

export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

export interface AuthRoutesOptions {
  config: Config;
  mailer: Mailer;
  signInFailures: FailureLimiter;
}

const messageSchema = z.object({ message: z.string() });

export async function authRoutes(
  app: FastifyInstance,
  { config, mailer, signInFailures }: AuthRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.secureCookies,
  };
  const setRefreshCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions, expires: expiresAt });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, cookieOptions);

  r.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const keys = [`ip:${request.ip}`, `email:${email}`];
      const wait = Math.max(...keys.map((key) => signInFailures.retryAfter(key)));
      if (wait > 0) {
        throw tooManyRequests(wait, `Too many failed sign-in attempts. Please try again in ${wait} seconds.`);
      }
      // Counted as a failure before the (slow) password check, in the same tick as the check of
      // the limit, so a burst of parallel guesses cannot all slip under it.
      for (const key of keys) signInFailures.recordFailure(key);
      const user = await findUserByEmail(app.db, email);
      const passwordOk = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        request.body.password,
      );
      if (!user || !passwordOk) {
        request.log.info({ event: 'login.failed' }, 'sign-in refused');
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
      }
      signInFailures.clear(`email:${email}`);
      signInFailures.release(`ip:${request.ip}`);
      const refresh = await issueRefreshToken(app.db, user.id);
      setRefreshCookie(reply, refresh.token, refresh.expiresAt);
      const profile = await sessionUser(app.db, user.id);
      if (!profile) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
      return {
        accessToken: await app.accessTokens.sign(user),
        user: profile,
        isNewUser: user.mustChangePassword,
      };
    },
  );

  r.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token (the cookie rotates)',
        response: { 200: refreshResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthorized('Your session has expired. Please sign in again.');
      const result = await app.db.transaction((tx) => rotateRefreshToken(tx, presented));
      if (result.outcome !== 'rotated') {
        clearRefreshCookie(reply);
        if (result.outcome === 'reused') {
          request.log.warn(
            { event: 'refresh.reused', userId: result.userId },
            'refresh token reused: family revoked',
          );
          await writeAudit(app.db, {
            actorUserId: result.userId,
            action: 'session.refreshTokenReused',
            entity: 'user',
            entityId: result.userId,
          });
        }
        throw unauthorized('Your session has expired. Please sign in again.');
      }
      const [user] = await app.db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.id, result.userId));
      if (!user) throw unauthorized('Your session has expired. Please sign in again.');
      setRefreshCookie(reply, result.token, result.expiresAt);
      return { accessToken: await app.accessTokens.sign(user) };
    },
  );

  r.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the refresh token and those rotated from the same sign-in',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await revokeRefreshTokenFamily(app.db, presented);
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/forget-password',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (answers the same whether or not the e-mail exists)',
        body: forgetPasswordRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (user) {
        const token = newOpaqueToken();
        const now = new Date();
        await app.db.transaction(async (tx) => {
          // Only the latest link works: an older e-mail lying in an inbox is no longer a key.
          await tx
            .update(passwordResetTokens)
            .set({ usedAt: now })
            .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
          await tx.insert(passwordResetTokens).values({
            userId: user.id,
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          });
        });
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const message = {
          to: user.email,
          subject: 'Reset your password',
          text: `Hello ${user.fullName},\n\nSomeone asked to reset the password of your HR account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
        };
        // Delivery happens after the answer, so the time taken does not tell whether the e-mail exists.
        mailer
          .send(message)
          .catch((error: unknown) => request.log.error({ err: error }, 'reset e-mail failed'));
      }
      return { message: 'If an account exists for this email, a reset link has been sent.' };
    },
  );

  r.post(
    '/reset-password',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token (single use, one hour)',
        body: resetPasswordRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { token, newPassword } = request.body;
      const passwordHash = await hashPassword(newPassword);
      const now = new Date();
      await app.db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) throw badRequest(INVALID_RESET_MESSAGE);
        await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false, tokensValidFrom: now })
          .where(eq(users.id, used.userId));
        await revokeAllRefreshTokens(tx, used.userId, now);
        await writeAudit(tx, {
          actorUserId: used.userId,
          action: 'user.passwordReset',
          entity: 'user',
          entityId: used.userId,
        });
      });
      return { message: 'Password reset successful.' };
    },
  );

  r.post(
    '/change-password',
    {
      preHandler: app.authenticateAllowingNewUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the own password; every other session is signed out',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: { 200: refreshResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const [row] = await app.db.select().from(users).where(eq(users.id, me.id));
      if (!row || !(await verifyPassword(row.passwordHash, request.body.currentPassword))) {
        throw badRequest('Current password is incorrect.');
      }
      if (request.body.currentPassword === request.body.newPassword) {
        throw badRequest('New password must be different from the current password.');
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      // Tokens count from whole seconds, so the cut-off is the start of this second and the
      // access token issued below stays valid while every earlier one stops working.
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      const refresh = await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false, tokensValidFrom: now })
          .where(eq(users.id, me.id));
        await revokeAllRefreshTokens(tx, me.id);
        await writeAudit(tx, {
          actorUserId: me.id,
          action: 'user.passwordChanged',
          entity: 'user',
          entityId: me.id,
        });
        return issueRefreshToken(tx, me.id);
      });
      setRefreshCookie(reply, refresh.token, refresh.expiresAt);
      return { accessToken: await app.accessTokens.sign(me, now) };
    },
  );

  r.post(
    '/register',
    {
      preHandler: [app.authenticate, app.requireRole('ADMIN')],
      schema: {
        tags: ['auth'],
        summary: 'Register an account with a temporary password (ADMIN)',
        security: [{ bearerAuth: [] }],
        body: registerRequestSchema(config.companyEmailDomain),
        response: { 201: registerResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const { fullName, email, role, password } = request.body;
      if (await findUserByEmail(app.db, email)) throw conflict('An account with this email already exists.');
      const passwordHash = await hashPassword(password);
      const created = await app.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ fullName, email: email.toLowerCase(), role, passwordHash, mustChangePassword: true })
          .returning({ id: users.id, fullName: users.fullName, role: users.role });
        if (!user) throw new Error('insert returned no row');
        await writeAudit(tx, {
          actorUserId: admin.id,
          action: 'user.registered',
          entity: 'user',
          entityId: user.id,
          details: { role },
        });
        return user;
      });
      return reply.code(201).send(created);
    },
  );
}
