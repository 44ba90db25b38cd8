import * as z from 'zod/mini';

/** POST /imports/staff/invite (issue 38): at most this many staff are e-mailed their sign-in link by one invite request. */
export const INVITE_MAX_USERS = 5000;

export const inviteRequestSchema = z.object({
  userIds: z
    .array(z.number().check(z.int(), z.positive()))
    .check(
      z.minLength(1, { error: 'Name at least one staff member.' }),
      z.maxLength(INVITE_MAX_USERS, { error: `At most ${INVITE_MAX_USERS} staff at a time.` }),
    ),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const inviteAnswerSchema = z.object({ invited: z.number() });
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;
