/**
 * Sun position and clear-sky irradiance.
 *
 * Position: the NOAA solar calculator's formulas (Meeus, "Astronomical Algorithms"; the NOAA Global Monitoring
 * Laboratory spreadsheet), accurate to about 0.01° of elevation for dates between 1901 and 2099 — far better than a
 * PV model needs. Irradiance: Meinel's clear-sky beam model with the Kasten–Young air mass, a diffuse share, and
 * the isotropic-sky transposition onto a tilted plane.
 */

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

/** Where the sun is, seen from a place on earth. */
export interface SunPosition {
  /** Degrees above the horizon (negative at night), corrected for atmospheric refraction. */
  elevationDeg: number;
  /** Degrees clockwise from true north (90 = east, 180 = south). */
  azimuthDeg: number;
  /** Solar declination, degrees. */
  declinationDeg: number;
}

/** The slowly varying part of the sun's position: declination and equation of time at an instant. */
export interface SolarDay {
  /** Solar declination, radians. */
  declination: number;
  /** Equation of time, minutes. */
  equationOfTimeMin: number;
}

/** Declination and equation of time for an instant (ms since 1970, UTC). */
export function solarDay(timeMs: number): SolarDay {
  const julianDay = timeMs / 86_400_000 + 2_440_587.5;
  const t = (julianDay - 2_451_545) / 36_525; // Julian centuries since J2000.0
  const meanLongitude = (((280.46646 + t * (36_000.76983 + t * 0.0003032)) % 360) + 360) % 360;
  const meanAnomaly = 357.52911 + t * (35_999.05029 - 0.0001537 * t);
  const eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const m = meanAnomaly * RAD;
  const centre =
    Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m) * 0.000289;
  const omega = (125.04 - 1934.136 * t) * RAD;
  const apparentLongitude = (meanLongitude + centre - 0.00569 - 0.00478 * Math.sin(omega)) * RAD;
  const meanObliquity =
    23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const obliquity = (meanObliquity + 0.00256 * Math.cos(omega)) * RAD;
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude));
  const y = Math.tan(obliquity / 2) ** 2;
  const l0 = meanLongitude * RAD;
  const equationOfTimeMin =
    4 *
    DEG *
    (y * Math.sin(2 * l0) -
      2 * eccentricity * Math.sin(m) +
      4 * eccentricity * y * Math.sin(m) * Math.cos(2 * l0) -
      0.5 * y * y * Math.sin(4 * l0) -
      1.25 * eccentricity * eccentricity * Math.sin(2 * m));
  return { declination, equationOfTimeMin };
}

/** Sun position for an instant (ms since 1970, UTC) at latitude/longitude in degrees (east positive). */
export function sunPosition(timeMs: number, latitude: number, longitude: number): SunPosition {
  return positionFrom(solarDay(timeMs), timeMs, latitude, longitude);
}

/**
 * A sun-position function for one place that recomputes declination and equation of time once per hour (they
 * change by under 0.02° and 0.02 min in an hour) — five times faster for a simulation stepping by minutes.
 */
export function sunTracker(latitude: number, longitude: number): (timeMs: number) => SunPosition {
  let hour = Number.NaN;
  let day: SolarDay = solarDay(0);
  return (timeMs) => {
    const h = Math.floor(timeMs / 3_600_000);
    if (h !== hour) {
      hour = h;
      day = solarDay(h * 3_600_000 + 1_800_000);
    }
    return positionFrom(day, timeMs, latitude, longitude);
  };
}

function positionFrom(
  { declination, equationOfTimeMin }: SolarDay,
  timeMs: number,
  latitude: number,
  longitude: number,
): SunPosition {
  const minutesUtc = (((timeMs % 86_400_000) + 86_400_000) % 86_400_000) / 60_000;
  const trueSolarMin = (((minutesUtc + equationOfTimeMin + 4 * longitude) % 1440) + 1440) % 1440;
  const hourAngleDeg = trueSolarMin / 4 - 180; // 0 at solar noon, negative in the morning
  const lat = latitude * RAD;
  const cosZenith = Math.min(
    1,
    Math.max(
      -1,
      Math.sin(lat) * Math.sin(declination) +
        Math.cos(lat) * Math.cos(declination) * Math.cos(hourAngleDeg * RAD),
    ),
  );
  const zenith = Math.acos(cosZenith);
  const elevation = 90 - zenith * DEG;

  let azimuth: number;
  const denominator = Math.cos(lat) * Math.sin(zenith);
  if (Math.abs(denominator) < 1e-9) {
    azimuth = latitude > 0 ? 180 : 0;
  } else {
    const cosAz = Math.min(
      1,
      Math.max(-1, (Math.sin(lat) * cosZenith - Math.sin(declination)) / denominator),
    );
    const a = Math.acos(cosAz) * DEG;
    azimuth = hourAngleDeg > 0 ? (a + 180) % 360 : (540 - a) % 360;
  }

  return {
    elevationDeg: elevation + refraction(elevation),
    azimuthDeg: azimuth,
    declinationDeg: declination * DEG,
  };
}

/** Atmospheric refraction in degrees for a true elevation (NOAA's piecewise approximation). */
function refraction(elevation: number): number {
  if (elevation > 85) return 0;
  const te = Math.tan(elevation * RAD);
  let arcsec: number;
  if (elevation > 5) arcsec = 58.1 / te - 0.07 / te ** 3 + 0.000086 / te ** 5;
  else if (elevation > -0.575)
    arcsec =
      1735 + elevation * (-518.2 + elevation * (103.4 + elevation * (-12.79 + elevation * 0.711)));
  else arcsec = -20.772 / te;
  return arcsec / 3600;
}

/** Irradiance on a plane, W/m². */
export interface PlaneIrradiance {
  /** Global irradiance on the tilted plane (plane of array). */
  poa: number;
  /** Global horizontal irradiance. */
  ghi: number;
}

/**
 * Clear-sky irradiance on a plane of `tiltDeg` facing `azimuthDeg` (180 = south), for the sun at `sun`.
 * Beam: Meinel, DNI = 1361 · 0.7^(AM^0.678); diffuse on the horizontal: 10 % of the beam's horizontal part plus a
 * small constant at low sun; ground reflection with albedo 0.2. Zero when the sun is below the horizon.
 */
export function clearSkyIrradiance(
  sun: SunPosition,
  tiltDeg: number,
  azimuthDeg: number,
): PlaneIrradiance {
  if (sun.elevationDeg <= 0) return { poa: 0, ghi: 0 };
  const zenithDeg = 90 - sun.elevationDeg;
  const cosZ = Math.cos(zenithDeg * RAD);
  const airMass = 1 / (cosZ + 0.50572 * (96.07995 - zenithDeg) ** -1.6364);
  const dni = 1361 * 0.7 ** (airMass ** 0.678);
  const beamHorizontal = dni * cosZ;
  const diffuseHorizontal =
    0.1 * dni * Math.max(cosZ, 0.05) + 20 * Math.min(1, sun.elevationDeg / 10);
  const ghi = beamHorizontal + diffuseHorizontal;
  const tilt = tiltDeg * RAD;
  const cosIncidence =
    cosZ * Math.cos(tilt) +
    Math.sin(zenithDeg * RAD) * Math.sin(tilt) * Math.cos((sun.azimuthDeg - azimuthDeg) * RAD);
  const poa =
    dni * Math.max(0, cosIncidence) +
    (diffuseHorizontal * (1 + Math.cos(tilt))) / 2 +
    (ghi * 0.2 * (1 - Math.cos(tilt))) / 2;
  return { poa, ghi };
}
