import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { emptyWeek, slotsToWeek, weekToSlots, type WeekCells } from '../model/week-cells.ts';
import { WeekGrid, type GridBlock } from './week-grid.tsx';

const i18n = createTestI18n();
const blocks: GridBlock[] = [
  { id: 11, title: 'VT', color: '#e8590c' },
  { id: 12, title: 'MT', color: '#1c7ed6' },
];

/** The grid with its state; `latest()` reads the week as the page would save it. */
function renderGrid(initial: WeekCells = emptyWeek()) {
  let current = initial;
  function Harness() {
    const [week, setWeek] = useState(initial);
    const [block, setBlock] = useState<number | null>(11);
    return (
      <WeekGrid
        week={week}
        blocks={blocks}
        selectedBlockId={block}
        onSelectBlock={setBlock}
        onChange={(next) => {
          current = next;
          setWeek(next);
        }}
        label="Winter"
      />
    );
  }
  renderWithProviders(<Harness />, { i18n });
  return { latest: () => weekToSlots(current) };
}

const cell = (name: string) => screen.getByRole('gridcell', { name: new RegExp(`^${name}`) });

describe('WeekGrid', () => {
  it('names every cell by day, time and block in a grid of 7 days × 96 quarter hours', () => {
    renderGrid(slotsToWeek([{ dayOfWeek: 1, blockId: 12, start: '00:00', end: '06:00' }]));
    const grid = screen.getByRole('grid', { name: 'Winter' });
    expect(grid).toBeInTheDocument();
    expect(screen.getAllByRole('gridcell')).toHaveLength(7 * 96);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      'MondayMon',
      'TuesdayTue',
      'WednesdayWed',
      'ThursdayThu',
      'FridayFri',
      'SaturdaySat',
      'SundaySun',
    ]);
    expect(cell('Monday 05:45–06:00')).toHaveAccessibleName('Monday 05:45–06:00: MT');
    expect(cell('Monday 06:00–06:15')).toHaveAccessibleName('Monday 06:00–06:15: no block');
  });

  it('paints the rectangle dragged with the mouse in the selected block', () => {
    const { latest } = renderGrid();
    fireEvent.pointerDown(cell('Monday 08:00–08:15'), { button: 0, pointerId: 1 });
    fireEvent.pointerEnter(cell('Tuesday 08:15–08:30'));
    fireEvent.pointerEnter(cell('Tuesday 08:45–09:00'));
    fireEvent.pointerUp(window, { pointerId: 1 });
    expect(latest()).toEqual([
      { dayOfWeek: 1, blockId: 11, start: '08:00', end: '09:00' },
      { dayOfWeek: 2, blockId: 11, start: '08:00', end: '09:00' },
    ]);
    expect(cell('Tuesday 08:45–09:00')).toHaveAccessibleName('Tuesday 08:45–09:00: VT');
  });

  it('paints with the keyboard: arrows move, Shift+arrows extend, a digit picks the block, Space paints', async () => {
    const user = userEvent.setup();
    const { latest } = renderGrid();
    // After the legend (VT, MT, Clear) the tab order reaches the grid's one focusable cell (Monday 08:00).
    for (let i = 0; i < 4; i++) await user.tab();
    expect(document.activeElement).toBe(cell('Monday 08:00–08:15'));
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toBe(cell('Tuesday 08:15–08:30'));
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}');
    await user.keyboard('2');
    expect(screen.getByRole('button', { name: /MT/, pressed: true })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(latest()).toEqual([
      { dayOfWeek: 2, blockId: 12, start: '08:15', end: '09:00' },
      { dayOfWeek: 3, blockId: 12, start: '08:15', end: '09:00' },
    ]);
    // Delete clears the selection; Enter paints again.
    await user.keyboard('{Delete}');
    expect(latest()).toEqual([]);
    await user.keyboard('1{Enter}');
    expect(latest()[0]).toEqual({ dayOfWeek: 2, blockId: 11, start: '08:15', end: '09:00' });
  });

  it('paints with a finger by two taps (a drag scrolls the hours): first cell, then last cell', () => {
    const { latest } = renderGrid();
    const tap = (name: string) => {
      fireEvent.pointerDown(cell(name), { button: 0, pointerId: 2, pointerType: 'touch' });
      fireEvent.pointerUp(cell(name), { pointerId: 2, pointerType: 'touch' });
      fireEvent.click(cell(name));
    };
    tap('Monday 06:00–06:15');
    expect(latest()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Now tap the last cell of the range');
    tap('Wednesday 06:45–07:00');
    expect(latest()).toEqual([
      { dayOfWeek: 1, blockId: 11, start: '06:00', end: '07:00' },
      { dayOfWeek: 2, blockId: 11, start: '06:00', end: '07:00' },
      { dayOfWeek: 3, blockId: 11, start: '06:00', end: '07:00' },
    ]);
  });

  it('scrolls the hours on while a drag nears the edge of a narrow grid', () => {
    renderGrid();
    const scroller = screen.getByRole('grid').parentElement as HTMLElement;
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 1400 });
    Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 400 });
    scroller.getBoundingClientRect = () => ({ left: 0, right: 400 }) as DOMRect;
    fireEvent.pointerDown(cell('Monday 08:00–08:15'), { button: 0, pointerId: 1 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 390 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 395 });
    expect(scroller.scrollLeft).toBe(48);
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 10 });
    expect(scroller.scrollLeft).toBe(24);
    fireEvent.pointerUp(window, { pointerId: 1 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 395 });
    expect(scroller.scrollLeft).toBe(24);
  });

  it('copies the focused day to the next day and refuses to copy an empty day (spec 001 §5)', async () => {
    const user = userEvent.setup();
    const { latest } = renderGrid(
      slotsToWeek([{ dayOfWeek: 1, blockId: 12, start: '00:00', end: '24:00' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Copy Monday to Tuesday' }));
    expect(screen.getByRole('status')).toHaveTextContent('Monday copied to Tuesday.');
    expect(latest()).toEqual([
      { dayOfWeek: 1, blockId: 12, start: '00:00', end: '24:00' },
      { dayOfWeek: 2, blockId: 12, start: '00:00', end: '24:00' },
    ]);
    // Wednesday is empty: refused with the rule's message, nothing changes.
    fireEvent.pointerDown(cell('Wednesday 10:00–10:15'), { button: 0, pointerId: 1 });
    fireEvent.pointerCancel(window, { pointerId: 1 });
    await user.click(screen.getByRole('button', { name: 'Copy Wednesday to Thursday' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Wednesday has no slots: an empty day cannot be copied to the next day.',
    );
    expect(latest()).toHaveLength(2);
  });

  it('copies a day with Ctrl+C and pastes it with Ctrl+V; Ctrl+C on an empty day is refused', async () => {
    const user = userEvent.setup();
    const { latest } = renderGrid(
      slotsToWeek([{ dayOfWeek: 1, blockId: 11, start: '06:00', end: '22:00' }]),
    );
    cell('Monday 08:00–08:15').focus();
    await user.keyboard('{Control>}c{/Control}');
    expect(screen.getByRole('status')).toHaveTextContent('Monday copied.');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Control>}v{/Control}');
    expect(latest()).toEqual([
      { dayOfWeek: 1, blockId: 11, start: '06:00', end: '22:00' },
      { dayOfWeek: 4, blockId: 11, start: '06:00', end: '22:00' },
    ]);
    await user.keyboard('{ArrowDown}{Control>}c{/Control}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Friday has no slots: an empty day cannot be copied to the next day.',
    );
  });
});

describe('WeekGrid, read only', () => {
  it('shows the legend and the cells but paints nothing (a plan the user may not change)', async () => {
    const user = userEvent.setup();
    let changed = false;
    renderWithProviders(
      <WeekGrid
        week={slotsToWeek([{ dayOfWeek: 1, blockId: 11, start: '00:00', end: '24:00' }])}
        blocks={blocks}
        selectedBlockId={12}
        onSelectBlock={() => undefined}
        onChange={() => {
          changed = true;
        }}
        label="Predefined"
        readOnly
      />,
      { i18n },
    );
    expect(screen.getByRole('list', { name: 'Blocks' })).toHaveTextContent('VTMT');
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
    fireEvent.pointerDown(cell('Monday 08:00–08:15'), { button: 0, pointerId: 1 });
    fireEvent.pointerUp(window, { pointerId: 1 });
    cell('Monday 08:00–08:15').focus();
    await user.keyboard('{ArrowRight} {Delete}{Control>}c{/Control}');
    expect(document.activeElement).toBe(cell('Monday 08:15–08:30'));
    expect(changed).toBe(false);
  });
});
