import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Makes the database reachable from every route; the caller owns opening and closing it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    app.decorate('db', options.db);
  },
  { name: 'db' },
);
