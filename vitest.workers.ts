import { availableParallelism } from 'node:os';

/**
 * Test files run at once, set in every project's config. Vitest resolves each project's `maxWorkers` on its own
 * (the root config's does not reach them) and defaults it to one core fewer than the machine has; on these 2-core
 * machines that is 1, and a project with one worker runs every file alone, one after the other, for all projects
 * together (npm test took 15.5 min that way). The main process mostly waits, so a worker per core; all projects
 * must share the value, as Vitest refuses different ones in one group.
 */
export const TEST_WORKERS = availableParallelism();
