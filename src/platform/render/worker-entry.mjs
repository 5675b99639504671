// The render worker's entry: plain JS so Node can start it; it registers tsx and loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
