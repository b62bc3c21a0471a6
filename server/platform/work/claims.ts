// How every background pass takes a piece of work when several instances share one database (recovery, notification
// redelivery, workflow timers, the article publish check, exports, bill downloads): a row per piece naming the
// instance that holds it and until when. Only one instance wins the insert, or the conditional update of a lease that
// ran out, so a piece is worked on by one instance at a time; the lease of an instance that died runs out by itself,
// and an instance that stops gracefully hands its leases back at once.
import crypto from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../context.js';
import { formatDateTime } from '../db/time.js';

// An instance is a server's pool of connections to the database (one per process in production; tests run several
// in one process), named by its host, process and a random part so that a reused pid is never mistaken for it.
const names = new WeakMap<object, string>();

/** The instance `ctx` belongs to, as its leases name it. */
export function instanceOf(ctx: AppContext): string {
  let name = names.get(ctx.db);
  if (!name) {
    name = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`.slice(-96);
    names.set(ctx.db, name);
  }
  return name;
}

/** What a pass works on: the kind of work and the piece's own key (a business number, a day, a job id). */
export interface WorkPiece {
  kind: string;
  key: string;
}

const until = (at: Date, leaseSeconds: number) => formatDateTime(new Date(at.getTime() + leaseSeconds * 1000));

/** Takes the piece for `leaseSeconds`; false when another instance holds a lease that has not run out. */
export async function claimWork(
  ctx: AppContext,
  piece: WorkPiece,
  leaseSeconds: number,
  at: Date = new Date(),
): Promise<boolean> {
  const inserted = await ctx.db
    .insertInto('blade_work_claim')
    .values({ kind: piece.kind, workKey: piece.key, holder: instanceOf(ctx), until: until(at, leaseSeconds) })
    .onConflict((oc) => oc.columns(['kind', 'workKey']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  // The lease ran out (its holder died, or was stopped before it could give the piece back): take it over. Held by
  // anyone, this instance included, it is refused, so two passes of one instance never share a piece either.
  const taken = await ctx.db
    .updateTable('blade_work_claim')
    .set({ holder: instanceOf(ctx), until: until(at, leaseSeconds) })
    .where('kind', '=', piece.kind)
    .where('workKey', '=', piece.key)
    .where('until', '<', formatDateTime(at))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Lengthens this instance's lease on a piece still being worked on; false when it was lost to another. */
export async function renewWork(ctx: AppContext, piece: WorkPiece, leaseSeconds: number): Promise<boolean> {
  const renewed = await ctx.db
    .updateTable('blade_work_claim')
    .set({ until: until(new Date(), leaseSeconds) })
    .where('kind', '=', piece.kind)
    .where('workKey', '=', piece.key)
    .where('holder', '=', instanceOf(ctx))
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/** Gives the piece back (its work is done, or failed and may be tried at once elsewhere). */
export async function releaseWork(ctx: AppContext, piece: WorkPiece): Promise<void> {
  await ctx.db
    .deleteFrom('blade_work_claim')
    .where('kind', '=', piece.kind)
    .where('workKey', '=', piece.key)
    .where('holder', '=', instanceOf(ctx))
    .execute();
}

/** Gives back every lease this instance holds, when it stops; returns how many. */
export async function releaseAllWork(ctx: AppContext): Promise<number> {
  const released = await ctx.db.deleteFrom('blade_work_claim').where('holder', '=', instanceOf(ctx)).executeTakeFirst();
  return Number(released.numDeletedRows);
}

/**
 * Runs `work` on the piece if this instance can take it, and gives the piece back afterwards whether the work ended
 * or threw; undefined when another instance holds it. The lease must outlast the work: a piece whose lease ran out
 * while still being worked on may be taken by another instance. `at` stands for now, as in the pass that asks.
 */
export async function withWork<T>(
  ctx: AppContext,
  piece: WorkPiece,
  leaseSeconds: number,
  work: () => Promise<T>,
  at: Date = new Date(),
): Promise<T | undefined> {
  if (!(await claimWork(ctx, piece, leaseSeconds, at))) return undefined;
  try {
    return await work();
  } finally {
    await releaseWork(ctx, piece);
  }
}
