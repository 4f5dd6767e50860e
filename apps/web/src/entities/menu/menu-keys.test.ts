import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { menuKeys, refreshMenu } from './menu-keys.ts';

describe('refreshMenu', () => {
  it('asks again when the first load of a menu is still under way (its answer may predate the change)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: ((tree: string) => void)[] = [];
    const queryFn = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    const observer = new QueryObserver(client, { queryKey: menuKeys.root(), queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(queryFn).toHaveBeenCalledTimes(1);

    const refreshed = refreshMenu(client);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    answers[0]?.('tree before the change');
    answers[1]?.('tree after the change');
    await refreshed;
    expect(client.getQueryData(menuKeys.root())).toBe('tree after the change');
    unsubscribe();
  });

  it('refetches a loaded menu the sidebar shows, and leaves unobserved ones for their next use', async () => {
    const client = new QueryClient();
    const root = vi.fn(async () => 'root');
    const company = vi.fn(async () => 'company');
    const observer = new QueryObserver(client, { queryKey: menuKeys.root(), queryFn: root });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(client.getQueryData(menuKeys.root())).toBe('root'));
    await client.fetchQuery({ queryKey: menuKeys.company(1), queryFn: company });

    await refreshMenu(client);
    expect(root).toHaveBeenCalledTimes(2);
    expect(company).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(menuKeys.company(1))?.isInvalidated).toBe(true);
    unsubscribe();
  });
});
