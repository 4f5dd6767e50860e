import type { TimePlanDto, TimePlanSummary } from '@ec/contract';

/** A company's VT/MT plan: one season for the whole year, MT at night and on weekends. */
export function testPlan(overrides: Partial<TimePlanDto> = {}): TimePlanDto {
  const slots: TimePlanDto['slots'] = [];
  let id = 100;
  for (let day = 1; day <= 7; day++) {
    if (day <= 5) {
      slots.push({
        id: id++,
        seasonId: 31,
        blockId: 22,
        dayOfWeek: day,
        start: '00:00',
        end: '06:00',
        validFrom: '2000-01-01',
      });
      slots.push({
        id: id++,
        seasonId: 31,
        blockId: 21,
        dayOfWeek: day,
        start: '06:00',
        end: '22:00',
        validFrom: '2000-01-01',
      });
      slots.push({
        id: id++,
        seasonId: 31,
        blockId: 22,
        dayOfWeek: day,
        start: '22:00',
        end: '24:00',
        validFrom: '2000-01-01',
      });
    } else {
      slots.push({
        id: id++,
        seasonId: 31,
        blockId: 22,
        dayOfWeek: day,
        start: '00:00',
        end: '24:00',
        validFrom: '2000-01-01',
      });
    }
  }
  return {
    id: 7,
    title: 'VT/MT Elektro',
    color: '#1c7ed6',
    countryCode: 'SI',
    companyId: 3,
    holidays: 'AS_SUNDAY',
    code: null,
    editable: true,
    complete: true,
    inUse: false,
    blocks: [
      { id: 21, title: 'VT', color: '#e8590c', position: 1 },
      { id: 22, title: 'MT', color: '#1c7ed6', position: 2 },
    ],
    seasons: [{ id: 31, title: 'Whole year', from: '01-01', to: '12-31' }],
    slots,
    problems: [],
    ...overrides,
  };
}

/** The list entry of a plan. */
export function testSummary(overrides: Partial<TimePlanSummary> = {}): TimePlanSummary {
  const { blocks, seasons: _seasons, slots: _slots, problems: _problems, ...rest } = testPlan();
  return { ...rest, blocksCount: blocks.length, ...overrides };
}
