// Each instance on a database takes one of the id slots (db/ids.ts) as a work claim, so the ids instances make in the
// same millisecond differ. The lease is long and renewed often: a slot passes to another instance only when its holder
// has not renewed it for ten minutes, that is when it died; one that finds its slot lost (its database was out of
// reach that long) takes a free one before it makes another id.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { ID_SLOTS, useIdSlot } from '../db/ids.js';
import { everyPass } from '../periodic-pass.js';
import { claimWork, renewWork } from './claims.js';

const LEASE_SECONDS = 600;
const RENEW_MS = 60_000;
const KIND = 'id-slot';

const pieceOf = (n: number) => ({ kind: KIND, key: String(n) });

/** Takes the first free slot; false when every slot is held (the ids stay on a random slot, as before one was held). */
export async function takeIdSlot(ctx: AppContext): Promise<number | undefined> {
  for (let n = 0; n < ID_SLOTS; n += 1) {
    if (await claimWork(ctx, pieceOf(n), LEASE_SECONDS)) {
      useIdSlot(n);
      return n;
    }
  }
  return undefined;
}

/** Keeps the instance's slot while it runs; a slot lost is replaced by a free one. */
export function keepIdSlot(app: FastifyInstance, ctx: AppContext, held: number | undefined): void {
  let slot = held;
  everyPass(
    app,
    RENEW_MS,
    async () => {
      if (slot !== undefined && (await renewWork(ctx, pieceOf(slot), LEASE_SECONDS))) return;
      slot = await takeIdSlot(ctx);
      if (slot === undefined) app.log.warn('every id slot is held by another instance; ids are made on a random one');
    },
    'renewing the id slot failed; tried again at the next pass',
  );
}
