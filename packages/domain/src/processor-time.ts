// Measures how long work takes, for the speed tests and scoring scripts. The domain package
// compiles without Node's types (it does no I/O), so the two globals used here are typed here.
type CpuUsage = { user: number; system: number };
const { performance, process } = globalThis as unknown as {
  performance: { now: () => number };
  process: { cpuUsage: (since?: CpuUsage) => CpuUsage };
};

export interface Timed<T> {
  result: T;
  /** Time on the clock. */
  seconds: number;
  /**
   * Processor time of this process: unlike the clock, it does not grow when other processes
   * share the machine, so a bound on it holds on a busy test machine.
   */
  cpuSeconds: number;
}

export function timed<T>(work: () => T): Timed<T> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(cpu);
  return {
    result,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}
