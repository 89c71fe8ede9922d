/**
 * A small deterministic generator (mulberry32): the benchmark case and its documents must be
 * the same bytes on every run, so runs on different days compare like with like.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed)) throw new Error(`seed ${seed} is not valid; expected an integer`);
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  digits(length: number): string {
    let text = '';
    for (let i = 0; i < length; i += 1) text += String(this.int(0, 9));
    return text;
  }
}
