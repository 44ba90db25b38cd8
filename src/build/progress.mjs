/**
 * Says how a long start-up step goes: a line when it starts, one every `tickMs` while it runs (a first
 * build of the web app takes about two minutes, and a silent terminal looks stuck), and one with the time
 * it took. Plain JavaScript: `npm start` runs it before anything is compiled.
 */
export async function timedStep(
  { starting, ticking, finished },
  work,
  { log = console.log, tickMs = 10_000, now = Date.now } = {},
) {
  const startedAt = now();
  const seconds = () => Math.round((now() - startedAt) / 1000);
  log(starting);
  const timer = setInterval(() => log(ticking(seconds())), tickMs);
  timer.unref?.();
  try {
    const result = await work();
    log(finished(seconds()));
    return result;
  } finally {
    clearInterval(timer);
  }
}
