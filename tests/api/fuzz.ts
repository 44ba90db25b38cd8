import { createUser, nextAddress, signIn, type TestApp } from './harness';

// A fuzzer driven by the app's own OpenAPI document: every operation gets malformed bodies, wrong
// types, boundary and oversized values, control characters, injection strings and path tricks,
// as anonymous, STAFF and ADMIN. Deterministic for a given seed. Used by `npm test` (fuzz.test.ts,
// about 2,000 requests) and `npm run fuzz` (20,000).

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /users/{id}. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    >
  >;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** mulberry32: a small, fast, seedable generator; enough for test inputs. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b@company.test',
  '\u0007bell',
  '\u001b[31mred',
  'line\nbreak',
  'tab\there',
  '\u202eevil',
  '\ud800',
  '\uffff',
  '😀'.repeat(50),
  "' OR '1'='1",
  "'; DROP TABLE users;--",
  '" OR ""="',
  '<script>alert(1)</script>',
  ['$', '{7*7}'].join(''),
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '\\',
  'null',
  'NaN',
  '-1',
  '2147483648',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'admin@company.test',
  'ADMIN',
];
const NASTY_NUMBERS = [
  0,
  -1,
  1,
  0.5,
  -0,
  2147483647,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1e-300,
];
const NASTY_VALUES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [[[[]]]],
  JSON.parse('{"__proto__":{"admin":true}}'),
  ['a', 'b'],
];
const PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '007',
  'abc',
  "'",
  '%00',
  '%2e%2e%2f',
  '..',
  '9'.repeat(50),
  '9'.repeat(101),
  '2147483647',
  '2147483648',
  '%E0%A4%A',
  encodeURIComponent('😀'),
  encodeURIComponent("1' OR 1=1--"),
  encodeURIComponent('<script>'),
];
const CONTENT_TYPES = [
  'application/json',
  // The month's hours upload reads text/csv (issue 36 item 5): fuzzed text reaches its parser too.
  'text/csv',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  'application/xml',
];

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** A value the schema accepts, as far as a JSON schema can say (refinements aside). */
function validValue(schema: JsonSchema | undefined, name: string, r: Random, ids: number[]): unknown {
  if (!schema) return 'x';
  if (schema.enum) return r.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return validValue(r.pick(alternatives.filter((s) => s.type !== 'null')), name, r, ids);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return /id$/i.test(name)
        ? r.pick(ids)
        : Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 100, 1 + r.int(50)));
    case 'boolean':
      return r.chance(0.5);
    case 'array':
      return [validValue(schema.items, name, r, ids)];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || r.chance(0.5)) value[key] = validValue(property, key, r, ids);
      }
      return value;
    }
    default: {
      if (schema.pattern === '^[1-9]\\d{0,9}$') return String(r.pick(ids));
      if (/email/i.test(name)) return `fuzz${r.int(1000)}@company.test`;
      if (/password/i.test(name)) return `Fuzz-pass-${r.int(100000)}`;
      const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 1 + r.int(12)));
      return 'abcdefghij'.repeat(Math.ceil(length / 10)).slice(0, length);
    }
  }
}

/** Something for one field that it should refuse, or that probes its edges. */
function nastyValue(schema: JsonSchema | undefined, r: Random): unknown {
  const max = schema?.maxLength;
  const roll = r.int(10);
  if (roll < 4) return r.pick(NASTY_STRINGS);
  if (roll < 6) return r.pick(NASTY_NUMBERS);
  if (roll < 7) return r.pick(NASTY_VALUES);
  if (roll < 8 && max !== undefined) return 'm'.repeat(max + r.pick([0, 1, 100]));
  if (roll < 9) return 'o'.repeat(r.pick([300, 6000, 70_000]));
  return nested(r.pick([20, 200]));
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  caller: 'anonymous' | 'staff' | 'admin';
  operation: string;
}

