// The money events' one safety: a write that publishes before the daily figures subscribed fails (and so rolls back)
// instead of moving money the figures never count.
import type { Transaction } from 'kysely';
import { expect, it } from 'vitest';
import { publish } from '../../../server/money/events/money-events.js';
import type { Database } from '../../../server/platform/db/schema.js';

it('refuses a money event nobody counts', async () => {
  const untouched = {} as Transaction<Database>;
  await expect(publish(untouched, { kind: 'order_created', orderId: 1 })).rejects.toThrow(
    'money event order_created published before anyone subscribed',
  );
});
