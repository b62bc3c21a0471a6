// Money waiting on the provider, as /metrics shows it when scraped (docs/operations.md): what the recovery worker is
// asking about, and what has waited longer than RECONCILE_STALE_MINUTES (30 by default), the list reconcile shows.
import type { AppContext } from '../../platform/context.js';
import { parseDateTime } from '../../platform/db/time.js';
import type { GaugeReading, ScrapedGauge } from '../../platform/ops/metrics.js';
import { staleMoney } from './stale.js';

async function claimsByKind(ctx: AppContext) {
  return ctx.db
    .selectFrom('biz_recovery')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('attempts').as('attempts')])
    .groupBy('kind')
    .execute();
}

const STALE_KINDS = ['refund', 'order', 'withdrawal', 'transfer', 'split'];

type StaleFigures = Map<string, { count: number; oldestSeconds: number }>;

/** One scrape reads two gauges of the same list: it is read once. */
const recent = new WeakMap<AppContext, { at: number; figures: Promise<StaleFigures> }>();

function staleByKind(ctx: AppContext): Promise<StaleFigures> {
  const held = recent.get(ctx);
  if (held && Date.now() - held.at < 1000) return held.figures;
  const figures = readStale(ctx);
  recent.set(ctx, { at: Date.now(), figures });
  return figures;
}

/** Per kind, each kind present even at 0, so an alert's series never disappears when the money is done. */
async function readStale(ctx: AppContext): Promise<StaleFigures> {
  const at = Date.now();
  const byKind = new Map(STALE_KINDS.map((kind) => [kind, { count: 0, oldestSeconds: 0 }]));
  for (const record of await staleMoney(ctx, new Date(at))) {
    const figures = byKind.get(record.kind) ?? { count: 0, oldestSeconds: 0 };
    figures.count += 1;
    figures.oldestSeconds = Math.max(figures.oldestSeconds, (at - parseDateTime(record.since).getTime()) / 1000);
    byKind.set(record.kind, figures);
  }
  return byKind;
}

const perKind = (entries: Iterable<[string, number]>): GaugeReading[] =>
  [...entries].map(([kind, value]) => ({ labels: { kind }, value }));

export const moneyWaitingGauges: ScrapedGauge[] = [
  {
    name: 'recovery_waiting',
    help: 'Records the recovery worker is asking the payment provider about, by kind',
    labelNames: ['kind'],
    read: async (ctx) => perKind((await claimsByKind(ctx)).map((row) => [row.kind, Number(row.count)])),
  },
  {
    name: 'recovery_attempts_max',
    help: 'The most attempts the recovery worker has made on one waiting record, by kind (each waits twice as long)',
    labelNames: ['kind'],
    read: async (ctx) => perKind((await claimsByKind(ctx)).map((row) => [row.kind, Number(row.attempts)])),
  },
  {
    name: 'money_waiting_stale',
    help: 'Money in a non-final state for longer than RECONCILE_STALE_MINUTES (30 by default), by kind',
    labelNames: ['kind'],
    read: async (ctx) => perKind([...(await staleByKind(ctx))].map(([kind, figures]) => [kind, figures.count])),
  },
  {
    name: 'money_waiting_stale_oldest_seconds',
    help: 'How long the oldest of that money has waited, by kind; 0 when none',
    labelNames: ['kind'],
    read: async (ctx) =>
      perKind([...(await staleByKind(ctx))].map(([kind, figures]) => [kind, Math.round(figures.oldestSeconds)])),
  },
];