function buildRequest(op: Operation, r: Random, ids: number[], tokens: Record<string, string>): FuzzRequest {
  const caller = r.pick(['anonymous', 'staff', 'admin'] as const);
  const headers: Record<string, string> = {};
  if (caller !== 'anonymous') headers.authorization = `Bearer ${tokens[caller]}`;
  else if (r.chance(0.1))
    headers.authorization = r.pick(['Bearer x', 'Basic YTpi', `Bearer ${'a'.repeat(2000)}`, 'Bearer a.b.c']);

  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
    return r.chance(0.5)
      ? encodeURIComponent(String(validValue(parameter?.schema, name, r, ids)))
      : r.pick(PATH_VALUES);
  });
  if (r.chance(0.08))
    path = r.pick([`${path}/`, `${path}/../users`, path.replace('/', '//'), `${path}%2F1`, `${path};x`]);

  const query = new URLSearchParams();
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    if (r.chance(0.5)) continue;
    const value = r.chance(0.5)
      ? validValue(parameter.schema, parameter.name, r, ids)
      : nastyValue(parameter.schema, r);
    query.append(parameter.name, typeof value === 'string' ? value : JSON.stringify(value));
    if (r.chance(0.1)) query.append(parameter.name, 'again');
  }
  if (r.chance(0.1))
    query.append(r.pick(['__proto__[admin]', 'constructor', 'token', 'id']), r.pick(NASTY_STRINGS));

  let payload: string | undefined;
  if (op.body || r.chance(0.2)) {
    const body = validValue(op.body ?? { type: 'object' }, 'body', r, ids) as Record<string, unknown>;
    const keys = Object.keys(op.body?.properties ?? {});
    switch (r.int(8)) {
      case 0: // valid as far as the schema says
        break;
      case 1: // a required field missing
        if (keys.length > 0) delete body[r.pick(keys)];
        break;
      case 2: // extra and dangerous fields
        Object.assign(
          body,
          JSON.parse('{"__proto__":{"role":"ADMIN"},"constructor":{"prototype":{}},"id":1,"role":"ADMIN"}'),
        );
        break;
      default: {
        // one or two fields replaced by something nasty
        for (let i = 0; i < 1 + r.int(2) && keys.length > 0; i++) {
          const key = r.pick(keys);
          body[key] = nastyValue(op.body?.properties?.[key], r);
        }
      }
    }
    const shape = r.int(20);
    payload =
      shape === 0
        ? '{"broken": '
        : shape === 1
          ? ''
          : shape === 2
            ? JSON.stringify(r.pick(NASTY_VALUES))
            : shape === 3
              ? `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
              : JSON.stringify(body);
    headers['content-type'] = r.chance(0.9) ? 'application/json' : r.pick(CONTENT_TYPES);
  }
  const search = query.toString();
  return {
    method: r.chance(0.03) ? r.pick(['PUT', 'OPTIONS', 'TRACE', 'PATCH']) : op.method,
    url: `/api${path}${search ? `?${search}` : ''}`,
    headers,
    payload,
    caller,
    operation: `${op.method} ${op.path}`,
  };
}

export interface FuzzProblem {
  request: FuzzRequest;
  statusCode: number;
  body: string;
  reason: string;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<number, number>;
  byOperation: Record<string, number>;
  problems: FuzzProblem[];
}

// SQL as the driver writes it (quoted identifiers), not the words of a message ('Please select a start
// date', 'a date from 2000 to 2100').
const LEAKS =
  /Failed query|\$argon2|\bselect\s+(?:"|\*|distinct\b)[\s\S]*\bfrom\s+"|insert into|node_modules|\.ts:\d+|ZodError|stack/i;

/** Why an answer breaks the rules (a 5xx, an error off the shape, a leak), or null. */
export function judge(statusCode: number, body: string): string | null {
  if (statusCode >= 500) return 'server error';
  if (statusCode < 400) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'error body is not JSON';
  }
  // {statusCode, error, message}, and a refusal's machine-readable code and field (every 400 has a code).
  const all = parsed && typeof parsed === 'object' ? Object.keys(parsed).sort() : [];
  const keys = all.filter((key) => key !== 'code' && key !== 'field').join(',');
  if (keys !== 'error,message,statusCode' || all.length === 0)
    return `error body has keys ${all.join(',') || typeof parsed}`;
  const { statusCode: status, error, message, code, field } = parsed as Record<string, unknown>;
  if (status !== statusCode) return `statusCode ${String(status)} in a ${statusCode} answer`;
  if (typeof error !== 'string' || typeof message !== 'string' || message === '')
    return 'empty error or message';
  if (LEAKS.test(message)) return 'message leaks internals';
  if (statusCode === 400 && (typeof code !== 'string' || code === '')) return 'a 400 without a code';
  if (code !== undefined && typeof code !== 'string') return 'a code that is no string';
  if (field !== undefined && (typeof field !== 'string' || field === '')) return 'an empty field';
  return null;
}

/**
 * Signs in a STAFF and an ADMIN of their own, creates a few other users to aim at, then sends
 * `budget` requests spread over every operation of the app's OpenAPI document.
 */
export async function fuzz(
  t: TestApp,
  { seed, budget }: { seed: number; budget: number },
): Promise<FuzzReport> {
  const staff = await createUser(t);
  const admin = await createUser(t, { role: 'ADMIN' });
  const tokens = {
    staff: (await signIn(t, staff.email, staff.password)).accessToken,
    admin: (await signIn(t, admin.email, admin.password)).accessToken,
  };
  // Ids to aim at: other users (so an ADMIN DELETE does not remove the callers) and none at all.
  const ids = [2147483647, 999_999];
  for (let i = 0; i < 4; i++) ids.push((await createUser(t)).id);

  const operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
  const r = random(seed);
  // A few client addresses, so the per-address limits are reached and their 429s exercised too.
  const addresses = Array.from({ length: 4 }, () => nextAddress());
  const report: FuzzReport = { requests: 0, byStatus: {}, byOperation: {}, problems: [] };
  for (let i = 0; i < budget; i++) {
    const op = operations[i % operations.length] as Operation;
    const request = buildRequest(op, r, ids, tokens);
    const response = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      remoteAddress: r.pick(addresses),
    });
    report.requests += 1;
    report.byStatus[response.statusCode] = (report.byStatus[response.statusCode] ?? 0) + 1;
    report.byOperation[request.operation] = (report.byOperation[request.operation] ?? 0) + 1;
    const reason = judge(response.statusCode, response.body);
    if (reason)
      report.problems.push({
        request,
        statusCode: response.statusCode,
        body: response.body.slice(0, 300),
        reason,
      });
  }
  return report;
}
