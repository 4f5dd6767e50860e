// Colour-vision-deficiency simulation, so the tests can keep grid import (red) and grid export (green)
// apart for the roughly 1 in 12 men who confuse red and green.

import { parseHex } from './contrast.ts';

/** The three dichromacies. */
export const COLOR_VISION_DEFICIENCIES = ['protanopia', 'deuteranopia', 'tritanopia'] as const;
/** One of the simulated deficiencies. */
export type ColorVisionDeficiency = (typeof COLOR_VISION_DEFICIENCIES)[number];

type Matrix = readonly [
  readonly [number, number, number],
  readonly [number, number, number],
  readonly [number, number, number],
];

// Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear sRGB. Each row sums to 1 so
// neutrals stay neutral.
const MATRICES: Record<ColorVisionDeficiency, Matrix> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function toLinear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function toHexChannel(value: number): string {
  const v = Math.min(1, Math.max(0, value));
  const encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.round(encoded * 255)
    .toString(16)
    .padStart(2, '0');
}

/** How `hex` looks to someone with the given dichromacy, as `#rrggbb`. */
export function simulateColorVision(hex: string, deficiency: ColorVisionDeficiency): string {
  const { r, g, b } = parseHex(hex);
  const rgb = [toLinear(r), toLinear(g), toLinear(b)] as const;
  const m = MATRICES[deficiency];
  const channel = (row: readonly [number, number, number]) =>
    row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2];
  return `#${toHexChannel(channel(m[0]))}${toHexChannel(channel(m[1]))}${toHexChannel(channel(m[2]))}`;
}
