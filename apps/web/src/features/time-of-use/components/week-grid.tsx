import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  copyDay,
  DAYS_PER_WEEK,
  inRange,
  isDayEmpty,
  paintRange,
  QUARTERS_PER_DAY,
  quarterToTime,
  rangeBetween,
  type CellRange,
  type DayCells,
  type WeekCells,
} from '../model/week-cells.ts';
import { weekdayName } from '../model/weekdays.ts';
import classes from './week-grid.module.css';

/** A block as the grid paints it. */
export interface GridBlock {
  id: number;
  title: string;
  color: string;
}

/** How close to the scroller's edge a drag scrolls the hours, and by how much per pointer move. */
const EDGE_PX = 32;
const EDGE_STEP_PX = 24;

interface Cell {
  day: number;
  quarter: number;
}

type Message = { kind: 'info' | 'refused'; text: string } | null;

/**
 * The colour legend and block picker: one toggle per block (its colour and title, keys 1–9) and the eraser.
 * `selected` null is the eraser.
 */
export function BlockLegend({
  blocks,
  selected,
  onSelect,
}: {
  blocks: readonly GridBlock[];
  selected: number | null;
  onSelect: (blockId: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.legend} role="group" aria-label={t('time_of_use.grid.legend')}>
      {blocks.map((block, index) => (
        <Button
          key={block.id}
          size="xs"
          variant={selected === block.id ? 'filled' : 'default'}
          aria-pressed={selected === block.id}
          onClick={() => onSelect(block.id)}
          leftSection={
            <span className={classes.swatch} style={{ background: block.color }} aria-hidden />
          }
        >
          {index < 9 ? `${index + 1} · ${block.title}` : block.title}
        </Button>
      ))}
      <Button
        size="xs"
        variant={selected === null ? 'filled' : 'default'}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
        leftSection={<span className={classes.eraser} aria-hidden />}
      >
        {t('time_of_use.grid.eraser')}
      </Button>
    </div>
  );
}

const DayRow = memo(function DayRow({
  day,
  cells,
  selection,
  focus,
  names,
  blockById,
  cellLabel,
  onCellPointerDown,
  onCellPointerEnter,
  onCellClick,
}: {
  day: number;
  cells: DayCells;
  /** The selection, when it touches this row. */
  selection: CellRange | null;
  /** The focused quarter when the focus is on this row, else -1. */
  focus: number;
  names: { long: string; short: string };
  blockById: ReadonlyMap<number, GridBlock>;
  cellLabel: (day: string, quarter: number, block: GridBlock | undefined) => string;
  onCellPointerDown: (event: PointerEvent<HTMLDivElement>, cell: Cell) => void;
  onCellPointerEnter: (cell: Cell) => void;
  onCellClick: (cell: Cell) => void;
}) {
  return (
    <div role="row" className={classes.row} aria-rowindex={day + 2}>
      <div role="rowheader" className={classes.label} aria-colindex={1}>
        <span className={classes.longName}>{names.long}</span>
        <span className={classes.shortName} aria-hidden>
          {names.short}
        </span>
      </div>
      {cells.map((blockId, quarter) => {
        const block = blockId === null ? undefined : blockById.get(blockId);
        const selected = inRange(selection, day, quarter);
        const label = cellLabel(names.long, quarter, block);
        return (
          <div
            key={quarter}
            role="gridcell"
            aria-colindex={quarter + 2}
            aria-label={label}
            aria-selected={selected}
            title={label}
            tabIndex={focus === quarter ? 0 : -1}
            data-day={day}
            data-quarter={quarter}
            data-block={blockId ?? undefined}
            data-hour-start={quarter % 4 === 0 ? '' : undefined}
            className={[
              classes.cell,
              block ? undefined : classes.empty,
              selected ? classes.selected : undefined,
            ]
              .filter(Boolean)
              .join(' ')}
            style={block ? { background: block.color } : undefined}
            onPointerDown={(event) => onCellPointerDown(event, { day, quarter })}
            onPointerEnter={() => onCellPointerEnter({ day, quarter })}
            onClick={() => onCellClick({ day, quarter })}
          />
        );
      })}
    </div>
  );
});

