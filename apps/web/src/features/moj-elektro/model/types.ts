// The API shapes of DESIGN-14 §5, from the contract (packages/contract/src/moj-elektro.ts).
import type {
  AbstractDevice,
  Calculations,
  CostMoney,
  CostQuantity,
  CostRow,
  PowerLimit,
} from '@ec/contract';

export type {
  AbstractDevice,
  BatteryWhatIf,
  CalculationFilter,
  Calculations,
  ConsumerInfo,
  CostRow,
  ExternalCredential,
  MeterData,
  OldMonth,
  ScenarioSummary,
  SolarWhatIf,
  SystemMonth,
} from '@ec/contract';

export type Money = CostMoney;
export type Quantity = CostQuantity;
export type PowerLimitRecord = PowerLimit;
export type ImportStatus = AbstractDevice['import']['status'];
export type CostCategory = CostRow['category'];
export type CalculationMonth = Calculations['months'][number];
