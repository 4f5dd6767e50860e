import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { company } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { CompanyChoiceModal } from './company-choice-modal.tsx';

const i18n = createTestI18n();

/** The dialog stays mounted and is opened and closed, as the admin search does. */
function Harness({ onChoose }: { onChoose: (id: number) => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <CompanyChoiceModal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Move Nina"
        label="New company"
        currentCompanyId={1}
        pending={false}
        error={null}
        onChoose={onChoose}
      />
    </>
  );
}

describe('CompanyChoiceModal', () => {
  it('requires a company, offers only other ones, passes the choice on and forgets it when closed', async () => {
    fakeFetch(
      answer('GET', '/api/companies', 200, {
        data: { companies: [company(1, 'Elektro Bled'), company(2, 'Solar Koper')] },
      }),
    );
    const onChoose = vi.fn();
    renderWithProviders(<Harness onChoose={onChoose} />, { i18n });
    const dialog = await screen.findByRole('dialog', { name: 'Move Nina' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('New company is required.')).toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'New company' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Solar Koper',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Solar Koper' }));
    expect(within(dialog).queryByText('New company is required.')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onChoose).toHaveBeenCalledWith(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const again = await screen.findByRole('dialog', { name: 'Move Nina' });
    expect(within(again).getByRole('textbox', { name: 'New company' })).toHaveValue('');
  });
});