/**
 * The week grid of one season and slot version: 7 day rows (Monday first, spec 001 §9) × 96 quarter hours.
 * Blocks are painted with the mouse (press and drag a rectangle) or the keyboard (arrows move, Shift+arrows
 * extend, Space/Enter paints, Delete clears, 1–9 pick a block, Ctrl+C / Ctrl+V copy a day); "Copy day to next day"
 * copies the focused day. An empty day is not copied (spec 001 §5).
 */
export function WeekGrid({
  week,
  blocks,
  selectedBlockId,
  onSelectBlock,
  onChange,
  label,
  readOnly = false,
}: {
  week: WeekCells;
  blocks: readonly GridBlock[];
  /** The block painted; null paints empty cells (the eraser). */
  selectedBlockId: number | null;
  onSelectBlock: (blockId: number | null) => void;
  onChange: (week: WeekCells) => void;
  /** The grid's accessible name (plan, season and version). */
  label: string;
  /** A plan the user may not change: the grid can be read (and moved through), not painted. */
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<Cell>({ day: 0, quarter: 32 });
  const [anchor, setAnchor] = useState<Cell | null>(null);
  const [dragging, setDragging] = useState(false);
  const [clipboard, setClipboard] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const focusByKeyboard = useRef(false);
  const readOnlyRef = useRef(readOnly);
  const lastPointer = useRef('mouse');
  const touchStart = useRef<Cell | null>(null);
  readOnlyRef.current = readOnly;

  const locale = i18n.language;
  // Stable between renders, so a day row re-renders only when its cells, selection or focus change.
  const names = useMemo(
    () =>
      Array.from({ length: DAYS_PER_WEEK }, (_, day) => ({
        long: weekdayName(day + 1, locale, 'long'),
        short: weekdayName(day + 1, locale, 'short'),
      })),
    [locale],
  );
  const blockById = useMemo(() => new Map(blocks.map((block) => [block.id, block])), [blocks]);
  const [gridFocused, setGridFocused] = useState(false);
  const selection = anchor ? rangeBetween(anchor, focus) : rangeBetween(focus, focus);
  // The selection is drawn while the grid has the focus or a range is selected, not the idle focus cell.
  const shownSelection = gridFocused || anchor !== null ? selection : null;

  // The latest values for the window listener of a drag.
  const latest = useRef({ week, selection, selectedBlockId, onChange });
  latest.current = { week, selection, selectedBlockId, onChange };

  useEffect(() => {
    if (!focusByKeyboard.current) return;
    focusByKeyboard.current = false;
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-day="${focus.day}"][data-quarter="${focus.quarter}"]`)
      ?.focus();
  }, [focus]);

  useEffect(() => {
    if (!dragging) return;
    const finish = () => {
      setDragging(false);
      const {
        week: current,
        selection: range,
        selectedBlockId: block,
        onChange: change,
      } = latest.current;
      change(paintRange(current, range, block));
    };
    const cancel = () => {
      setDragging(false);
      setAnchor(null);
    };
    // Near the scroller's left or right edge the hours scroll on (a narrow window shows only some of them).
    const edgeScroll = (event: globalThis.PointerEvent) => {
      const scroller = scrollerRef.current;
      if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return;
      const box = scroller.getBoundingClientRect();
      if (event.clientX > box.right - EDGE_PX) scroller.scrollLeft += EDGE_STEP_PX;
      else if (event.clientX < box.left + EDGE_PX) scroller.scrollLeft -= EDGE_STEP_PX;
    };
    window.addEventListener('pointerup', finish);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('pointermove', edgeScroll);
    return () => {
      window.removeEventListener('pointerup', finish);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('pointermove', edgeScroll);
    };
  }, [dragging]);

  const cellLabel = useCallback(
    (day: string, quarter: number, block: GridBlock | undefined) =>
      t('time_of_use.grid.cell', {
        day,
        from: quarterToTime(quarter),
        to: quarterToTime(quarter + 1),
        block: block ? block.title : t('time_of_use.grid.no_block'),
      }),
    [t],
  );

  const onCellPointerDown = useCallback((event: PointerEvent<HTMLDivElement>, cell: Cell) => {
    lastPointer.current = event.pointerType;
    if (event.button !== 0 || readOnlyRef.current) return;
    // A finger drags to scroll the hours (a phone shows a few of them); it paints by two taps (onCellClick).
    if (event.pointerType === 'touch') return;
    event.preventDefault();
    // A touch or pen press captures the pointer to its target; release it so the next cells see the pointer enter.
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    event.currentTarget.focus();
    setFocus(cell);
    setAnchor(cell);
    setDragging(true);
  }, []);

  // Touch: the first tap marks the range's first cell, the second paints the rectangle up to the cell tapped.
  const onCellClick = useCallback(
    (cell: Cell) => {
      if (lastPointer.current !== 'touch' || readOnlyRef.current) return;
      const first = touchStart.current;
      setFocus(cell);
      if (first === null) {
        touchStart.current = cell;
        setAnchor(cell);
        setMessage({ kind: 'info', text: t('time_of_use.grid.tap_end') });
        return;
      }
      touchStart.current = null;
      setAnchor(first);
      const { week: current, selectedBlockId: block, onChange: change } = latest.current;
      change(paintRange(current, rangeBetween(first, cell), block));
      setMessage(null);
    },
    [t],
  );

  const onCellPointerEnter = useCallback(
    (cell: Cell) => {
      if (dragging) setFocus(cell);
    },
    [dragging],
  );

  const dayName = (day: number) => names[day]?.long ?? '';

  function copy(from: number, to: number, pasted: boolean) {
    const result = copyDay(week, from, to);
    if ('refused' in result) {
      setMessage({
        kind: 'refused',
        text:
          result.refused === 'empty_day'
            ? t('time_of_use.grid.copy_empty', { day: dayName(from) })
            : t('time_of_use.grid.copy_last', { day: dayName(from) }),
      });
      return;
    }
    onChange(result.week);
    setMessage({
      kind: 'info',
      text: t(pasted ? 'time_of_use.grid.pasted' : 'time_of_use.grid.copied', {
        from: dayName(from),
        to: dayName(to),
      }),
    });
  }

  function move(event: KeyboardEvent<HTMLDivElement>, dDay: number, dQuarter: number) {
    event.preventDefault();
    const step = event.ctrlKey || event.metaKey ? 4 : 1;
    const next = {
      day: Math.min(DAYS_PER_WEEK - 1, Math.max(0, focus.day + dDay)),
      quarter: Math.min(QUARTERS_PER_DAY - 1, Math.max(0, focus.quarter + dQuarter * step)),
    };
    if (event.shiftKey) setAnchor(anchor ?? focus);
    else setAnchor(null);
    focusByKeyboard.current = true;
    setFocus(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case 'ArrowLeft':
        return move(event, 0, -1);
      case 'ArrowRight':
        return move(event, 0, 1);
      case 'ArrowUp':
        return move(event, -1, 0);
      case 'ArrowDown':
        return move(event, 1, 0);
      case 'Home':
        return move(event, 0, -QUARTERS_PER_DAY);
      case 'End':
        return move(event, 0, QUARTERS_PER_DAY);
      case ' ':
      case 'Enter':
        event.preventDefault();
        if (!readOnly) onChange(paintRange(week, selection, selectedBlockId));
        return;
      case 'Delete':
      case 'Backspace':
        event.preventDefault();
        if (!readOnly) onChange(paintRange(week, selection, null));
        return;
      case 'Escape':
        setAnchor(null);
        return;
    }
    if (readOnly) return;
    if (ctrl && (event.key === 'c' || event.key === 'C')) {
      event.preventDefault();
      const cells = week[focus.day];
      if (!cells || isDayEmpty(cells)) {
        setMessage({
          kind: 'refused',
          text: t('time_of_use.grid.copy_empty', { day: dayName(focus.day) }),
        });
        return;
      }
      setClipboard(focus.day);
      setMessage({
        kind: 'info',
        text: t('time_of_use.grid.copied_clipboard', { day: dayName(focus.day) }),
      });
      return;
    }
    if (ctrl && (event.key === 'v' || event.key === 'V')) {
      event.preventDefault();
      if (clipboard !== null && clipboard !== focus.day) copy(clipboard, focus.day, true);
      return;
    }
    if (!ctrl && !event.altKey && /^[1-9]$/.test(event.key)) {
      const block = blocks[Number(event.key) - 1];
      if (block) {
        event.preventDefault();
        onSelectBlock(block.id);
      }
    }
  }

  const nextDay = focus.day + 1;
  return (
    <div>
      <div className={classes.toolbar}>
        {readOnly ? (
          <ul className={classes.legend} aria-label={t('time_of_use.grid.legend')}>
            {blocks.map((block) => (
              <li key={block.id} className={classes.legendItem}>
                <span className={classes.swatch} style={{ background: block.color }} aria-hidden />
                {block.title}
              </li>
            ))}
          </ul>
        ) : (
          <BlockLegend blocks={blocks} selected={selectedBlockId} onSelect={onSelectBlock} />
        )}
      </div>
      <div className={classes.scroller} ref={scrollerRef}>
        <div
          ref={gridRef}
          role="grid"
          aria-label={label}
          aria-rowcount={DAYS_PER_WEEK + 1}
          aria-colcount={QUARTERS_PER_DAY + 1}
          aria-multiselectable
          className={classes.grid}
          onKeyDown={onKeyDown}
          onFocus={() => setGridFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setGridFocused(false);
          }}
        >
          <div role="row" className={classes.row} aria-rowindex={1}>
            <div role="columnheader" className={classes.label} aria-colindex={1}>
              <VisuallyHidden>{t('time_of_use.grid.day')}</VisuallyHidden>
            </div>
            {Array.from({ length: 24 }, (_, hour) => (
              <div
                key={hour}
                role="columnheader"
                className={classes.hour}
                aria-colindex={hour * 4 + 2}
                aria-colspan={4}
              >
                {String(hour).padStart(2, '0')}
              </div>
            ))}
          </div>
          {week.map((cells, day) => (
            <DayRow
              key={day}
              day={day}
              cells={cells}
              selection={
                shownSelection && day >= shownSelection.fromDay && day <= shownSelection.toDay
                  ? shownSelection
                  : null
              }
              focus={focus.day === day ? focus.quarter : -1}
              names={names[day] ?? { long: '', short: '' }}
              blockById={blockById}
              cellLabel={cellLabel}
              onCellPointerDown={onCellPointerDown}
              onCellPointerEnter={onCellPointerEnter}
              onCellClick={onCellClick}
            />
          ))}
        </div>
      </div>
      {!readOnly && (
        <div className={classes.toolbar}>
          <Button
            size="xs"
            variant="default"
            mt="xs"
            disabled={nextDay >= DAYS_PER_WEEK}
            onClick={() => copy(focus.day, nextDay, false)}
          >
            {nextDay < DAYS_PER_WEEK
              ? t('time_of_use.grid.copy_day', { from: dayName(focus.day), to: dayName(nextDay) })
              : t('time_of_use.grid.copy_day_none', { day: dayName(focus.day) })}
          </Button>
          <Text size="xs" c="dimmed" mt="xs">
            {t('time_of_use.grid.help')}
          </Text>
        </div>
      )}
      <Text
        role={message?.kind === 'refused' ? 'alert' : 'status'}
        size="sm"
        c={message?.kind === 'refused' ? 'red' : undefined}
        mt="xs"
      >
        {message?.text}
      </Text>
    </div>
  );
}
