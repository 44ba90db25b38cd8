// Runs in the dom project (jsdom): the client is browser code. No JSX here; the extension only picks the project.
import { Blob as NodeBlob } from 'node:buffer';
import { FetchError } from 'ofetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshQueue } from '../../src/actors/refresh-queue';
import { createAuthApi } from '../../src/api/auth.api';
import { type ApiClient, createApiClient } from '../../src/api/client';
import { ApiRequestError, normalizeApiError } from '../../src/api/errors';
import { createLeaveApi } from '../../src/api/leave.api';
import { asPdf } from '../../src/api/payslips.api';
import { createStaffRecordsApi } from '../../src/api/staff-records.api';
import { createUsersApi } from '../../src/api/users.api';
import { toApiError } from '../../src/domain/api-error';
import { createFakeServer, type FakeServer } from '../machines/fake-server';

type LeaveApi = ReturnType<typeof createLeaveApi>;

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('normalizeApiError (spec section 8)', () => {
  const withResponse = (data: unknown) => {
    const error = new FetchError('[GET] "/api/x": 400 Bad Request');
    Object.assign(error, { response: new Response(null, { status: 400 }), data, status: 400 });
    return error;
  };

  it('reads message, error and statusCode from the response body', () => {
    const error = normalizeApiError(withResponse({ statusCode: 409, error: 'Conflict', message: 'Taken.' }));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect({ ...error, message: error.message }).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      message: 'Taken.',
    });
  });

  it("keeps a refusal's machine-readable code and the field at fault, and toApiError keeps them too", () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Current password is incorrect.',
      code: 'CURRENT_PASSWORD_INCORRECT',
      field: 'currentPassword',
    };
    const error = normalizeApiError(withResponse(body));
    expect({ ...error, message: error.message }).toMatchObject(body);
    expect(toApiError(error)).toEqual(body);
    const plain = normalizeApiError(withResponse({ statusCode: 409, error: 'Conflict', message: 'Taken.' }));
    expect(toApiError(plain)).toEqual({ statusCode: 409, error: 'Conflict', message: 'Taken.' });
  });

  it('defaults to An error occurred / Please try again later / 500 when the body says nothing', () => {
    const error = normalizeApiError(withResponse('<html>oops</html>'));
    expect([error.message, error.error, error.statusCode]).toEqual([
      'An error occurred',
      'Please try again later',
      500,
    ]);
  });

  it('uses a per-call fallback message when the server gives none', () => {
    const error = normalizeApiError(withResponse({}), 'Failed to fetch leave types');
    expect(error.message).toBe('Failed to fetch leave types');
  });

  it('without a response: the error’s own message, Something went wrong..., 500', () => {
    const network = new FetchError('[POST] "/api/auth/login": <no response> Failed to fetch', {
      cause: new TypeError('Failed to fetch'),
    });
    const error = normalizeApiError(network);
    expect([error.message, error.error, error.statusCode]).toEqual([
      'Failed to fetch',
      'Something went wrong. Please try again later.',
      500,
    ]);
    expect(normalizeApiError(new Error('')).message).toBe('An error occurred');
    expect(normalizeApiError('weird').message).toBe('An error occurred');
  });
});

