// A PDF worker thread. The server runs TypeScript through tsx; a worker starts without it, so it
// registers tsx first, then loads the drawing code.
import { register } from 'tsx/esm/api';

register();
const { renderTask } = await import('./render-task.ts');

export default renderTask;
