/** Seeded property runs for the rule tests: RULES_SEED=<n> replays a failing run. */
export const SEED = Number(process.env.RULES_SEED ?? 20260214);

/** mulberry32: small, fast and good enough for test inputs. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [min, max]. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T,>(items: readonly T[]): T => items[int(0, items.length - 1)];
  return { next, int, pick };
}

export type Rng = ReturnType<typeof prng>;

/** Runs `check` on `count` generated cases; a failure names the seed, the case number and its input. */
export function forAll<T>(count: number, generate: (rng: Rng) => T, check: (input: T) => void): void {
  const rng = prng(SEED);
  for (let i = 0; i < count; i++) {
    const input = generate(rng);
    try {
      check(input);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new Error(`case ${i} failed (RULES_SEED=${SEED} replays it): ${JSON.stringify(input)}\n${detail}`);
    }
  }
}
