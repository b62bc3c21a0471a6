// wallet/statement (menu wallet): a wallet's ledger as a statement that explains its balance — every movement,
// newest first, with its kind, its order, what it changed and the balance after it. The running balance is the sum
// of the movements up to that one, so the newest line's balance is the wallet's (docs/orders-and-money.md).
import { type AnswerField, field } from '../../platform/docs/record.js';
import { pageOf } from '../../platform/engine/resource.js';
import { ID_PATTERN, pageQuery } from '../../platform/engine/schemas.js';
import type { FieldSpec } from '../../platform/engine/types.js';
import { notFound, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';

const statementQuery = {
  type: 'object',
  required: ['walletId'],
  properties: {
    ...pageQuery.properties,
    walletId: { type: 'string', pattern: ID_PATTERN, description: '钱包' },
  },
} as const;

const cents = (label: string, en: string): FieldSpec => ({ type: 'integer', label, en, money: true });

/** A line of the statement, as the wallet's view lists it. */
const STATEMENT_LINE: Record<string, FieldSpec | AnswerField> = {
  id: field('id', '主键', 'ID'),
  kind: field('text', '变动类型', 'Kind'),
  bizNo: field('text', '业务单号', 'Reference'),
  orderId: field('id', '订单主键', 'Order ID'),
  outTradeNo: field('text', '商户订单号', 'Order no.'),
  amount: cents('变动金额(分)', 'Amount (cents)'),
  personDelta: cents('个人部分变动(分)', 'Own part (cents)'),
  platDelta: cents('平台赠送部分变动(分)', 'Granted part (cents)'),
  balance: cents('变动后余额(分)', 'Balance after (cents)'),
  personBalance: cents('变动后个人余额(分)', 'Own balance after (cents)'),
  platBalance: cents('变动后赠送余额(分)', 'Granted balance after (cents)'),
  createTime: field('datetime', '时间', 'Time'),
};

export const walletStatementRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/wallet/statement',
    {
      config: { access: { menu: 'wallet' }, fieldMessages: { walletId: '请选择钱包' }, record: STATEMENT_LINE },
      schema: { tags: ['钱包'], summary: '钱包流水 (每笔变动与变动后余额)', querystring: statementQuery },
    },
    async (request) => {
      const { walletId, current, size } = request.query;
      const wallet = await app.ctx.db
        .selectFrom('biz_wallet')
        .select('id')
        .where('id', '=', Number(walletId))
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!wallet) throw notFound();
      const rows = await app.ctx.db
        .selectFrom('biz_ledger as l')
        .leftJoin('biz_order as o', 'o.id', 'l.orderId')
        .select(['l.id', 'l.kind', 'l.bizNo', 'l.personDelta', 'l.platDelta', 'l.orderId', 'l.createTime'])
        .select('o.outTradeNo')
        .where('l.account', '=', wallet.id)
        .orderBy('l.createTime')
        .orderBy('l.id')
        .execute();
      let person = 0;
      let plat = 0;
      const lines = rows.map((row) => {
        person += Number(row.personDelta);
        plat += Number(row.platDelta);
        return {
          id: String(row.id),
          kind: row.kind,
          bizNo: row.bizNo,
          orderId: row.orderId === null ? '' : String(row.orderId),
          outTradeNo: row.outTradeNo ?? '',
          amount: Number(row.personDelta) + Number(row.platDelta),
          personDelta: Number(row.personDelta),
          platDelta: Number(row.platDelta),
          balance: person + plat,
          personBalance: person,
          platBalance: plat,
          createTime: String(row.createTime).slice(0, 19),
        };
      });
      lines.reverse();
      const from = (Number(current) - 1) * Number(size);
      return ok(pageOf(lines.slice(from, from + Number(size)), lines.length, Number(current), Number(size)));
    },
  );
};
