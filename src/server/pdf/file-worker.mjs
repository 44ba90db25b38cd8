// The IR8A file thread run from the sources (tsx: npm run dev, the tests): a worker starts without tsx,
// so it registers tsx first, then loads ./ir8a-file-thread.ts.
import { register } from 'tsx/esm/api';

register();
await import('./ir8a-file-thread.ts');
