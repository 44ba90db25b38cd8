import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  refreshResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
} from '../../domain/auth';
import type { Config } from '../config';
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from '../lib/device-cookies';
import { actorOf } from '../plugins/access';
import {
  type AuthDeps,
  changePassword,
  type IssuedRefresh,
  refreshSession,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
} from '../services/auth';
import { registerUser } from '../services/users';
import { errorResponses } from './schemas';

export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/auth';

export interface AuthRoutesOptions {
  config: Config;
  deps: AuthDeps;
}

export async function authRoutes(app: FastifyInstance, { config, deps }: AuthRoutesOptions) {
  // The refresh and device cookies are these routes' alone: registered here, cookies are parsed and
  // written for /api/auth only, not on every other request.
  await app.register(cookie);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.secureCookies,
  };
  const setRefreshCookie = (reply: FastifyReply, refresh: IssuedRefresh) =>
    reply.setCookie(REFRESH_COOKIE, refresh.token, { ...cookieOptions, expires: refresh.expiresAt });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, cookieOptions);

  r.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { refresh, device, ...answer } = await signIn(
        app.db,
        { ...request.body, ip: request.ip, cookies: request.cookies },
        deps,
      );
      setRefreshCookie(reply, refresh);
      reply.setCookie(device.name, device.value, {
        ...cookieOptions,
        path: `${REFRESH_COOKIE_PATH}/login`,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      return answer;
    },
  );

  r.post(
    '/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token (the cookie rotates)',
        response: { 200: refreshResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      try {
        const { refresh, accessToken } = await refreshSession(
          app.db,
          { refreshToken: request.cookies[REFRESH_COOKIE] },
          deps,
        );
        setRefreshCookie(reply, refresh);
        return { accessToken };
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  r.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the refresh token and those rotated from the same sign-in',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await signOut(app.db, { refreshToken: request.cookies[REFRESH_COOKIE] });
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/forget-password',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (answers the same whether or not the e-mail exists)',
        body: forgetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
      // The look-up, the token and the e-mail happen once the answer is sent, so the time taken
      // does not tell whether the account exists.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        await requestPasswordReset(app.db, request.body, deps).catch((error: unknown) =>
          request.log.error({ err: error }, 'password reset request failed'),
        );
      },
    },
    async () => ({ message: 'If an account exists for this email, a reset link has been sent.' }),
  );

  r.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token (single use, one hour)',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body);
      return { message: 'Password reset successful.' };
    },
  );

  r.post(
    '/change-password',
    {
      config: { access: 'signedIn', allowTemporaryPassword: true },
      schema: {
        tags: ['auth'],
        summary: 'Change the own password; every other session is signed out',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: { 200: refreshResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { refresh, accessToken } = await changePassword(app.db, actorOf(request), request.body, deps);
      setRefreshCookie(reply, refresh);
      return { accessToken };
    },
  );

  r.post(
    '/register',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auth'],
        summary: 'Register an account with a temporary password (ADMIN)',
        security: [{ bearerAuth: [] }],
        body: registerRequestSchema(config.companyEmailDomain),
        response: { 201: registerResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerUser(app.db, actorOf(request), request.body)),
  );
}
