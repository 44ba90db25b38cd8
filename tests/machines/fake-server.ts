/**
 * HTTP answered at the fetch level: the app's real API client calls this instead of the network, and each
 * test step decides when and how a request is answered. Requests stay pending until answered.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
  answered: boolean;
}

/** Matches a GET of this path (for `autoAnswer`). */
export const getOf = (path: string) => (request: RecordedRequest) =>
  request.method === 'GET' && request.path === path;

/** Matches only the first request `matches` matches: a screen that asks twice, answered the first time. */
export function firstOf(matches: (request: RecordedRequest) => boolean) {
  let seen = false;
  return (request: RecordedRequest) => {
    if (seen || !matches(request)) return false;
    seen = true;
    return true;
  };
}

interface PendingRequest extends RecordedRequest {
  respond(status: number, body?: unknown): void;
}

type AutoAnswer = {
  matches: (request: RecordedRequest) => boolean;
  status: number;
  /** The answer, or how the answer follows from the request (the year it asks for, say). */
  body: unknown;
};

export interface FakeServer {
  fetch: typeof globalThis.fetch;
  requests: readonly RecordedRequest[];
  pending(method?: string, path?: string): RecordedRequest[];
  /** Answers the oldest pending request for method and path; fails the test when there is none. */
  answer(method: string, path: string, status: number, body?: unknown): RecordedRequest;
  /** Answers the newest pending request for method and path (an earlier one still waits). */
  answerLatest(method: string, path: string, status: number, body?: unknown): RecordedRequest;
  /** Answers matching requests as soon as they arrive (with `body`, or what it makes of the request). */
  autoAnswer(
    matches: AutoAnswer['matches'],
    status: number,
    body?: unknown | ((request: RecordedRequest) => unknown),
  ): void;
}

function respondWith(status: number, body: unknown): Response {
  const empty = body === undefined || status === 204;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    headers: empty ? {} : { 'content-type': 'application/json' },
  });
}

export function createFakeServer(): FakeServer {
  const requests: PendingRequest[] = [];
  const autoAnswers: AutoAnswer[] = [];

  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const raw = init?.body;
    let body: unknown = raw;
    if (typeof raw === 'string') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    return new Promise<Response>((resolve) => {
      const parsed = new URL(url, 'http://localhost');
      const request: PendingRequest = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: new Headers(init?.headers),
        credentials: init?.credentials,
        body,
        answered: false,
        respond(status, answer) {
          request.answered = true;
          resolve(respondWith(status, answer));
        },
      };
      requests.push(request);
      const auto = autoAnswers.find((a) => a.matches(request));
      if (auto) {
        const answer = typeof auto.body === 'function' ? auto.body(request) : auto.body;
        request.respond(auto.status, answer);
      }
    });
  };

  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    pending: (method, path) =>
      requests.filter((r) => !r.answered && (!method || r.method === method) && (!path || r.path === path)),
    answer(method, path, status, body) {
      const request = requests.find((r) => !r.answered && r.method === method && r.path === path);
      if (!request) {
        const open = requests.filter((r) => !r.answered).map((r) => `${r.method} ${r.path}`);
        throw new Error(`No pending ${method} ${path} to answer (pending: ${open.join(', ') || 'none'})`);
      }
      request.respond(status, body);
      return request;
    },
    answerLatest(method, path, status, body) {
      const request = requests.findLast((r) => !r.answered && r.method === method && r.path === path);
      if (!request) throw new Error(`No pending ${method} ${path} to answer`);
      request.respond(status, body);
      return request;
    },
    autoAnswer(matches, status, body) {
      autoAnswers.push({ matches, status, body });
    },
  };
}
