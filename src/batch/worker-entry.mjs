// Piscina worker entry, plain JavaScript on purpose: worker threads do not inherit the tsx
// loader that bin/klondike installs with register(), so each thread installs its own before
// importing the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
const { default: solveDeal } = await import('./worker.ts');
export default solveDeal;
