// Instances on one database make ids in the same millisecond that never meet: each holds a slot of its own.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ID_SLOTS, nextId, useIdSlot } from '../../../server/platform/db/ids.js';
import { claimWork } from '../../../server/platform/work/claims.js';
import { takeIdSlot } from '../../../server/platform/work/id-slot.js';
import { startTestServer, type TestServer } from '../harness.js';

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({ DATABASE_URL: first.databaseUrl });
});

afterAll(async () => {
  vi.useRealTimers();
  await second?.close();
  await first?.close();
});

const slotsHeld = () =>
  first.ctx.db
    .selectFrom('blade_work_claim')
    .select(['workKey', 'holder'])
    .where('kind', '=', 'id-slot')
    .orderBy('workKey')
    .execute();

describe('id slots', () => {
  it('gives each instance on the database a slot of its own', async () => {
    const held = await slotsHeld();
    expect(held.map((row) => row.workKey)).toEqual(['0', '1']);
    expect(new Set(held.map((row) => row.holder)).size).toBe(2);
  });

  it('makes different ids on two slots in one millisecond, and 1,000 distinct ids a millisecond on one', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-07T04:00:00Z') });
    useIdSlot(0);
    const onZero = Array.from({ length: 1000 }, () => nextId());
    vi.setSystemTime(new Date('2026-12-07T04:00:00Z'));
    useIdSlot(1);
    const onOne = Array.from({ length: 1000 }, () => nextId());
    vi.useRealTimers();
    const all = new Set([...onZero, ...onOne]);
    expect(all.size).toBe(2000);
    // Made in order within a slot, as lists sorted by id expect.
    expect(onZero).toEqual([...onZero].sort((a, b) => a - b));
    expect(Math.max(...all)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it('passes over held slots, and answers none when every one is held', async () => {
    for (let n = 2; n < ID_SLOTS; n += 1) await claimWork(second.ctx, { kind: 'id-slot', key: String(n) }, 600);
    expect(await takeIdSlot(first.ctx)).toBeUndefined();
    await first.ctx.db
      .deleteFrom('blade_work_claim')
      .where('kind', '=', 'id-slot')
      .where('workKey', '=', '7')
      .execute();
    expect(await takeIdSlot(first.ctx)).toBe(7);
  });
});
