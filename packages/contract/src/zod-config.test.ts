// @vitest-environment jsdom
import { config } from 'zod';
import { describe, expect, it, vi } from 'vitest';

describe('zod in a browser', () => {
  it('builds and parses schemas without probing eval (the CSP would report it)', async () => {
    const probe = vi.spyOn(globalThis, 'Function');
    const contract = await import('./index.ts');
    expect(config().jitless).toBe(true);
    expect(contract.loginFormSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(
      true,
    );
    expect(probe).not.toHaveBeenCalled();
  });
});
