// Piscina worker entry used only when the pool runs from the TypeScript sources (benchmarks under
// tsx, and vitest without KLONDIKE_THREADS_FROM_DIST; see workerEntry() in pool.ts). Worker
// threads do not inherit a loader from the main thread, so each thread installs tsx (a
// development dependency) before importing the TypeScript worker. The compiled package never
// loads this file: its threads load dist/batch/worker.js directly.
import { register } from 'tsx/esm/api';

register();
const { default: solveDeal } = await import('./worker.ts');
export default solveDeal;
