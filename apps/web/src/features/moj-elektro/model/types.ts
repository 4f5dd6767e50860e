// The API shapes of DESIGN-14 §5 the screens read. The contract (@ec/contract, moj-elektro.ts) is the source of
// truth; these types mirror it so the screens compile and test on their own.

export type ImportStatus = 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED';

export interface ExternalCredential {
  id: number;
  provider: 'MOJ_ELEKTRO';
  /** First 5 characters + '•••••'. */
  token: string;
  createdAt: string;
  deviceCount: number;
}

export interface AbstractDevice {
  id: number;
  eimm: string;
  gsrn: string | null;
  tariffsCount: 1 | 2 | null;
  token_id: number | null;
  abstract_device_type_id: 1;
  credentials: { token: string; token_id: number }[];
  source: 'PORTAL' | 'UPLOAD';
  label: string | null;
  import: {
    status: ImportStatus;
    monthsDone: number;
    monthsTotal: number;
    error: string | null;
    lastImportAt: string | null;
    firstInterval: string | null;
    lastInterval: string | null;
    intervals: number;
  };
}

export interface PowerLimitRecord {
  block1: number;
  block2: number;
  block3: number;
  block4: number;
  block5: number;
  connectionPower: number | null;
  dateFrom: string;
  dateTo: string;
  isValid: boolean;
  limitSetBy: string;
  minimumPower: number | null;
}

export interface ConsumerInfo {
  eimm: string;
  gsrn: string | null;
  billingPower: number | null;
  connectionPower: number | null;
  consumerType: 'RESIDENTIAL' | 'INDUSTRIAL' | 'OTHER';
  consumptionType: string | null;
  currentLimit: number | null;
  isThreePhase: boolean | null;
  powerLimits: PowerLimitRecord[];
  productionPower: number | null;
  hash: string;
  tariffsCount: 1 | 2;
  voltageClassification: string | null;
  yearlyWorkHours: number | null;
  supplier: string | null;
  has15MinMetering: boolean | null;
}

export interface CalculationFilter {
  from: string;
  to: string;
  vt: number;
  mt: number;
  et: number;
  customPowerLimits: [number, number, number, number, number] | null;
  tariffYear?: number | null;
}

export interface Money {
  amount: number;
  unit: 'EUR';
}
export interface Quantity {
  amount: number;
  unit: 'kWh' | 'kW' | 'EUR/kWh' | 'EUR/kW';
}

export type CostCategory =
  | 'energy'
  | 'network_energy'
  | 'network_power'
  | 'excess_power'
  | 'grand_total';

export interface CostRow {
  category: CostCategory;
  isEmpty: boolean;
  pricePerUnit: Quantity | null;
  value: Quantity | null;
  totalCost: Money;
  occurrences: number | null;
  excessivePower: Quantity | null;
  excessivePowerCost: Money | null;
  isTotal: boolean;
  isGrandTotal: boolean;
}

export interface SystemMonth {
  rows: CostRow[];
  energy: CostRow;
  networkEnergy: CostRow;
  networkPower: CostRow;
  totalCost: Money;
  excessCharged: boolean;
  excessivePowerBlocks: { block: number; occurrences: number; value: Quantity; totalCost: Money }[];
  blocks: {
    block: number;
    energyKwh: number;
    agreedPowerKw: number;
    networkEnergyCost: Money;
    networkPowerCost: Money;
  }[];
}

export interface OldMonth {
  energy: CostRow;
  networkEnergy: CostRow;
  networkPower: CostRow;
  totalCost: Money;
  rows: CostRow[];
}

export interface CalculationMonth {
  month: string;
  monthStart: string;
  partial: boolean;
  new: SystemMonth;
  optimized: SystemMonth;
  custom: SystemMonth | null;
  old: OldMonth;
}

export interface Calculations {
  from: string;
  to: string;
  tariffYear: number | null;
  tariffsCount: 1 | 2;
  agreedPowers: { new: number[]; optimized: number[]; custom: number[] | null };
  newDeterminedBy: string;
  totals: { new: Money; optimized: Money; custom: Money | null; old: Money };
  saving: Money;
  customSaving: Money | null;
  months: CalculationMonth[];
}

export interface MeterData {
  from: string;
  to: string;
  tariffYear: number | null;
  startMs: number;
  stepMs: number;
  importKw: (number | null)[];
  exportKw: (number | null)[] | null;
  blocks: number[];
  monthlyPeaks: { month: string; block: number; peakKw: number; at: string }[];
  totals: { importKwh: number; exportKwh: number };
}

export interface ScenarioSummary {
  total: Money;
  optimizedTotal: Money;
  optimizedAgreedPowers: number[];
  peakKw: number[];
}

export interface BatteryWhatIf {
  battery: { capacityKwh: number; powerKw: number; efficiencyPct: number };
  before: ScenarioSummary;
  after: ScenarioSummary;
  yearlySaving: Money;
  chargedKwh: number;
  dischargedKwh: number;
  cycles: number;
  sweep:
    | { capacityKwh: number; powerKw: number; yearlySaving: Money; optimizedAgreedPowers: number[] }[]
    | null;
}

export interface SolarWhatIf {
  productionKwh: number;
  selfConsumedKwh: number;
  exportedKwh: number;
  selfConsumptionPct: number;
  before: ScenarioSummary;
  after: ScenarioSummary;
  exportRevenue: Money;
  yearlySaving: Money;
  monthly: {
    month: string;
    productionKwh: number;
    selfConsumedKwh: number;
    exportedKwh: number;
    importBeforeKwh: number;
    importAfterKwh: number;
  }[];
  profile: 'standard' | 'weather';
}
