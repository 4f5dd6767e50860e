// Exact optimal agreed power.
//
// Problem. Over a period, choose p₁ … p₅ on the 0.1 kW grid with L ≤ p₁ ≤ p₂ ≤ p₃ ≤ p₄ ≤ p₅ ≤ H (L = minimum,
// H = connection power) minimising Σ_b C_b(p_b), where for block b
//
//   C_b(p) = Σ_months [ p · rate_bm · prorate_m  +  rate_bm · factor_m · √( Σ_{i in (b,m)} max(0, Pᵢ − p)² ) ].
//
// Energy costs do not depend on the agreed power, so they are left out.
//
// Structure. The objective is separable: block b's cost depends on p_b only. Each C_b is convex: the fee term is
// linear, and the excess term is the Euclidean norm of the vector (max(0, Pᵢ − p))ᵢ, whose components are convex
// and non-negative in p; a norm that is monotone on the non-negative orthant, applied to such a vector, is convex.
// A sum over months keeps convexity. Above the block's largest power the excess vanishes and C_b only grows (or
// stays flat where the rate is 0), so the search can stop at max(L, ⌈max Pᵢ⌉) without losing an optimum that is
// lowest. The blocks are coupled only by the chain P1 ≤ … ≤ P5 (an isotonic constraint).
//
// Method. Dynamic programming over the grid, which is exact for a separable objective on a chain, convex or not:
//
//   F₁(p) = C₁(p),   F_b(p) = C_b(p) + min_{q ≤ p} F_{b−1}(q),   optimum = min_p F₅(p).
//
// Prefix minima make each stage O(G) for G grid points; the cost curves are built in O(n + G) per month-block by
// sweeping p upwards over that group's sorted powers with suffix sums (Σ v, Σ v²), so
// Σ (v − a)² = S₂ − 2a·S₁ + k·a² for the k values above a. Powers are integers in 0.1 W, so these sums are exact.
//
// Ties. Among optimal solutions the lowest values win. Because the objective is a sum of one-variable terms and the
// feasible set is closed under componentwise min and max, the optimal solutions are closed under componentwise min:
// a least optimal solution exists. Backtracking picks the smallest optimal p₅, then the smallest q ≤ p₅ attaining
// the prefix minimum for block 4, and so on, which yields exactly that least solution.
//
// Exactness is tested against exhaustive enumeration of every ordered 5-tuple (optimize.test.ts).

import { BLOCK_NUMBERS, type BlockNumber } from './calendar.ts';
import { NetworkFeeError } from './errors.ts';
import { excessCharge, powerFee } from './calculate.ts';
import { UNITS_PER_TENTH, type PreparedPeriod } from './series.ts';
import type { AgreedPowerLimits } from './agreed-power.ts';

/** The optimal agreed powers and what they cost. */
export interface OptimalAgreedPower {
  /** The five values in kW. */
  readonly agreedPowerKw: readonly number[];
  /** The five values in 0.1 kW steps. */
  readonly tenths: readonly number[];
  /** Power fee plus excess charge over the period at these values, EUR. */
  readonly cost: number;
}

/**
 * Cost of one block (power fee + excess charge, summed over the period's months) for every agreed power from
 * `lowTenths` to `highTenths` (0.1 kW steps); element j belongs to lowTenths + j.
 */
export function blockCostCurve(
  period: PreparedPeriod,
  block: BlockNumber,
  lowTenths: number,
  highTenths: number,
): Float64Array {
  const size = highTenths - lowTenths + 1;
  const curve = new Float64Array(Math.max(0, size));
  const values = period.groupValues;
  period.months.forEach((month, mi) => {
    if (!month.blockOccurs[block]) return;
    const rate = month.rates.powerEurPerKwMonth[block - 1] as number;
    const g = mi * 5 + block - 1;
    const start = period.groupStart[g] as number;
    const end = period.groupStart[g + 1] as number;
    let k = start;
    for (let j = 0; j < size; j++) {
      const tenths = lowTenths + j;
      const a = tenths * UNITS_PER_TENTH;
      while (k < end && (values[k] as number) <= a) k++;
      const count = end - k;
      let squares = 0;
      if (count > 0) {
        squares =
          (period.suffix2[k + g] as number) -
          2 * a * (period.suffix1[k + g] as number) +
          count * a * a;
        if (squares < 0) squares = 0;
      }
      curve[j] =
        (curve[j] as number) +
        powerFee(tenths, rate, month.prorate) +
        excessCharge(squares, rate, month.excessFactor);
    }
  });
  return curve;
}

/**
 * Finds the five agreed powers that minimise power fee plus excess charge over the period, subject to the minimum,
 * P1 ≤ … ≤ P5 and the connection power; ties go to the lowest values. Excess is always counted (choosing values
 * makes the user liable). Throws INVALID_CONNECTION when the minimum exceeds the connection power.
 */
export function optimizeAgreedPower(
  period: PreparedPeriod,
  limits: AgreedPowerLimits,
): OptimalAgreedPower {
  const low = limits.minimumTenths;
  const dataHigh = Math.max(low, Math.ceil(period.maxUnits / UNITS_PER_TENTH));
  const high =
    limits.connectionTenths === undefined ? dataHigh : Math.min(limits.connectionTenths, dataHigh);
  if (high < low) {
    throw new NetworkFeeError(
      'INVALID_CONNECTION',
      `the minimum agreed power ${low / 10} kW exceeds the connection power ${high / 10} kW`,
      { minimumKw: low / 10, connectionPowerKw: high / 10 },
    );
  }
  const size = high - low + 1;
  // F holds F_b; arg[b][j] is the smallest q ≤ j minimising F_{b−1}(q) (for backtracking).
  let f = blockCostCurve(period, 1, low, high);
  const arg: Int32Array[] = [];
  for (const block of BLOCK_NUMBERS.slice(1)) {
    const curve = blockCostCurve(period, block, low, high);
    const choice = new Int32Array(size);
    let best = Infinity;
    let bestAt = 0;
    for (let j = 0; j < size; j++) {
      const v = f[j] as number;
      if (v < best) {
        best = v;
        bestAt = j;
      }
      choice[j] = bestAt;
      curve[j] = (curve[j] as number) + best;
    }
    arg.push(choice);
    f = curve;
  }
  let j = 0;
  for (let k = 1; k < size; k++) if ((f[k] as number) < (f[j] as number)) j = k;
  const cost = f[j] as number;
  const picks = [j];
  for (let b = arg.length - 1; b >= 0; b--) {
    j = (arg[b] as Int32Array)[j] as number;
    picks.unshift(j);
  }
  const tenths = picks.map((p) => low + p);
  return { tenths, agreedPowerKw: tenths.map((t) => t / 10), cost };
}
