import { afterEach, describe, expect, it, vi } from 'vitest';
import { timedStep } from '../../src/build/progress.mjs';

const words = {
  starting: 'Building...',
  ticking: (s: number) => `still building: ${s} s`,
  finished: (s: number) => `built in ${s} s`,
};

describe('a long start-up step shows its progress (issue 34: npm start builds for minutes with no sign)', () => {
  afterEach(() => vi.useRealTimers());

  it('says when it starts, every 10 s while it runs, and how long it took', async () => {
    vi.useFakeTimers();
    const said: string[] = [];
    let finish = () => {};
    const step = timedStep(words, () => new Promise<void>((resolve) => (finish = resolve)), {
      log: (line) => said.push(line),
    });
    expect(said).toEqual(['Building...']);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(said).toEqual(['Building...', 'still building: 10 s', 'still building: 20 s']);
    await vi.advanceTimersByTimeAsync(71_000);
    finish();
    await step;
    // 96 s in all: nine ticks, then the total; no tick after the end.
    expect(said.at(-1)).toBe('built in 96 s');
    expect(said).toHaveLength(1 + 9 + 1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(said).toHaveLength(11);
  });

  it('stops ticking when the step fails, and passes the failure on', async () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const failing = timedStep(words, () => Promise.reject(new Error('vite failed')), {
      log: (line) => said.push(line),
    });
    await expect(failing).rejects.toThrow('vite failed');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(said).toEqual(['Building...']);
  });
});
