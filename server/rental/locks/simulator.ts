// The default lock gateway: a local stand-in for an NB-IoT platform, keeping every lock's state in biz_lock_sim so
// all instances agree. A lock it has never heard of registers as online, fully charged, good signal and locked.
// Outcomes, as a real platform gives them: offline at once; otherwise an answer after the platform's delay —
// no answer at all when the signal is too weak (a timeout), low battery, already open, or opened.
import type { LockConfig } from '../../platform/config.js';
import type { AppContext } from '../../platform/context.js';
import { now } from '../../platform/db/time.js';
import { deviceKey, type LockGateway, sleep, type UnlockOutcome } from './gateway.js';

/** Below this signal strength (CSQ, 0..31) an NB-IoT downlink does not get through. */
export const WEAK_SIGNAL = 5;

export function simulatedLocks(ctx: AppContext, config: LockConfig): LockGateway {
  const db = ctx.db;
  return {
    unlock: async (command): Promise<UnlockOutcome> => {
      const lockNo = deviceKey(command);
      await db
        .insertInto('biz_lock_sim')
        .values({ lockNo, updateTime: now() })
        .onConflict((oc) => oc.column('lockNo').doNothing())
        .execute();
      const device = await db
        .selectFrom('biz_lock_sim')
        .selectAll()
        .where('lockNo', '=', lockNo)
        .executeTakeFirstOrThrow();
      if (!device.online) return { result: 'offline', battery: null };
      if (device.signalStrength < WEAK_SIGNAL) {
        await sleep(config.timeoutMs);
        return { result: 'timeout', battery: null };
      }
      await sleep(config.simulatorDelayMs);
      const battery = device.battery;
      if (battery < config.lowBattery) return { result: 'low_battery', battery };
      // Only a locked device opens: two operators pressing at once get one success and one "already open".
      const opened = await db
        .updateTable('biz_lock_sim')
        .set({ unlocked: 1, updateTime: now() })
        .where('lockNo', '=', lockNo)
        .where('unlocked', '=', 0)
        .executeTakeFirst();
      if (Number(opened.numUpdatedRows) === 0) return { result: 'already_unlocked', battery };
      return { result: 'success', battery };
    },
    close: async () => {},
  };
}
