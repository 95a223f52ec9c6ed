/** Whether a decimal number typed in a form has at most `decimals` digits after the point (0.1 + 0.2 tolerated). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
