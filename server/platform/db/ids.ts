// Row ids are 53-bit time-ordered numbers: exact as JavaScript numbers and as SQL bigints on both databases, so no
// layer has to juggle BigInt. On the wire they still travel as strings, as BladeX clients expect.
// Layout: milliseconds since 2024-01-01 (good until ~2093) × 4096 + the instance's slot × 128 + a counter. Instances
// on one database each hold a slot of their own (work/id-slot.ts), so two writing in the same millisecond never make
// the same id; an instance makes 128 ids a millisecond, and a burst beyond that borrows the next millisecond.
const EPOCH = Date.UTC(2024, 0, 1);
export const ID_SLOTS = 32;
const PER_MS = 128;

// Until the instance holds a slot from its database (a tool run alone, the first start's seeding), one at random.
let slot = Math.floor(Math.random() * ID_SLOTS);
let lastMs = 0;
let counter = 0;

/** The slot this process's ids carry from now on, as its database gave it. */
export function useIdSlot(taken: number): void {
  if (!Number.isInteger(taken) || taken < 0 || taken >= ID_SLOTS) throw new RangeError(`id slot ${taken}`);
  slot = taken;
}

export function nextId(): number {
  let ms = Date.now() - EPOCH;
  if (ms <= lastMs) {
    ms = lastMs;
    counter += 1;
    if (counter === PER_MS) {
      ms += 1;
      counter = 0;
    }
  } else {
    counter = 0;
  }
  lastMs = ms;
  return ms * 4096 + slot * PER_MS + counter;
}
