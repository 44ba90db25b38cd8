export interface StepWords {
  starting: string;
  ticking: (seconds: number) => string;
  finished: (seconds: number) => string;
}

export function timedStep<T>(
  words: StepWords,
  work: () => Promise<T>,
  options?: { log?: (message: string) => void; tickMs?: number; now?: () => number },
): Promise<T>;
