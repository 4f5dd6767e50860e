/**
 * A battery that follows a self-consumption strategy: it charges from PV surplus, discharges to cover the load,
 * and never imports from or exports to the grid on purpose. Limits: capacity, state-of-charge window, charge and
 * discharge power; one-way efficiency on each side (round trip = efficiency²).
 */

/** A battery's ratings. */
export interface BatterySpec {
  /** Usable capacity, Wh. */
  capacityWh: number;
  /** Largest AC charge power, W. */
  maxChargeW: number;
  /** Largest AC discharge power, W. */
  maxDischargeW: number;
  /** One-way efficiency (AC → stored and stored → AC), e.g. 0.95. */
  efficiency: number;
  /** Lowest state of charge the strategy discharges to, %. */
  minSocPct: number;
  /** Highest state of charge the strategy charges to, %. */
  maxSocPct: number;
}

/** Below this the battery stays idle (inverters do not chase a few watts). */
const DEADBAND_W = 25;

/** The battery's energy content; `dispatch` decides the power of a step and `apply` books it. */
export class Battery {
  /** Energy stored, Wh. */
  storedWh: number;

  readonly spec: BatterySpec;

  constructor(spec: BatterySpec, socPct: number) {
    this.spec = spec;
    this.storedWh =
      (spec.capacityWh * Math.min(spec.maxSocPct, Math.max(spec.minSocPct, socPct))) / 100;
  }

  /** State of charge, %. */
  get socPct(): number {
    return (this.storedWh / this.spec.capacityWh) * 100;
  }

  /**
   * The AC power for a step of `stepS` seconds given the site's PV surplus (`surplusW` > 0: PV exceeds the load;
   * < 0: the load exceeds PV). Battery sign convention: + discharge, − charge.
   */
  dispatch(surplusW: number, stepS: number): number {
    const hours = stepS / 3600;
    const { capacityWh, maxChargeW, maxDischargeW, efficiency, minSocPct, maxSocPct } = this.spec;
    if (surplusW > DEADBAND_W) {
      const roomWh = (capacityWh * maxSocPct) / 100 - this.storedWh;
      const charge = Math.min(surplusW, maxChargeW, Math.max(0, roomWh / (efficiency * hours)));
      return charge > DEADBAND_W ? -charge : 0;
    }
    if (surplusW < -DEADBAND_W) {
      const availableWh = this.storedWh - (capacityWh * minSocPct) / 100;
      const discharge = Math.min(
        -surplusW,
        maxDischargeW,
        Math.max(0, (availableWh * efficiency) / hours),
      );
      return discharge > DEADBAND_W ? discharge : 0;
    }
    return 0;
  }

  /** Books a step of AC power `powerW` (+ discharge, − charge) lasting `stepS` seconds. */
  apply(powerW: number, stepS: number): void {
    const hours = stepS / 3600;
    if (powerW < 0) this.storedWh += -powerW * this.spec.efficiency * hours;
    else this.storedWh -= (powerW / this.spec.efficiency) * hours;
  }
}
