import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowPowers } from '@ec/contract';
import { testPowers } from '../../../entities/live/test-support.ts';
import { setMatchingMediaQueries } from '../../../shared/test/media-queries.ts';
import { testI18n } from '../test-render.tsx';
import { EnergyFlow } from './energy-flow.tsx';

function draw(powers: FlowPowers, props: { moving?: boolean; stale?: boolean } = {}) {
  return render(
    <I18nextProvider i18n={testI18n}>
      <MantineProvider env="test">
        <EnergyFlow powers={powers} {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('EnergyFlow', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the location’s nodes with scaled values and says the flows in words', () => {
    const { container } = draw(testPowers({ gridW: 1200, solarW: 3400, batteryW: -800 }));
    expect(screen.getByRole('img', { name: 'Energy flow' })).toBeInTheDocument();
    const nodes = [...container.querySelectorAll('[data-node]')].map((n) =>
      n.getAttribute('data-node'),
    );
    expect(nodes).toEqual(['grid', 'solar', 'battery', 'home']);
    const list = screen.getByRole('list', { name: 'Energy flows' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Grid: importing 1.2\u00a0kW',
      'Solar: producing 3.4\u00a0kW',
      'Battery: charging 800\u00a0W, charged 64 %',
      'Home: consuming 3.8\u00a0kW',
    ]);
    expect(container.querySelector('[data-soc="64"]')).not.toBeNull();
  });

  it('animates the dots in the flow’s direction, and a line without flow has none', () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const { container } = draw(testPowers({ gridW: -2000, batteryW: 0 }));
    expect(frame).toHaveBeenCalled();
    const grid = container.querySelector('[data-flow="grid"]');
    expect(grid?.getAttribute('data-direction')).toBe('-1');
    expect(grid?.querySelectorAll('[data-dot]').length).toBeGreaterThan(0);
    const battery = container.querySelector('[data-flow="battery"]');
    expect(battery?.getAttribute('data-direction')).toBe('0');
    expect(battery?.querySelectorAll('[data-dot], [data-arrow]')).toHaveLength(0);
  });

  it('stands still under prefers-reduced-motion: no animation loop, a chevron shows the direction', () => {
    setMatchingMediaQueries(['(prefers-reduced-motion: reduce)']);
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const { container } = draw(testPowers());
    expect(frame).not.toHaveBeenCalled();
    expect(container.querySelectorAll('[data-dot]')).toHaveLength(0);
    expect(container.querySelector('[data-flow="grid"] [data-arrow]')).not.toBeNull();
    expect(container.querySelector('figure')?.getAttribute('data-moving')).toBe('false');
  });

  it('stands still and greys the values when not moving (offline)', () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const { container } = draw(testPowers(), { moving: false, stale: true });
    expect(frame).not.toHaveBeenCalled();
    expect(container.querySelector('figure')?.getAttribute('data-stale')).toBe('true');
  });

  it('keeps its dot elements across updates (stable keys, the phase runs on)', () => {
    const { container, rerender } = draw(testPowers({ gridW: 500 }));
    const before = container.querySelector('[data-flow="grid"] [data-dot]');
    rerender(
      <I18nextProvider i18n={testI18n}>
        <MantineProvider env="test">
          <EnergyFlow powers={testPowers({ gridW: 5000 })} />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(container.querySelector('[data-flow="grid"] [data-dot]')).toBe(before);
  });
});
