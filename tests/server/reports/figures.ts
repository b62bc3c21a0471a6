// A known business for the dashboard and report tests, written straight into the database: two sites and a
// hospital of the franchisee 童乐出行 (the seeded site manager's department), one site of the head office, their
// equipment, orders of today and yesterday with the merchant ledger and refunds they produced, customers,
// withdrawals and fault reports. Every figure the tests expect is worked out by hand from these rows. Rows written
// straight into the database pass none of the writes that keep the daily figures, so they are rebuilt from them, as
// after an import.
import type { Kysely } from 'kysely';
import { REFUND_AT_FINISH, REFUND_BY_STAFF } from '../../../server/money/orders/refund-source.js';
import { dayOf } from '../../../server/money/reports/days.js';
import { rebuildFigures } from '../../../server/money/reports/figures-rebuild.js';
import { nextId } from '../../../server/platform/db/ids.js';
import type { Database } from '../../../server/platform/db/schema.js';
import type { Api } from '../engine/api.js';
import { liveIdOf } from '../harness.js';

export interface Business {
  today: string;
  yesterday: string;
  franchiseeSite: string;
  hospital: string;
  headOfficeSite: string;
}

type Db = Kysely<Database>;

async function site(db: Db, siteName: string, siteKind: number, deptId: number, companyId: number) {
  const id = nextId();
  await db
    .insertInto('biz_site')
    .values({ id, siteName, siteKind, deptId, companyId, longitude: '121.47', latitude: '31.23', provinceCode: '31' })
    .execute();
  return id;
}

async function equipment(db: Db, siteId: number, keyPair: string, equState: number) {
  const id = nextId();
  await db.insertInto('biz_equ').values({ id, keyPair, siteId, typeId: 1, equState }).execute();
  return id;
}

