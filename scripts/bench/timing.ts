/** How the bench times a call: p50/p95 of samples, two sides in turn or in blocks so both see the same machine. */

export type Timing = { p50: number; p95: number; n: number };

/**
 * Runs `fn` `warmup` times unmeasured, then `n` times, and answers p50/p95 in milliseconds. `before`
 * runs ahead of each call, outside the measured time.
 */
export async function time(
  fn: () => Promise<unknown>,
  n = 200,
  warmup = 20,
  before?: () => Promise<unknown>,
): Promise<Timing> {
  return (await sampleInTurn([fn], n, warmup, before))[0]!;
}

/**
 * Times `a` and `b` call by call in turn (a, b, a, b ...), so that both see the same machine: a
 * background burst then weighs on both sides of a ratio instead of on whichever ran during it.
 */
export async function timeInTurn(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  n = 200,
  warmup = 20,
): Promise<[Timing, Timing]> {
  const [ta, tb] = await sampleInTurn([a, b], n, warmup);
  return [ta!, tb!];
}

/** One side of a comparison timed in blocks: `enter` puts it in place (unmeasured), `fn` is the timed call. */
export type BlockSide = { enter: () => Promise<unknown>; fn: () => Promise<unknown>; before?: () => Promise<unknown> };

/**
 * Times two sides that cannot switch call by call (a schema change puts each in place) in alternating
 * blocks: a, b, a, b ... `rounds` times, each block `warmup` unmeasured calls then `block` measured ones.
 * A background burst then weighs on both sides instead of on whichever ran during it. `before` runs
 * ahead of each measured call, outside the measured time.
 */
export async function timeInBlocks(
  [a, b]: [BlockSide, BlockSide],
  rounds = 10,
  block = 20,
  warmup = 3,
): Promise<[Timing, Timing]> {
  const samples: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    for (const [k, side] of [a, b].entries()) {
      await side.enter();
      for (let i = 0; i < warmup + block; i++) {
        await side.before?.();
        const t0 = performance.now();
        await side.fn();
        if (i >= warmup) samples[k]!.push(performance.now() - t0);
      }
    }
  }
  return [percentiles(samples[0]), percentiles(samples[1])];
}

/** Calls each of `fns` in turn, `warmup` rounds unmeasured then `n` measured, and answers each one's timing. */
async function sampleInTurn(
  fns: Array<() => Promise<unknown>>,
  n: number,
  warmup: number,
  before?: () => Promise<unknown>,
): Promise<Timing[]> {
  const samples = fns.map((): number[] => []);
  for (let i = 0; i < warmup + n; i++) {
    for (const [k, fn] of fns.entries()) {
      if (i >= warmup) await before?.();
      const t0 = performance.now();
      await fn();
      if (i >= warmup) samples[k]!.push(performance.now() - t0);
    }
  }
  return samples.map(percentiles);
}

/** p50 and p95 of samples in milliseconds (sorts them in place). */
export function percentiles(samples: number[]): Timing {
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95), n: samples.length };
}
