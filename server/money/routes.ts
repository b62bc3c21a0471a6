// Customers, wallets, recharges, withdrawals, transfers, orders, refunds, the customer app's payment calls and its
// order list, the payment provider's notifications and the worker that recovers money waiting on it, as one route
// plugin under /api. It sits above every money folder (server/money/README.md), so it also wires them: the daily
// figures subscribe to the money events, and lower folders get what they need of higher ones as values (the
// approvals their payouts and the changes to controls they make, the payouts' launches what was paid out today).
import type { RoutePlugin } from '../platform/http/route-plugin.js';
import { customers } from '../rental/customers/customer.js';
import { APPROVAL_REFUND_OUTSIDE } from './approvals/approval.js';
import { approvalRoutes, approvals } from './approvals/routes.js';
import { approvedPayOuts } from './approved-payouts.js';
import { billWorker } from './bills/pass.js';
import { billDifferences, billRoutes } from './bills/routes.js';
import { subscribe } from './events/money-events.js';
import { customerOrderRoutes } from './orders/app-orders.js';
import { customerPayRoutes } from './orders/app-routes.js';
import { customerUnlockRoutes } from './orders/app-unlock.js';
import { goodsOrders } from './orders/goods-order.js';
import { orders } from './orders/order.js';
import { refundDetailRoutes, refunds } from './orders/refund.js';
import { paidOutsideRejected } from './orders/refund-resolution.js';
import { refundResolutionRoutes } from './orders/refund-resolution-routes.js';
import { settleRoutes } from './orders/settle-routes.js';
import { orderStatsRoutes } from './orders/stats.js';
import { paidOutToday } from './paid-out-today.js';
import { notifyRoutes } from './recovery/notify.js';
import { reconcileRoutes } from './recovery/reconcile.js';
import { recoveryRoutes } from './recovery/routes.js';
import { recoveryWorker } from './recovery/worker.js';
import { countInFigures } from './reports/day-figures.js';
import { splitRecordRoutes, splitRecords } from './splits/records.js';
import { payees, receivers, setters } from './splits/resources.js';
import { customerPayoutRoutes } from './wallets/app-payouts.js';
import { recharges } from './wallets/recharge-records.js';
import { walletStatementRoutes } from './wallets/statement.js';
import { transferRoutes, transfers } from './wallets/transfer-routes.js';
import { wallets } from './wallets/wallet.js';
import { withdrawalRoutes, withdrawals } from './wallets/withdrawal-routes.js';

export const moneyRoutes: RoutePlugin = async (app) => {
  // Before any money moves: every write tells what happened, and the daily figures count it in its transaction.
  subscribe(countInFigures);
  for (const resource of [
    customers,
    wallets,
    recharges,
    withdrawals,
    transfers,
    orders,
    refunds,
    payees,
    receivers,
    setters,
    splitRecords,
    goodsOrders,
    approvals,
    billDifferences,
  ])
    await app.register(resource.routes);
  await app.register(refundDetailRoutes);
  await app.register(settleRoutes, { paidOutToday });
  await app.register(refundResolutionRoutes);
  await app.register(orderStatsRoutes);
  await app.register(notifyRoutes);
  await app.register(recoveryWorker);
  await app.register(recoveryRoutes);
  await app.register(reconcileRoutes);
  await app.register(billRoutes);
  await app.register(billWorker);
  await app.register(walletStatementRoutes);
  await app.register(withdrawalRoutes, { paidOutToday });
  await app.register(transferRoutes, { paidOutToday });
  await app.register(splitRecordRoutes, { findOrder: orders.find });
  await app.register(approvalRoutes, {
    payOuts: approvedPayOuts,
    onRejected: { [APPROVAL_REFUND_OUTSIDE]: paidOutsideRejected },
  });
  await app.register(customerPayRoutes);
  await app.register(customerOrderRoutes);
  await app.register(customerUnlockRoutes);
  await app.register(customerPayoutRoutes);
};
