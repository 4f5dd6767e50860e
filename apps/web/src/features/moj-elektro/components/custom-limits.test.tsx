import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { consumerInfo } from '../model/test-data.ts';
import { CustomLimits } from './custom-limits.tsx';

const i18n = createTestI18n();

function renderLimits(serverErrors: (string | null)[] = [null, null, null, null, null]) {
  const onApply = vi.fn();
  const onToggle = vi.fn();
  const view = renderWithProviders(
    <CustomLimits
      enabled
      onToggle={onToggle}
      consumerInfo={consumerInfo()}
      initial={null}
      serverErrors={serverErrors}
      onApply={onApply}
    />,
    { i18n },
  );
  return { onApply, onToggle, view };
}

const block = (n: number) => screen.getByRole('spinbutton', { name: `Block ${n}` });

async function fill(values: string[]) {
  for (const [i, value] of values.entries()) {
    await userEvent.clear(block(i + 1));
    await userEvent.type(block(i + 1), value);
  }
}

describe('custom power limits', () => {
  it('shows the bounds of the valid record and applies an ascending set', async () => {
    const { onApply } = renderLimits();
    expect(
      screen.getByText(/Minimum: 3\.50 kW\. Maximum \(connection power\): 17\.00 kW\./),
    ).toBeInTheDocument();
    await fill(['4', '5', '5', '6', '7.5']);
    await userEvent.click(screen.getByRole('button', { name: 'Calculate with these powers' }));
    expect(onApply).toHaveBeenCalledWith([4, 5, 5, 6, 7.5]);
  });

  it('flags a block lower than the one before and does not apply', async () => {
    const { onApply } = renderLimits();
    await fill(['6', '5', '7', '7', '8']);
    expect(block(2)).toHaveAccessibleDescription(
      expect.stringContaining('Must not be lower than the previous block.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Calculate with these powers' }));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('flags powers under the minimum and over the connection power', async () => {
    const { onApply } = renderLimits();
    await fill(['3', '5', '6', '7', '18']);
    expect(block(1)).toHaveAccessibleDescription(
      expect.stringContaining('Lower than the minimum power.'),
    );
    expect(block(5)).toHaveAccessibleDescription(
      expect.stringContaining('Higher than the connection power.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Calculate with these powers' }));
    expect(onApply).not.toHaveBeenCalled();
  });

  it("shows the server's field errors at their input", () => {
    renderLimits([null, null, 'moj_elektro.limits.not_ascending', null, null]);
    expect(block(3)).toHaveAccessibleDescription(
      expect.stringContaining('Must not be lower than the previous block.'),
    );
    expect(block(1)).not.toHaveAccessibleDescription(expect.stringContaining('block'));
  });

  it('switches on and off with the toggle', async () => {
    const { onToggle } = renderLimits();
    await userEvent.click(screen.getByRole('switch', { name: 'Use custom power limits' }));
    expect(onToggle).toHaveBeenCalledWith(false);
  });
});
