import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import type { MeFilters } from '../model/filters.ts';
import { device } from '../model/test-data.ts';
import { FilterPanel } from './filter-panel.tsx';

const i18n = createTestI18n();
const TODAY = '2026-11-28';
const empty: MeFilters = {
  deviceId: null,
  from: '2025-11-28',
  to: TODAY,
  vt: '',
  mt: '',
  et: '',
  tariffYear: null,
};
const twoTariffs = device({ id: 11, eimm: '4-1000001', tariffsCount: 2 });
const oneTariff = device({ id: 12, eimm: '3-3000003', tariffsCount: 1 });
const unknown = device({ id: 13, eimm: '2-2000002', tariffsCount: null });

function renderPanel(value: MeFilters = empty) {
  const onProcess = vi.fn();
  renderWithProviders(
    <FilterPanel
      devices={[twoTariffs, oneTariff, unknown]}
      value={value}
      today={TODAY}
      onProcess={onProcess}
    />,
    { i18n },
  );
  return onProcess;
}

const process = () => screen.getByRole('button', { name: 'Process' });
const price = (label: RegExp) => screen.getByLabelText(label);

async function choose(name: string) {
  await userEvent.click(screen.getByRole('textbox', { name: /Device/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('the metering filter panel', () => {
  it('keeps Process disabled until a device and its prices are given, then hands the filters over', async () => {
    const onProcess = renderPanel();
    expect(process()).toBeDisabled();
    await choose('4-1000001');
    expect(process()).toBeDisabled();
    await userEvent.type(price(/VT – higher tariff/), '0.12');
    expect(process()).toBeDisabled();
    await userEvent.type(price(/MT – lower tariff/), '0.08');
    expect(process()).toBeEnabled();
    await userEvent.click(process());
    expect(onProcess).toHaveBeenCalledWith({ ...empty, deviceId: 11, vt: '0.12', mt: '0.08' });
  });

  it('asks for ET (not VT/MT) for a one-tariff device, VT and MT for an unknown count', async () => {
    renderPanel();
    await choose('3-3000003');
    expect(screen.queryByLabelText(/VT – higher tariff/)).not.toBeInTheDocument();
    await userEvent.type(price(/ET – single tariff/), '0.15');
    expect(process()).toBeEnabled();
    await choose('2-2000002');
    expect(screen.queryByLabelText(/ET – single tariff/)).not.toBeInTheDocument();
    expect(price(/VT – higher tariff/)).toBeInTheDocument();
    expect(process()).toBeDisabled();
  });

  it('offers no future day and refuses one typed in', () => {
    renderPanel({ ...empty, deviceId: 11, vt: '0.1', mt: '0.1' });
    const end = screen.getByLabelText(/End date/);
    expect(end).toHaveAttribute('max', TODAY);
    expect(screen.getByLabelText(/Start date/)).toHaveAttribute('max', TODAY);
    expect(process()).toBeEnabled();
    fireEvent.change(end, { target: { value: '2026-11-29' } });
    expect(screen.getByText('Future dates are not allowed.')).toBeInTheDocument();
    expect(process()).toBeDisabled();
  });

  it('refuses a range longer than 730 days and an empty date', () => {
    renderPanel({ ...empty, deviceId: 11, vt: '0.1', mt: '0.1' });
    const start = screen.getByLabelText(/Start date/);
    fireEvent.change(start, { target: { value: '2024-11-28' } });
    expect(screen.getByText('The date range may span at most 730 days.')).toBeInTheDocument();
    expect(process()).toBeDisabled();
    fireEvent.change(start, { target: { value: '2024-11-29' } });
    expect(process()).toBeEnabled();
    fireEvent.change(start, { target: { value: '' } });
    expect(process()).toBeDisabled();
  });

  it('blocks the minus key in the price inputs and treats 0 as no price', () => {
    renderPanel({ ...empty, deviceId: 11, vt: '0.1', mt: '0.1' });
    const vt = price(/VT – higher tariff/);
    expect(fireEvent.keyDown(vt, { key: '-' })).toBe(false); // default prevented
    expect(fireEvent.keyDown(vt, { key: '5' })).toBe(true);
    fireEvent.change(vt, { target: { value: '0' } });
    expect(process()).toBeDisabled();
  });

  it('keeps the tariff year "as measured" by default and hands a chosen year over', async () => {
    const onProcess = renderPanel({ ...empty, deviceId: 11, vt: '0.1', mt: '0.1' });
    const year = screen.getByRole('textbox', { name: /Tariff year/ });
    expect(year).toHaveValue('As measured');
    await userEvent.click(year);
    await userEvent.click(await screen.findByRole('option', { name: '2026' }));
    await userEvent.click(process());
    expect(onProcess).toHaveBeenCalledWith(expect.objectContaining({ tariffYear: 2026 }));
  });
});
