// Two instances on one database take a piece of work through its lease: one at a time, the lease of one that stopped
// answering runs out, and an instance that stops gracefully hands its pieces back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimWork, releaseAllWork, releaseWork, renewWork, withWork } from '../../../server/platform/work/claims.js';
import { startTestServer, type TestServer } from '../harness.js';

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({ DATABASE_URL: first.databaseUrl });
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

const holders = (kind: string) =>
  first.ctx.db.selectFrom('blade_work_claim').select(['workKey', 'holder']).where('kind', '=', kind).execute();

describe('work claims', () => {
  it('gives a piece to one instance at a time, the same instance included', async () => {
    const piece = { kind: 'test', key: 'one' };
    const taken = await Promise.all([
      claimWork(first.ctx, piece, 60),
      claimWork(second.ctx, piece, 60),
      claimWork(first.ctx, piece, 60),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await holders('test')).toHaveLength(1);
  });

  it('lets another instance take a piece whose lease ran out, and the old holder can no longer renew it', async () => {
    const piece = { kind: 'lapse', key: 'k' };
    const past = new Date(Date.now() - 120_000);
    expect(await claimWork(first.ctx, piece, 60, past)).toBe(true);
    expect(await claimWork(second.ctx, piece, 60)).toBe(true);
    expect(await renewWork(first.ctx, piece, 60)).toBe(false);
    expect(await renewWork(second.ctx, piece, 60)).toBe(true);
    // The old holder's release does not free what the new one holds.
    await releaseWork(first.ctx, piece);
    expect(await claimWork(first.ctx, piece, 60)).toBe(false);
  });

  it('runs the work once and frees the piece afterwards, even when the work fails', async () => {
    const piece = { kind: 'once', key: 'k' };
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return runs;
    };
    const results = await Promise.all([withWork(first.ctx, piece, 60, work), withWork(second.ctx, piece, 60, work)]);
    expect(runs).toBe(1);
    expect(results.filter((r) => r === undefined)).toHaveLength(1);
    expect(await holders('once')).toEqual([]);
    await expect(
      withWork(second.ctx, piece, 60, async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(await holders('once')).toEqual([]);
  });

  it('hands back every piece an instance holds when it stops, and only its own', async () => {
    await claimWork(first.ctx, { kind: 'drain', key: 'a' }, 600);
    await claimWork(first.ctx, { kind: 'drain', key: 'b' }, 600);
    await claimWork(second.ctx, { kind: 'drain', key: 'c' }, 600);
    expect(await releaseAllWork(first.ctx)).toBeGreaterThanOrEqual(2);
    expect((await holders('drain')).map((row) => row.workKey)).toEqual(['c']);
    expect(await claimWork(second.ctx, { kind: 'drain', key: 'a' }, 600)).toBe(true);
  });
});
