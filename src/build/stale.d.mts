export function isOutdated(root: string, sources: readonly string[], marker: string): boolean;
