// A small fixed-count load loop over fetch: `concurrency` workers share `count` requests. Figures, not verdicts.
export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

export interface LoadRequest {
  url: string;
  init?: RequestInit;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** `request` may be one per connection (worker i sends `request[i % length]`), e.g. one account each. */
export async function load(
  request: LoadRequest | LoadRequest[],
  count: number,
  concurrency: number,
): Promise<LoadResult> {
  const requests = Array.isArray(request) ? request : [request];
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const worker = async (_: unknown, index: number): Promise<void> => {
    const { url, init } = requests[index % requests.length];
    while (next < count) {
      next += 1;
      const started = performance.now();
      const response = await fetch(url, init);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(count / seconds),
    p50: Number(percentile(latencies, 50).toFixed(2)),
    p99: Number(percentile(latencies, 99).toFixed(2)),
    failures,
  };
}
