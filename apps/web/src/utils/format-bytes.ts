const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size as people read it, in binary units with at most one decimal: "512 bytes", "12.3 MB",
 * "500 MB", "1.5 GB". A whole number drops its ".0".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    const whole = Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0));
    return `${whole} ${whole === 1 ? 'byte' : 'bytes'}`;
  }
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounded first, so 1023.96 KB reads "1 MB" rather than "1024 KB".
  let rounded = Math.round(value * 10) / 10;
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = Math.round((rounded / 1024) * 10) / 10;
    unit += 1;
  }
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return `${text} ${UNITS[unit] ?? 'TB'}`;
}
