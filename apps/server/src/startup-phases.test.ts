import { describe, expect, it } from 'vitest';
import { createStartupPhases } from './startup-phases.ts';

describe('createStartupPhases', () => {
  it('times each phase in order, adds up repeats and keeps a failed phase', async () => {
    let clock = 0;
    const phases = createStartupPhases(() => clock);
    const value = await phases.run('migrate', async () => {
      clock += 120.4;
      return 'done';
    });
    expect(value).toBe('done');
    await phases.run('seed', async () => {
      clock += 2000;
    });
    await phases.run('migrate', async () => {
      clock += 10;
    });
    await expect(
      phases.run('listen', async () => {
        clock += 5;
        throw new Error('port in use');
      }),
    ).rejects.toThrow('port in use');
    expect(phases.summary()).toEqual({ migrate: 130, seed: 2000, listen: 5 });
    expect(Object.keys(phases.summary())).toEqual(['migrate', 'seed', 'listen']);
  });
});
