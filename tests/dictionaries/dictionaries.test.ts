// The dictionaries the product ships: each file well formed, codes and keys unique, both languages present.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DICTIONARY_FOLDER, readDictionaryFiles } from '../../facts/dictionary-files.js';
import { SYSTEM_DICTIONARIES } from '../../facts/system-dictionaries.js';

const dictionaries = readDictionaryFiles();
const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

describe('dictionaries/*.json', () => {
  it('ships the order, payment and rental operation dictionaries', () => {
    expect(dictionaries.map((d) => d.code).sort()).toEqual([
      'activity_kind',
      'app_kind',
      'app_menu_state',
      'approval_kind',
      'approval_state',
      'audit_action',
      'audit_kind',
      'bed_state',
      'bill_difference_kind',
      'bill_difference_state',
      'channel',
      'company_kind',
      'coupon_kind',
      'equ_kind',
      'equ_state',
      'fault_kind',
      'flow',
      'flow_node',
      'flow_outcome',
      'flow_state',
      'flow_suspension',
      'goods_order_state',
      'leave_type',
      'mp_account_type',
      'mp_article_state',
      'mp_match_mode',
      'mp_material_type',
      'mp_msg_type',
      'mp_reply_kind',
      'mp_reply_state',
      'mp_reply_type',
      'mp_subscribe_state',
      'oper_state',
      'order_refund_state',
      'order_status',
      'pay_mode',
      'price_state',
      'problem_state',
      'publish_state',
      'receiver_relation',
      'receiver_type',
      'recharge_state',
      'refund_resolution',
      'refund_status',
      'result',
      'shelf_state',
      'shift',
      'site_kind',
      'site_state',
      'subscribe_scene',
      'tip_kind',
      'transfer_bill_state',
      'transfer_state',
      'withdrawal_state',
    ]);
  });

  it.each(dictionaries.map((d) => [d.code, d] as const))(
    '%s is named after its file and well formed',
    (code, dictionary) => {
      expect(fs.existsSync(path.join(DICTIONARY_FOLDER, `${code}.json`))).toBe(true);
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(nonEmpty(dictionary.name) && nonEmpty(dictionary.en)).toBe(true);
      expect(dictionary.items.length).toBeGreaterThan(0);
      for (const item of dictionary.items) {
        expect(
          Object.keys(item).every((key) => ['key', 'value', 'en', 'remark'].includes(key)),
          JSON.stringify(item),
        ).toBe(true);
        expect(nonEmpty(item.key) && nonEmpty(item.value) && nonEmpty(item.en), JSON.stringify(item)).toBe(true);
        expect(item.key).not.toBe('-1');
      }
      const keys = dictionary.items.map((item) => item.key);
      expect(new Set(keys).size).toBe(keys.length);
    },
  );

  it('holds the WeChat Pay values the spec names', () => {
    const keys = (code: string) => dictionaries.find((d) => d.code === code)?.items.map((item) => item.key);
    expect(keys('channel')).toEqual(['ORIGINAL', 'BALANCE', 'OTHER_BALANCE', 'OTHER_BANKCARD']);
    expect(keys('result')).toEqual(['PROCESSING', 'FINISHED', 'CLOSED']);
    expect(dictionaries.find((d) => d.code === 'flow')?.items[0]).toMatchObject({
      key: '1',
      value: '请假流程',
      remark: 'leave',
    });
  });

  it('gives order_status numeric keys (orders store state as a number)', () => {
    const states = dictionaries.find((d) => d.code === 'order_status')?.items ?? [];
    expect(states.every((item) => /^\d+$/.test(item.key))).toBe(true);
  });

  it('gives every system dictionary item its English', () => {
    const missing = SYSTEM_DICTIONARIES.flatMap((d) => d.items.filter((item) => !nonEmpty(item.en)));
    expect(missing).toEqual([]);
  });

  it('shares no code with the system dictionaries', () => {
    const all = [...SYSTEM_DICTIONARIES.map((d) => d.code), ...dictionaries.map((d) => d.code)];
    expect(new Set(all).size).toBe(all.length);
  });
});
