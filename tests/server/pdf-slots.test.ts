import { withPdfSlot } from '../../src/server/lib/pdf-slots';

/**
 * Issue 33 item 8: a user has two PDFs in preparation at once; up to sixteen more wait their turn, in
 * order, for at most ten seconds; only a request beyond that queue, or one that waited too long, is
 * answered 429 (retry after 2 s).
 */

/** A PDF whose preparation ends when the test says so. */
function preparation() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { started: false, finish, done };
}

/** Asks for `count` PDFs of one user at once; each records when it starts and how it ends. */
function ask(userId: number, count: number) {
  const pdfs = Array.from({ length: count }, preparation);
  const answers = pdfs.map((pdf, index) =>
    withPdfSlot(userId, async () => {
      pdf.started = true;
      await pdf.done;
      return index;
    }).then(
      (value) => ({ value }),
      (error: { statusCode?: number; headers?: Record<string, string> }) => ({ error }),
    ),
  );
  return { pdfs, answers };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

it('prepares two at once, lets sixteen wait in order, and refuses only beyond them', async () => {
  const { pdfs, answers } = ask(1, 20);
  await turn();
  expect(pdfs.map((pdf) => pdf.started)).toEqual([true, true, ...Array(18).fill(false)]);
  // The nineteenth and twentieth find two in preparation and sixteen waiting.
  for (const index of [18, 19]) {
    expect(await answers[index]).toEqual({
      error: expect.objectContaining({ statusCode: 429, headers: { 'retry-after': '2' } }),
    });
  }
  // Each finished PDF hands its slot to the first one waiting.
  pdfs[1]?.finish();
  await turn();
  expect(pdfs.map((pdf) => pdf.started).slice(0, 4)).toEqual([true, true, true, false]);
  for (const pdf of pdfs.slice(0, 18)) pdf.finish();
  for (let round = 0; round < 20; round += 1) await turn();
  expect(await Promise.all(answers.slice(0, 18))).toEqual(
    Array.from({ length: 18 }, (_, value) => ({ value })),
  );
});

it("keeps users apart: one user's queue does not hold another's PDFs back", async () => {
  const busy = ask(2, 18);
  const other = ask(3, 1);
  await turn();
  expect(other.pdfs[0]?.started).toBe(true);
  other.pdfs[0]?.finish();
  expect(await other.answers[0]).toEqual({ value: 0 });
  for (const pdf of busy.pdfs) pdf.finish();
  await Promise.all(busy.answers);
});

it('answers 429 to a request that waited ten seconds, and its place goes to the next', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { pdfs, answers } = ask(4, 4);
  await turn();
  vi.advanceTimersByTime(9_999);
  await turn();
  expect(pdfs.map((pdf) => pdf.started)).toEqual([true, true, false, false]);
  vi.advanceTimersByTime(1);
  expect(await answers[2]).toEqual({ error: expect.objectContaining({ statusCode: 429 }) });
  expect(await answers[3]).toEqual({ error: expect.objectContaining({ statusCode: 429 }) });
  // Those two gave up; the slots are free again once the first two finish.
  pdfs[0]?.finish();
  pdfs[1]?.finish();
  expect(await Promise.all(answers.slice(0, 2))).toEqual([{ value: 0 }, { value: 1 }]);
  const later = ask(4, 2);
  await turn();
  expect(later.pdfs.map((pdf) => pdf.started)).toEqual([true, true]);
  for (const pdf of later.pdfs) pdf.finish();
  await Promise.all(later.answers);
});
