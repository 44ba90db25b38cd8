import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEND_POLICY } from '../../src/server/services/payroll/emails';
import { fuzz, judge, operationsOf } from './fuzz';
import { createTestApp, type TestApp } from './harness';

// Every operation of the OpenAPI document, fuzzed with a fixed seed and a bounded budget:
// no 5xx, every error in the {statusCode, error, message} shape, nothing internal leaked.
// `npm run fuzz` runs the same with a budget of 20,000 and prints the counts.

let t: TestApp;
beforeAll(async () => {
  // With the job queue running, as in production: sending payslips is one of the operations.
  t = await createTestApp({}, {}, { policy: DEFAULT_SEND_POLICY });
});
afterAll(async () => {
  await t.close();
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers 2,000 hostile requests without a server error or an off-shape error', async () => {
    const report = await fuzz(t, { seed: 20260122, budget: 2000 });
    const all = operationsOf(t.app.swagger() as never).map((op) => `${op.method} ${op.path}`);
    expect(Object.keys(report.byOperation).sort()).toEqual(all.sort());
    // Enough of the budget got past validation to reach the services, not only 400s.
    expect(Object.keys(report.byStatus).length).toBeGreaterThan(5);
    expect(report.problems.slice(0, 10)).toEqual([]);
  }, 120_000);

  it('judges answers by the rules above', () => {
    expect(judge(200, '{"anything":1}')).toBeNull();
    expect(
      judge(404, '{"statusCode":404,"error":"Not Found","message":"Route GET:/x not found"}'),
    ).toBeNull();
    expect(judge(500, '{"statusCode":500,"error":"Internal Server Error","message":"x"}')).toBe(
      'server error',
    );
    expect(judge(414, '{"error":"URI Too Long","code":"FST_ERR","message":"x"}')).toMatch(/keys/);
    expect(judge(400, '{"statusCode":400,"error":"Bad Request","message":"Failed query: select 1"}')).toMatch(
      /leaks/,
    );
    expect(judge(400, '{"statusCode":400,"error":"Bad Request","message":"x"}')).toBe('a 400 without a code');
    expect(
      judge(
        400,
        '{"statusCode":400,"error":"Bad Request","message":"x","code":"VALIDATION","field":"email"}',
      ),
    ).toBeNull();
    const bad = (message: string) =>
      JSON.stringify({ statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION' });
    expect(judge(400, bad('select "id", "email" from "users" where "id" = $1'))).toMatch(/leaks/);
    // Plain words are not SQL: a validation message may say 'select' and 'from'.
    expect(
      judge(400, bad('fromDate: Please select a start date toDate: must be a date from 2000 to 2100')),
    ).toBeNull();
  });
});
