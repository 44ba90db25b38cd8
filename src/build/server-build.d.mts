export function isServerStale(root: string, outDir: string): boolean;
export function ensureServerBuilt(
  root: string,
  options?: { outDir?: string; log?: (message: string) => void },
): Promise<void>;
