// The MQTT lock gateway: an unlock is published to `<prefix>/<lock>/command` as
// `{"requestId","action":"unlock","port"}` and answered by the lock on `<prefix>/<lock>/ack` as
// `{"requestId","result","battery"}` (result: success, low_battery, already_unlocked or refused). A lock keeps a
// retained `<prefix>/<lock>/status` of `online` / `offline` (its last will), so an offline lock is known at once;
// a lock that does not answer within LOCK_TIMEOUT_MS has timed out. One connection serves every request.
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { LockConfig } from '../../platform/config.js';
import type { LockGateway, UnlockOutcome, UnlockResult } from './gateway.js';

const ANSWERS = new Set<UnlockResult>(['success', 'low_battery', 'already_unlocked', 'refused']);

interface Ack {
  requestId?: unknown;
  result?: unknown;
  battery?: unknown;
}

function outcomeOf(ack: Ack): UnlockOutcome {
  const result = ANSWERS.has(ack.result as UnlockResult) ? (ack.result as UnlockResult) : 'refused';
  const battery = Number.isInteger(ack.battery) ? (ack.battery as number) : null;
  return { result, battery };
}

export function mqttLocks(config: LockConfig): LockGateway {
  const prefix = config.mqttTopicPrefix;
  const pending = new Map<string, (outcome: UnlockOutcome) => void>();
  const offline = new Set<string>();
  let client: MqttClient | null = null;
  let subscribed: Promise<unknown> | null = null;

  const lockOf = (topic: string, leaf: string): string | null => {
    const parts = topic.split('/');
    return topic.startsWith(`${prefix}/`) && parts.at(-1) === leaf ? (parts.at(-2) ?? null) : null;
  };

  const connected = (): Promise<unknown> => {
    if (client && subscribed) return subscribed;
    client = mqtt.connect(config.mqttUrl, { clientId: `ride-console-${crypto.randomUUID()}`, reconnectPeriod: 1000 });
    client.on('message', (topic, payload) => {
      const text = payload.toString();
      const statusOf = lockOf(topic, 'status');
      if (statusOf) {
        if (text === 'offline') offline.add(statusOf);
        else offline.delete(statusOf);
        return;
      }
      if (!lockOf(topic, 'ack')) return;
      let ack: Ack;
      try {
        ack = JSON.parse(text) as Ack;
      } catch {
        return;
      }
      const settle = typeof ack.requestId === 'string' ? pending.get(ack.requestId) : undefined;
      if (settle) settle(outcomeOf(ack));
    });
    // A broker that is down leaves the client reconnecting; unlocks meanwhile time out.
    client.on('error', () => {});
    subscribed = client.subscribeAsync([`${prefix}/+/ack`, `${prefix}/+/status`], { qos: 1 });
    return subscribed;
  };

  return {
    unlock: async ({ lockNo, port }) => {
      const requestId = crypto.randomUUID();
      const answered = new Promise<UnlockOutcome>((resolve) => {
        const timer = setTimeout(() => settle({ result: 'timeout', battery: null }), config.timeoutMs);
        const settle = (outcome: UnlockOutcome) => {
          clearTimeout(timer);
          pending.delete(requestId);
          resolve(outcome);
        };
        pending.set(requestId, settle);
      });
      try {
        await Promise.race([connected(), answered]);
      } catch {
        return answered;
      }
      if (offline.has(lockNo)) {
        pending.get(requestId)?.({ result: 'offline', battery: null });
        return answered;
      }
      client
        ?.publishAsync(`${prefix}/${lockNo}/command`, JSON.stringify({ requestId, action: 'unlock', port }), { qos: 1 })
        .catch(() => {});
      return answered;
    },
    close: async () => {
      for (const settle of [...pending.values()]) settle({ result: 'timeout', battery: null });
      await client?.endAsync(true);
    },
  };
}