describe('the API client', () => {
  let server: FakeServer;
  let client: ApiClient;
  let token: string | null;

  beforeEach(() => {
    server = createFakeServer();
    vi.stubGlobal('fetch', server.fetch);
    client = createApiClient('/api');
    token = 'old-token';
  });
  afterEach(() => vi.unstubAllGlobals());

  const connect = (refresh: () => Promise<string>) =>
    client.connect({ getAccessToken: () => token }, refresh);

  it('sends cookies, the base address and the bearer of the stored token', async () => {
    connect(() => Promise.reject(new Error('no refresh')));
    const answer = client.request('/users/7');
    await flush();
    const [request] = server.pending('GET', '/api/users/7');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('authorization')).toBe('Bearer old-token');
    server.answer('GET', '/api/users/7', 200, { id: 7 });
    await expect(answer).resolves.toEqual({ id: 7 });
  });

  it('sends no bearer without a token, and a 401 then is returned as it is (a refused sign-in)', async () => {
    token = null;
    const refresh = vi.fn(() => Promise.resolve('new'));
    connect(refresh);
    const auth = createAuthApi(client);
    const answer = auth.login({ email: 'a@company.test', password: 'x' });
    await flush();
    const [request] = server.pending('POST', '/api/auth/login');
    expect(request?.headers.get('authorization')).toBeNull();
    server.answer('POST', '/api/auth/login', 401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid email or password.',
    });
    await expect(answer).rejects.toMatchObject({ statusCode: 401, message: 'Invalid email or password.' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('on a 401 waits for one refresh, then retries each waiting request once with the new bearer', async () => {
    const queue = createRefreshQueue();
    const expired: string[] = [];
    connect(() =>
      queue.wait((event) => {
        expired.push(event.requestId);
      }),
    );
    const first = client.request('/users/1');
    const second = client.request('/users/2');
    await flush();
    server.answer('GET', '/api/users/1', 401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    server.answer('GET', '/api/users/2', 401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    await flush();
    expect(expired).toHaveLength(2);
    token = 'new-token';
    queue.retry(expired, 'new-token');
    await flush();
    const retries = server.pending('GET');
    expect(retries.map((r) => [r.path, r.headers.get('authorization')])).toEqual([
      ['/api/users/1', 'Bearer new-token'],
      ['/api/users/2', 'Bearer new-token'],
    ]);
    server.answer('GET', '/api/users/1', 200, { id: 1 });
    // A second 401 after the retry goes back to the caller.
    server.answer('GET', '/api/users/2', 401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'still no',
    });
    await expect(first).resolves.toEqual({ id: 1 });
    await expect(second).rejects.toMatchObject({ statusCode: 401, message: 'still no' });
  });

  it('a request whose token was replaced while it was out retries at once with the current one', async () => {
    const refresh = vi.fn(() => Promise.resolve('unused'));
    connect(refresh);
    const answer = client.request('/users/3');
    await flush();
    token = 'refreshed-meanwhile';
    server.answer('GET', '/api/users/3', 401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    await flush();
    expect(server.pending('GET', '/api/users/3')[0]?.headers.get('authorization')).toBe(
      'Bearer refreshed-meanwhile',
    );
    server.answer('GET', '/api/users/3', 200, { id: 3 });
    await expect(answer).resolves.toEqual({ id: 3 });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a failed refresh returns the original 401 to the caller', async () => {
    const queue = createRefreshQueue();
    connect(() => queue.wait((event) => queue.fail([event.requestId])));
    const answer = client.request('/users/4');
    await flush();
    server.answer('GET', '/api/users/4', 401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    await expect(answer).rejects.toMatchObject({ statusCode: 401, message: 'expired' });
  });

  it('marks logout and refresh to skip the interceptor; refresh goes without a bearer', async () => {
    const refresh = vi.fn(() => Promise.resolve('new'));
    connect(refresh);
    const auth = createAuthApi(client);
    const logout = auth.logout();
    const refreshed = auth.refresh();
    await flush();
    const [out] = server.pending('POST', '/api/auth/logout');
    const [again] = server.pending('POST', '/api/auth/refresh');
    expect(out?.headers.get('x-skip-interceptor')).toBe('true');
    expect(out?.headers.get('authorization')).toBe('Bearer old-token');
    expect(again?.headers.get('x-skip-interceptor')).toBe('true');
    expect(again?.headers.get('authorization')).toBeNull();
    server.answer('POST', '/api/auth/logout', 401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'gone',
    });
    server.answer('POST', '/api/auth/refresh', 200, { accessToken: 'fresh' });
    await expect(logout).rejects.toMatchObject({ statusCode: 401 });
    await expect(refreshed).resolves.toEqual({ accessToken: 'fresh' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('typed endpoints: the forgot-password fallback text, users get (empty object on failure) and patch', async () => {
    connect(() => Promise.reject(new Error('no refresh')));
    const auth = createAuthApi(client);
    const users = createUsersApi(client);
    const forgot = auth.forgetPassword({ email: 'a@company.test' });
    const missing = users.get(99);
    const patched = users.update(5, { fullName: 'Nur Aina', email: 'nur.aina@company.test' });
    await flush();
    expect(server.pending('PATCH', '/api/users/5')[0]?.body).toEqual({
      fullName: 'Nur Aina',
      email: 'nur.aina@company.test',
    });
    server.answer('POST', '/api/auth/forget-password', 500, {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.answer('GET', '/api/users/99', 404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'User not found.',
    });
    server.answer('PATCH', '/api/users/5', 200, {
      id: 5,
      fullName: 'Nur Aina',
      email: 'nur.aina@company.test',
      role: 'STAFF',
      hireDate: null,
      staffInfo: null,
      employmentInfo: null,
      paymentInfo: null,
    });
    await expect(forgot).rejects.toMatchObject({ message: 'An error occurred. Please try again.' });
    await expect(missing).resolves.toEqual({});
    expect(logged).toHaveBeenCalled();
    await expect(patched).resolves.toMatchObject({ id: 5, fullName: 'Nur Aina' });
    logged.mockRestore();
  });
});

describe('spec section 7: the fallback messages when a 500 says nothing', () => {
  let server: FakeServer;
  beforeEach(() => {
    server = createFakeServer();
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['GET', '/api/leave-requests', 'Failed to fetch leave requests', (api: LeaveApi) => api.list()],
    [
      'GET',
      '/api/users/4/leave-requests',
      'Failed to fetch leave requests',
      (api: LeaveApi) => api.listOfUser(4),
    ],
    [
      'GET',
      '/api/leave-requests/count',
      'Failed to fetch leave requests count',
      (api: LeaveApi) => api.counts(),
    ],
    [
      'GET',
      '/api/users/4/leave-requests/count',
      'Failed to fetch leave requests count',
      (api: LeaveApi) => api.countsOfUser(4),
    ],
    ['GET', '/api/leave-types', 'Failed to fetch leave types', (api: LeaveApi) => api.types()],
    [
      'PATCH',
      '/api/leave-requests/9',
      'Failed to update leave request',
      (api: LeaveApi) => api.decide(9, true),
    ],
    ['DELETE', '/api/leave-requests/9', 'Failed to delete leave request', (api: LeaveApi) => api.remove(9)],
  ] as const)('%s %s: %s', async (method, path, message, call) => {
    const client = createApiClient('/api');
    client.connect({ getAccessToken: () => 'token' }, () => Promise.reject(new Error('no refresh')));
    const answer = call(createLeaveApi(client));
    await flush();
    server.answer(method, path, 500, {});
    await expect(answer).rejects.toMatchObject({ statusCode: 500, message });
  });

  it("DELETE /api/users/{id}: 'Failed to delete the user' (the spec's users.remove answers false instead)", async () => {
    const client = createApiClient('/api');
    client.connect({ getAccessToken: () => 'token' }, () => Promise.reject(new Error('no refresh')));
    const refused = createStaffRecordsApi(client).deleteUser(4);
    const quiet = createUsersApi(client).remove(5);
    await flush();
    server.answer('DELETE', '/api/users/4', 500, {});
    server.answer('DELETE', '/api/users/5', 500, {});
    await expect(refused).rejects.toMatchObject({ statusCode: 500, message: 'Failed to delete the user' });
    await expect(quiet).resolves.toBe(false);
  });

  it("a PDF answer that is no file: 'Unexpected response format'; an empty one: 'Failed to fetch blob data'", () => {
    expect(() => asPdf({ not: 'a file' })).toThrow('Unexpected response format');
    // Node's Blob: the fetch implementation's files are of its class, not the page's.
    expect(() => asPdf(new NodeBlob([]))).toThrow('Failed to fetch blob data');
    expect(asPdf(new NodeBlob(['%PDF-'])).size).toBe(5);
  });
});
