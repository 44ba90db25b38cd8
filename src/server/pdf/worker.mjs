// A PDF worker thread of the server run from its sources (tsx: npm run dev, the tests). A worker starts
// without tsx, so it registers tsx first, then loads the drawing code. The compiled server's worker is
// dist-server/pdf-worker.js (src/server/pdf/pool.ts).
import { register } from 'tsx/esm/api';

register();
const { runTask } = await import('./render-task.ts');

export default runTask;
