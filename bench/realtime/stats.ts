/**
 * Latency histogram in microseconds: 1 µs buckets below 1 ms, then three significant digits
 * (at most 1 % error) up to 100 s. Small, mergeable across processes, no per-sample storage.
 */
const LINEAR = 1000;
const PER_DECADE = 900;
const DECADES = 5;
const SIZE = LINEAR + PER_DECADE * DECADES + 1;

function bucketOf(us: number): number {
  if (us < LINEAR) return us < 0 ? 0 : Math.floor(us);
  const decade = Math.floor(Math.log10(us)) - 2;
  if (decade > DECADES) return SIZE - 1;
  const mantissa = Math.floor(us / 10 ** decade);
  return Math.min(SIZE - 1, LINEAR + (decade - 1) * PER_DECADE + (mantissa - 100));
}

function valueOf(bucket: number): number {
  if (bucket < LINEAR) return bucket;
  const offset = bucket - LINEAR;
  const decade = Math.floor(offset / PER_DECADE) + 1;
  return (100 + (offset % PER_DECADE)) * 10 ** decade;
}

export type SparseHistogram = [bucket: number, count: number][];

export class Histogram {
  private readonly counts = new Float64Array(SIZE);
  count = 0;
  max = 0;

  record(us: number) {
    const bucket = bucketOf(us);
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.count++;
    if (us > this.max) this.max = us;
  }

  reset() {
    this.counts.fill(0);
    this.count = 0;
    this.max = 0;
  }

  toSparse(): SparseHistogram {
    const out: SparseHistogram = [];
    this.counts.forEach((count, bucket) => {
      if (count > 0) out.push([bucket, count]);
    });
    return out;
  }

  merge(sparse: SparseHistogram, max = 0) {
    for (const [bucket, count] of sparse) {
      this.counts[bucket] = (this.counts[bucket] ?? 0) + count;
      this.count += count;
    }
    if (max > this.max) this.max = max;
  }

  /** The value (µs) at or below which `p` percent of the samples lie; NaN when empty. */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let bucket = 0; bucket < SIZE; bucket++) {
      seen += this.counts[bucket] ?? 0;
      if (seen >= rank) return valueOf(bucket);
    }
    return this.max;
  }
}

/** Monotonic microseconds (CLOCK_MONOTONIC), the same clock in every process of this machine. */
export function nowUs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e6 + Math.floor(ns / 1e3);
}
