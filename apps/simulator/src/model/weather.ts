/**
 * Weather: a daily cloudiness process and an outdoor temperature, both deterministic functions of the seed, the
 * place and the instant.
 *
 * Cloudiness (0 clear … 1 overcast) of a day is a blend of independent daily draws with the two previous days
 * (weather persists for a few days), shifted by season: at mid-latitudes winters are cloudier than summers. Within
 * a day, cloud passages modulate it on a scale of ~10 minutes.
 *
 * Temperature: an annual mean falling with latitude (≈ 10.5 °C at 46° N), a seasonal cosine (coldest around
 * 20 January, amplitude 10 K), a daily cosine (warmest at 15:00, coldest at 03:00 local solar time, smaller on
 * cloudy days), and a slowly varying daily anomaly (±4 K, cold spells).
 */
import { uniform, valueNoise } from './random.ts';

const STREAM_CLOUD_DAY = 101;
const STREAM_CLOUD_MINUTE = 102;
const STREAM_TEMPERATURE_DAY = 103;

/** Cloudiness of a day (0 clear … 1 overcast); `dayIndex` = days since 1970, `dayOfYear` for the season. */
export function dailyCloudiness(seed: number, dayIndex: number, dayOfYear: number): number {
  const draw = (d: number) => uniform(seed, STREAM_CLOUD_DAY, d);
  const persistent = 0.5 * draw(dayIndex) + 0.3 * draw(dayIndex - 1) + 0.2 * draw(dayIndex - 2);
  // Slightly cloudier than even (central Europe: ~1200 kWh/kWp a year). Season: +0.2 in mid-winter, −0.2 in mid-summer (northern hemisphere).
  const season = 0.2 * Math.cos((2 * Math.PI * (dayOfYear - 10)) / 365);
  // Spread the blended draw (which bunches around 0.5) back out over 0…1.
  const spread = 0.58 + (persistent - 0.5) * 1.8 + season;
  return Math.min(1, Math.max(0, spread));
}

/**
 * The fraction of clear-sky irradiance reaching the panels at an instant, for a day of cloudiness `cloudiness`:
 * overcast days keep ~20–30 % (diffuse light), broken-cloud days flicker between sun and shade.
 */
export function clearness(seed: number, cloudiness: number, timeMs: number): number {
  const minute = timeMs / 60_000;
  // Clouds passing: noise on a 12-minute scale, strongest on half-cloudy days.
  const passing = valueNoise(seed, STREAM_CLOUD_MINUTE, minute / 12);
  const variability = 4 * cloudiness * (1 - cloudiness); // 0 on clear or overcast days, 1 at 0.5
  const local = Math.min(1, Math.max(0, cloudiness + 0.45 * variability * passing));
  // Kasten–Czeplak: GHI / GHI_clear = 1 − 0.75 · N^3.4 (N = cloud cover fraction).
  return 1 - 0.75 * local ** 3.4;
}

/** Annual mean temperature (°C) by latitude: a fit through central European stations (Ljubljana, Graz, Split). */
export function annualMeanTemperature(latitude: number): number {
  return 30 - 0.42 * Math.abs(latitude);
}

/**
 * Outdoor temperature (°C) at an instant: season + time of day + daily anomaly. `solarHour` is local solar time in
 * hours (use the longitude: solar hour = UTC hour + longitude / 15).
 */
export function outdoorTemperature(
  seed: number,
  latitude: number,
  dayIndex: number,
  dayOfYear: number,
  solarHour: number,
  cloudiness: number,
): number {
  const seasonal =
    annualMeanTemperature(latitude) - 10 * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365);
  const dailyAmplitude = 6 - 3.5 * cloudiness; // clear days are warmer by day and colder at night
  const daily = dailyAmplitude * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  const anomaly = 4 * valueNoise(seed, STREAM_TEMPERATURE_DAY, (dayIndex + solarHour / 24) / 3);
  return seasonal + daily + anomaly;
}