export async function buildBusiness(api: Api): Promise<Business> {
  const db = api.server.ctx.db;
  const franchiseeDept = Number(await liveIdOf(api.server, 'blade_dept', 'deptName', '童乐出行'));
  const headOfficeDept = Number(await liveIdOf(api.server, 'blade_dept', 'deptName', '乐行租赁'));
  const franchisee = Number(await liveIdOf(api.server, 'biz_company', 'shortName', '童乐出行'));
  const headOffice = Number(await liveIdOf(api.server, 'biz_company', 'shortName', '乐行租赁'));
  const today = dayOf(new Date()).day;
  const yesterday = dayOf(new Date(), -1).day;

  const mall = await site(db, '湖滨银泰', 1, franchiseeDept, franchisee);
  const hospital = await site(db, '浙大儿院', 2, franchiseeDept, franchisee);
  const other = await site(db, '来福士', 1, headOfficeDept, headOffice);

  // Equipment: at the mall one out, one idle, one faulty, one offline; three beds idle; one out at the head office.
  const out = await equipment(db, mall, 'HB-1', 2);
  await equipment(db, mall, 'HB-2', 1);
  await equipment(db, mall, 'HB-3', 3);
  await equipment(db, mall, 'HB-4', 4);
  const bedEqu = [await equipment(db, hospital, 'ZD-1', 1), await equipment(db, hospital, 'ZD-2', 1)];
  const newbornEqu = await equipment(db, hospital, 'ZD-3', 1);
  const otherOut = await equipment(db, other, 'LF-1', 2);

  const ward1 = nextId();
  const ward2 = nextId();
  await db
    .insertInto('biz_room')
    .values([
      { id: ward1, siteId: hospital, ward: '儿科一病区', roomNo: '301' },
      { id: ward2, siteId: hospital, ward: '新生儿科', roomNo: '501' },
    ])
    .execute();
  await db
    .insertInto('biz_bed')
    .values([
      { id: nextId(), roomId: ward1, siteId: hospital, bedNo: '1', equId: bedEqu[0] },
      { id: nextId(), roomId: ward1, siteId: hospital, bedNo: '2', equId: bedEqu[1] },
      { id: nextId(), roomId: ward2, siteId: hospital, bedNo: '1', equId: newbornEqu },
    ])
    .execute();

  let serial = 0;
  const order = async (
    siteId: number,
    deptId: number,
    equId: number,
    day: string,
    state: number,
    times: { start: string; end?: string },
  ) => {
    serial += 1;
    const id = nextId();
    await db
      .insertInto('biz_order')
      .values({
        id,
        outTradeNo: `T${serial}`,
        customerId: 1,
        equId,
        keyPair: 'K',
        siteId,
        deptId,
        typeId: 1,
        payMode: 1,
        firstMinutes: 60,
        unitMinutes: 30,
        amount: 9900,
        totalAmount: 9900,
        state,
        startTime: `${day} ${times.start}`,
        endTime: times.end ? `${day} ${times.end}` : null,
        createTime: `${day} ${times.start}`,
      })
      .execute();
    return id;
  };
  const ledger = async (orderId: number, kind: string, delta: number, at: string) =>
    db
      .insertInto('biz_ledger')
      .values({
        id: nextId(),
        account: 0,
        kind,
        bizNo: `${kind}-${orderId}-${delta}`,
        personDelta: delta,
        platDelta: 0,
        orderId,
        createTime: at,
      })
      .execute();
  const refund = async (orderId: number, outRefundNo: string, amount: number, status: number, at: string) =>
    db
      .insertInto('biz_refund')
      // Who asked, as the number says: R… staff, F… the rest of a deposit at finish.
      .values({
        id: nextId(),
        orderId,
        outTradeNo: 'T',
        outRefundNo,
        amount,
        status,
        source: outRefundNo.startsWith('F') ? REFUND_AT_FINISH : REFUND_BY_STAFF,
        createTime: at,
      })
      .execute();

  // Today at the mall: a finished rental keeping 15.00, one still out, one never paid.
  const finished = await order(mall, franchiseeDept, out, today, 3, { start: '09:00:00', end: '10:00:00' });
  await ledger(finished, 'order_fee', 1500, `${today} 10:00:00`);
  await refund(finished, `F${finished}`, 8400, 1, `${today} 10:00:00`);
  await order(mall, franchiseeDept, out, today, 1, { start: '11:00:00' });
  await order(mall, franchiseeDept, out, today, 4, { start: '11:30:00' });
  // Yesterday at the mall: 8.00 kept, then refunded in full by staff.
  const refunded = await order(mall, franchiseeDept, out, yesterday, 6, { start: '09:00:00', end: '09:40:00' });
  await ledger(refunded, 'order_fee', 800, `${yesterday} 09:40:00`);
  await ledger(refunded, 'refund', -800, `${yesterday} 12:00:00`);
  await refund(refunded, 'R-yesterday', 800, 1, `${yesterday} 12:00:00`);
  // Today on bed 1 of 儿科一病区: two hours, 20.00 kept, 5.00 refunded, a 3.00 refund that closed unpaid.
  const bed = await order(hospital, franchiseeDept, bedEqu[0], today, 3, { start: '08:00:00', end: '10:00:00' });
  await ledger(bed, 'order_fee', 2000, `${today} 10:00:00`);
  await ledger(bed, 'refund', -500, `${today} 11:00:00`);
  await refund(bed, 'R-bed-1', 500, 1, `${today} 11:00:00`);
  await ledger(bed, 'refund', -300, `${today} 11:10:00`);
  await ledger(bed, 'refund_back', 300, `${today} 11:20:00`);
  await refund(bed, 'R-bed-2', 300, 2, `${today} 11:10:00`);
  // Yesterday on the 新生儿科 bed: one hour, 10.00 kept.
  const newborn = await order(hospital, franchiseeDept, newbornEqu, yesterday, 3, {
    start: '20:00:00',
    end: '21:00:00',
  });
  await ledger(newborn, 'order_fee', 1000, `${yesterday} 21:00:00`);
  // Today at the head office's site: one out.
  await order(other, headOfficeDept, otherOut, today, 1, { start: '12:00:00' });

  await db
    .insertInto('biz_customer')
    .values([
      { id: nextId(), openId: 'a', createTime: `${today} 08:00:00` },
      { id: nextId(), openId: 'b', createTime: `${today} 09:00:00` },
      { id: nextId(), openId: 'c', createTime: `${yesterday} 09:00:00` },
    ])
    .execute();
  await db
    .insertInto('biz_withdrawal')
    .values([
      { id: nextId(), customerId: 1, walletId: 1, amount: 300, outBatchNo: 'W1', state: 0 },
      { id: nextId(), customerId: 1, walletId: 1, amount: 700, outBatchNo: 'W2', state: 0 },
      { id: nextId(), customerId: 1, walletId: 1, amount: 900, outBatchNo: 'W3', state: 1 },
    ])
    .execute();
  const problem = (siteId: number, equId: number, problemState: number) => ({
    id: nextId(),
    siteId,
    equId,
    faultKind: 1,
    description: '锁打不开',
    problemState,
  });
  await db
    .insertInto('biz_problem')
    .values([problem(mall, out, 1), problem(mall, out, 1), problem(mall, out, 3), problem(other, otherOut, 1)])
    .execute();
  await rebuildFigures(db);

  return {
    today,
    yesterday,
    franchiseeSite: String(mall),
    hospital: String(hospital),
    headOfficeSite: String(other),
  };
}
