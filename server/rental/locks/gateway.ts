// The seam between the console and the locks: an unlock command goes to one lock (or one port of a pile) and
// comes back as one of a few outcomes, each with the sentence the operator reads.
export type UnlockResult = 'success' | 'timeout' | 'offline' | 'low_battery' | 'already_unlocked' | 'refused';

export interface UnlockCommand {
  lockNo: string;
  /** A charging pile's port; null for a lock of its own. */
  port: number | null;
}

export interface UnlockOutcome {
  result: UnlockResult;
  /** The battery percentage the lock reported with its answer, when it answered. */
  battery: number | null;
}

export interface LockGateway {
  unlock: (command: UnlockCommand) => Promise<UnlockOutcome>;
  /** Lets go of connections when the server stops. */
  close: () => Promise<void>;
}

/** What the operator is told, by outcome. */
export const UNLOCK_MESSAGES: Record<UnlockResult, string> = {
  success: '开锁成功',
  timeout: '开锁超时: 锁未在规定时间内应答,请检查设备信号后重试',
  offline: '设备离线: 锁未连接物联网平台,请检查设备供电和网络',
  low_battery: '电量过低: 锁电量不足以开锁,请先充电或更换电池',
  already_unlocked: '锁已处于开启状态,无需重复开锁',
  refused: '锁拒绝开锁: 请检查设备是否故障',
};

/**
 * What the customer app is told, by outcome: a customer cannot fix a lock, so a failure sends them to another item
 * and, the ride not having happened, to the app's own refund.
 */
export const CUSTOMER_UNLOCK_MESSAGES: Record<UnlockResult, string> = {
  success: '开锁成功, 请取用设备',
  already_unlocked: '锁已打开, 请取用设备',
  timeout: '开锁超时, 请靠近设备后重试',
  offline: '设备离线, 暂时无法开锁, 请换一台设备并申请退款',
  low_battery: '设备电量不足, 暂时无法开锁, 请换一台设备并申请退款',
  refused: '设备故障, 暂时无法开锁, 请换一台设备并申请退款',
};

/** A lock's place in the simulator and on the broker: the lock itself, or `lock:port` for a pile's port. */
export const deviceKey = ({ lockNo, port }: UnlockCommand): string => (port === null ? lockNo : `${lockNo}:${port}`);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
