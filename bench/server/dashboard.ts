// `npm run bench`, dashboard part: the home dashboard's calls and a month of the hospital report, on a server that
// already holds the order history (the orders part's million orders). Goals: each dashboard call p99 ≤ 100 ms, the
// report ≤ 500 ms. Figures, not verdicts.
const REQUESTS = 100;
const WARM_UP = 10;

type Figures = Record<string, string | number>;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function timed(url: string, headers: Record<string, string>, count: number) {
  const latencies: number[] = [];
  let failures = 0;
  for (let i = 0; i < WARM_UP + count; i += 1) {
    const begun = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) failures += 1;
    if (i >= WARM_UP) latencies.push(performance.now() - begun);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

export async function benchDashboard(address: string, headers: Record<string, string>): Promise<Figures> {
  const calls: Array<[string, string, number]> = [
    ['home/data', '/api/blade-system/home/data', REQUESTS],
    ['home/seven', '/api/blade-system/home/seven', REQUESTS],
    ['home/map', '/api/blade-system/home/map', REQUESTS],
    ['hos/report (30 days)', `/api/blade-system/hos/report?startDate=${day(30)}&endDate=${day(1)}`, REQUESTS / 5],
  ];
  const out: Figures = {};
  for (const [name, url, count] of calls) {
    const result = await timed(`${address}${url}`, headers, count);
    out[`${name} p50 ms`] = Number(result.p50.toFixed(2));
    out[`${name} p99 ms`] = Number(result.p99.toFixed(2));
    if (result.failures) out[`${name} failures`] = result.failures;
  }
  return out;
}
