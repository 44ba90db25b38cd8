import { describe, expect, it } from 'vitest';
import { accessTokens } from '../../src/server/services/tokens';

describe('access tokens', () => {
  const tokens = accessTokens('a-test-secret-of-at-least-32-characters!');

  it('carry the user, role, session and a millisecond issue time', async () => {
    const issued = new Date('2026-03-02T01:02:03.456Z');
    const token = await tokens.sign({ id: 7, role: 'STAFF' }, 'session-1', issued);
    expect(await tokens.verify(token, issued.getTime() + 1000)).toEqual({
      userId: 7,
      role: 'STAFF',
      sessionId: 'session-1',
      issuedAtMs: issued.getTime(),
    });
  });

  it('stop being accepted when they expire, also after they were verified once', async () => {
    const issued = new Date();
    const token = await tokens.sign({ id: 8, role: 'ADMIN' }, 'session-2', issued);
    expect(await tokens.verify(token, issued.getTime() + 60_000)).not.toBeNull();
    expect(await tokens.verify(token, issued.getTime() + 15 * 60_000 + 1000)).toBeNull();
  });

  it('are refused when signed with another key or altered', async () => {
    const other = accessTokens('another-secret-of-at-least-32-characters');
    const token = await other.sign({ id: 9, role: 'ADMIN' }, 'session-3');
    expect(await tokens.verify(token)).toBeNull();
    const own = await tokens.sign({ id: 9, role: 'STAFF' }, 'session-3');
    const [head, , signature] = own.split('.');
    const promoted = Buffer.from(JSON.stringify({ role: 'ADMIN', sid: 'session-3', sub: '9' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${head}.${promoted}.${signature}`)).toBeNull();
  });
});
