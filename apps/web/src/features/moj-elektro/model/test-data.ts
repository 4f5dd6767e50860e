import type {
  AbstractDevice,
  CalculationMonth,
  Calculations,
  ConsumerInfo,
  CostRow,
  ExternalCredential,
  SystemMonth,
} from './types.ts';

/** A device as GET /abstract-devices-all lists it. */
export function device(overrides: Partial<AbstractDevice> = {}): AbstractDevice {
  return {
    id: 11,
    eimm: '4-1000001',
    gsrn: '383100000000000017',
    tariffsCount: 2,
    token_id: 5,
    abstract_device_type_id: 1,
    credentials: [{ token: 'demo-•••••', token_id: 5 }],
    source: 'PORTAL',
    label: null,
    import: {
      status: 'DONE',
      monthsDone: 25,
      monthsTotal: 25,
      error: null,
      lastImportAt: '2026-11-28T06:30:00.000Z',
      firstInterval: '2024-10-19T22:15:00.000Z',
      lastInterval: '2026-11-27T23:00:00.000Z',
      intervals: 73_000,
    },
    ...overrides,
  };
}

/** A stored token. */
export function credential(overrides: Partial<ExternalCredential> = {}): ExternalCredential {
  return {
    id: 5,
    provider: 'MOJ_ELEKTRO',
    token: 'demo-•••••',
    createdAt: '2026-11-28T08:00:00.000Z',
    deviceCount: 1,
    ...overrides,
  };
}

/** A cost row. */
export function costRow(
  category: CostRow['category'],
  amount: number,
  value: CostRow['value'] = null,
): CostRow {
  return {
    category,
    isEmpty: false,
    pricePerUnit: null,
    value,
    totalCost: { amount, unit: 'EUR' },
    occurrences: null,
    excessivePower: null,
    excessivePowerCost: null,
    isTotal: category === 'grand_total',
    isGrandTotal: category === 'grand_total',
  };
}

/** A system's month: energy, network energy, network power (euros as given) and the total. */
export function systemMonth(energy: number, network: number, power: number): SystemMonth {
  const total = Math.round((energy + network + power) * 100) / 100;
  const rows = [
    costRow('energy', energy, { amount: 300, unit: 'kWh' }),
    costRow('network_energy', network, { amount: 300, unit: 'kWh' }),
    costRow('network_power', power, { amount: 7, unit: 'kW' }),
    costRow('grand_total', total),
  ];
  return {
    rows,
    energy: rows[0] as CostRow,
    networkEnergy: rows[1] as CostRow,
    networkPower: rows[2] as CostRow,
    totalCost: { amount: total, unit: 'EUR' },
    excessCharged: false,
    excessivePowerBlocks: [],
    blocks: [],
  };
}

function month(key: string, base: number, custom: boolean): CalculationMonth {
  const old = systemMonth(base, 20, 8);
  return {
    month: key,
    monthStart: `${key}-01T00:00:00+01:00`,
    partial: false,
    new: systemMonth(base, 20, 15),
    optimized: systemMonth(base, 20, 10),
    custom: custom ? systemMonth(base, 20, 12) : null,
    old: {
      energy: old.energy,
      networkEnergy: old.networkEnergy,
      networkPower: old.networkPower,
      totalCost: old.totalCost,
      rows: old.rows,
    },
  };
}

/** Two months: new 100+20+15, optimized …+10 (5 € saved a month), custom …+12 when asked. */
export function calculations(custom: number[] | null = null): Calculations {
  const months = [month('2025-09', 100, custom !== null), month('2025-10', 110, custom !== null)];
  const sum = (pick: (m: CalculationMonth) => number) =>
    Math.round(months.reduce((s, m) => s + pick(m), 0) * 100) / 100;
  return {
    from: '2025-09-01',
    to: '2025-10-31',
    tariffYear: null,
    tariffsCount: 2,
    agreedPowers: { new: [7, 7, 7, 7, 7], optimized: [5, 5.5, 6, 6, 6], custom },
    newDeterminedBy: 'DISTRIBUTER',
    totals: {
      new: { amount: sum((m) => m.new.totalCost.amount), unit: 'EUR' },
      optimized: { amount: sum((m) => m.optimized.totalCost.amount), unit: 'EUR' },
      custom: custom ? { amount: sum((m) => m.custom?.totalCost.amount ?? 0), unit: 'EUR' } : null,
      old: { amount: sum((m) => m.old.totalCost.amount), unit: 'EUR' },
    },
    saving: { amount: 10, unit: 'EUR' },
    customSaving: custom ? { amount: 6, unit: 'EUR' } : null,
    months,
  };
}

/** Consumer info with a valid record: minimum 3.5 kW, connection 17 kW. */
export function consumerInfo(): ConsumerInfo {
  return {
    eimm: '4-1000001',
    gsrn: '383100000000000017',
    billingPower: 7,
    connectionPower: 17,
    consumerType: 'RESIDENTIAL',
    consumptionType: 'Gospodinjski odjem',
    currentLimit: 25,
    isThreePhase: true,
    powerLimits: [
      {
        block1: 7,
        block2: 7,
        block3: 7,
        block4: 7,
        block5: 7,
        connectionPower: 17,
        dateFrom: '2026-01-01',
        dateTo: '2026-12-31',
        isValid: true,
        limitSetBy: 'DISTRIBUTER',
        minimumPower: 3.5,
      },
    ],
    productionPower: null,
    hash: 'x',
    tariffsCount: 2,
    voltageClassification: null,
    yearlyWorkHours: null,
    supplier: null,
    has15MinMetering: true,
  };
}
