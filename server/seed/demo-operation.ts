// A believable rental operation for a demo install (SEED_DEMO): four companies, 26 sites in eight cities (real
// places, their region codes and coordinates), equipment in every state with their locks in the simulator, price
// plans, wards and beds, coupons, goods, activities, banners, tips, common questions, fault reports and the customer
// apps. A fixed pseudo-random sequence makes every demo install the same.
import type { Insertable, Kysely } from 'kysely';
import { nextId } from '../platform/db/ids.js';
import type { Database, EquTable } from '../platform/db/schema.js';
import { formatDateTime } from '../platform/db/time.js';

type Kind = 'mall' | 'hospital' | 'park' | 'scenic';

const SITE_KIND: Record<Kind, number> = { mall: 1, hospital: 2, park: 3, scenic: 4 };

/** [name, kind, district code, longitude, latitude, address, company key] */
type SiteSeed = [string, Kind, string, string, string, string, string];

const SITES: SiteSeed[] = [
  ['港汇恒隆广场', 'mall', '310104', '121.436525', '31.188523', '虹桥路1号', 'head'],
  ['来福士广场', 'mall', '310101', '121.475712', '31.232649', '西藏中路268号', 'head'],
  ['上海儿童医学中心', 'hospital', '310115', '121.527614', '31.210872', '东方路1678号', 'care'],
  ['复旦大学附属儿科医院', 'hospital', '310112', '121.412037', '31.149028', '万源路399号', 'care'],
  ['世纪公园', 'park', '310115', '121.551230', '31.216325', '锦绣路1001号', 'head'],
  ['上海野生动物园', 'scenic', '310115', '121.723705', '31.056726', '南六公路178号', 'head'],
  ['湖滨银泰in77', 'mall', '330102', '120.166034', '30.259019', '东坡路7号', 'franchise'],
  ['浙大儿院滨江院区', 'hospital', '330108', '120.202915', '30.190012', '滨盛路3333号', 'care'],
  ['西湖断桥', 'scenic', '330106', '120.153321', '30.259412', '北山街', 'franchise'],
  ['西溪印象城', 'mall', '330110', '120.061025', '30.287031', '五常大道1号', 'franchise'],
  ['朝阳大悦城', 'mall', '110105', '116.518318', '39.924402', '朝阳北路101号', 'head'],
  ['北京儿童医院', 'hospital', '110102', '116.353011', '39.914318', '南礼士路56号', 'care'],
  ['朝阳公园', 'park', '110105', '116.480012', '39.945027', '朝阳公园南路1号', 'head'],
  ['北京动物园', 'scenic', '110102', '116.339024', '39.942031', '西直门外大街137号', 'head'],
  ['天河城', 'mall', '440106', '113.323716', '23.132208', '天河路208号', 'south'],
  ['广州市妇女儿童医疗中心', 'hospital', '440106', '113.323504', '23.123517', '金穗路9号', 'care'],
  ['长隆野生动物世界', 'scenic', '440113', '113.317402', '23.002019', '汉溪大道东', 'south'],
  ['深圳万象城', 'mall', '440303', '114.111305', '22.541016', '宝安南路1881号', 'south'],
  ['深圳市儿童医院', 'hospital', '440304', '114.052017', '22.555023', '益田路7019号', 'care'],
  ['深圳欢乐谷', 'scenic', '440305', '113.982013', '22.545021', '侨城西街18号', 'south'],
  ['成都远洋太古里', 'mall', '510104', '104.083027', '30.654012', '中纱帽街8号', 'west'],
  ['华西第二医院', 'hospital', '510107', '104.064018', '30.642025', '人民南路三段20号', 'care'],
  ['大熊猫繁育研究基地', 'scenic', '510108', '104.146013', '30.733016', '熊猫大道1375号', 'west'],
  ['德基广场', 'mall', '320102', '118.784012', '32.043027', '中山路18号', 'head'],
  ['南京市儿童医院', 'hospital', '320106', '118.779013', '32.056018', '广州路72号', 'care'],
  ['楚河汉街', 'mall', '420106', '114.343021', '30.557014', '中北路汉街', 'head'],
];

const CITY_PREFIX: Record<string, string> = {
  '3101': 'SH',
  '3301': 'HZ',
  '1101': 'BJ',
  '4401': 'GZ',
  '4403': 'SZ',
  '5101': 'CD',
  '3201': 'NJ',
  '4201': 'WH',
};

/** [type key, name, equ_kind, deposit cents] */
const TYPES: Array<[string, string, number, number]> = [
  ['stroller', '折叠婴儿推车', 1, 9900],
  ['double', '双人推车', 1, 19900],
  ['rideOn', '儿童电动车', 2, 29900],
  ['bed', '折叠陪护床', 3, 19900],
  ['pile', '充电桩端口', 4, 0],
];

/** What stands at each kind of site: [type key, how many]. */
const FLEET: Record<Kind, Array<[string, number]>> = {
  mall: [
    ['stroller', 10],
    ['double', 3],
    ['rideOn', 4],
  ],
  hospital: [
    ['bed', 16],
    ['stroller', 4],
  ],
  park: [
    ['stroller', 8],
    ['double', 4],
    ['rideOn', 6],
  ],
  scenic: [
    ['stroller', 10],
    ['double', 4],
  ],
};

/** [first minutes, first price, unit minutes, unit price, daily cap] in cents, by type. */
const PLANS: Record<string, [number, number, number, number, number]> = {
  stroller: [60, 1000, 30, 500, 6000],
  double: [60, 1500, 30, 800, 9000],
  rideOn: [15, 1000, 15, 1000, 20000],
  bed: [720, 3000, 60, 300, 5000],
  pile: [60, 200, 60, 200, 1500],
};

/** 60 % idle, 18 % in use, 8 % fault, 8 % offline, 6 % disabled. */
function stateOf(roll: number): number {
  if (roll < 0.6) return 1;
  if (roll < 0.78) return 2;
  if (roll < 0.86) return 3;
  if (roll < 0.94) return 4;
  return 5;
}

/** A fixed pseudo-random sequence in [0, 1). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 200) as never)
      .execute();
  }
}

export async function addDemoOperation(db: Kysely<Database>): Promise<void> {
  const random = sequence(20260101);
  const time = (hoursAgo: number) => formatDateTime(new Date(Date.now() - hoursAgo * 3600_000));
  const created = time(24 * 90);

  const headOffice = await db
    .selectFrom('biz_company')
    .select(['id', 'deptId'])
    .where('companyKind', '=', 1)
    .executeTakeFirstOrThrow();
  const franchise = await db
    .selectFrom('biz_company')
    .select(['id', 'deptId'])
    .where('companyKind', '=', 2)
    .executeTakeFirstOrThrow();
  const companies: Record<string, { id: number; deptId: number }> = { head: headOffice, franchise };
  const newCompanies: Array<[string, string, string, number, string]> = [
    ['south', '粤童出行', '广州粤童出行科技有限公司', 2, '广州市天河区天河路385号'],
    ['west', '宝贝推推', '成都宝贝推推儿童用品租赁有限公司', 2, '成都市锦江区红星路三段1号'],
    ['care', '安心陪护', '安心陪护医疗服务有限公司', 3, '上海市浦东新区东方路1678号'],
  ];
  for (const [key, shortName, companyName, companyKind, address] of newCompanies) {
    const deptId = nextId();
    await db
      .insertInto('blade_dept')
      .values({
        id: deptId,
        parentId: headOffice.deptId,
        ancestors: `0,${headOffice.deptId}`,
        deptName: shortName,
        fullName: companyName,
        deptCategory: 1,
        sort: 10,
        remark: null,
        createTime: created,
      })
      .execute();
    const id = nextId();
    await db
      .insertInto('biz_company')
      .values({
        id,
        companyName,
        shortName,
        companyKind,
        deptId,
        contactName: null,
        contactPhone: null,
        address,
        remark: null,
        createTime: created,
        createDept: deptId,
      })
      .execute();
    companies[key] = { id, deptId };
  }

  const typeIds: Record<string, number> = {};
  await insertAll(
    db,
    'biz_type',
    TYPES.map(([key, typeName, typeKind, deposit], index) => {
      typeIds[key] = nextId();
      return {
        id: typeIds[key],
        typeName,
        typeKind,
        deposit,
        picture: null,
        sort: index + 1,
        remark: null,
        createTime: created,
      };
    }),
  );

  const equipment: Insertable<EquTable>[] = [];
  const locks: Array<{ lockNo: string; online: number; battery: number; signalStrength: number }> = [];
  const prices: Insertable<Database['biz_price']>[] = [];
  const hospitals: Array<{ siteId: number; deptId: number; beds: number[] }> = [];
  let lockSerial = 86001000;
  const companySites = new Map<(typeof companies)[string]['id'], number[]>();
  for (const [index, [siteName, kind, district, longitude, latitude, address, companyKey]] of SITES.entries()) {
    const company = companies[companyKey];
    const city = district.slice(0, 4);
    const siteId = nextId();
    companySites.set(company.id, [...(companySites.get(company.id) ?? []), siteId]);
    await db
      .insertInto('biz_site')
      .values({
        id: siteId,
        siteName,
        siteKind: SITE_KIND[kind],
        companyId: company.id,
        deptId: company.deptId,
        provinceCode: district.slice(0, 2),
        cityCode: city,
        districtCode: district,
        address,
        longitude,
        latitude,
        openingHours: kind === 'hospital' ? '00:00-24:00' : kind === 'mall' ? '10:00-22:00' : '08:30-18:00',
        contactName: null,
        contactPhone: null,
        siteState: index === SITES.length - 1 ? 3 : 1,
        picture: null,
        remark: null,
        createTime: created,
        createDept: company.deptId,
      })
      .execute();
    const prefix = `${CITY_PREFIX[city]}${String(index + 1).padStart(2, '0')}`;
    const fleet = [...FLEET[kind], ...(index % 3 === 0 && kind === 'mall' ? [['pile', 8] as [string, number]] : [])];
    let serial = 0;
    const beds: number[] = [];
    for (const [typeKey, count] of fleet) {
      const pileLock = typeKey === 'pile' ? `NB${lockSerial++}` : null;
      const firstOfType = equipment.length;
      for (let n = 1; n <= count; n++) {
        serial += 1;
        const equState = stateOf(random());
        const lockNo = pileLock ?? `NB${lockSerial++}`;
        const port = pileLock ? n : null;
        const battery = equState === 4 ? Math.floor(random() * 15) : 20 + Math.floor(random() * 81);
        const signalStrength = equState === 4 ? Math.floor(random() * 5) : 8 + Math.floor(random() * 24);
        const id = nextId();
        equipment.push({
          id,
          keyPair: `${prefix}-${String(serial).padStart(4, '0')}`,
          typeId: typeIds[typeKey],
          siteId,
          lockNo,
          batch: pileLock ? `${prefix}-P1` : null,
          port,
          equState,
          battery,
          signalStrength,
          lastHeartbeat: time(equState === 4 ? 6 + random() * 48 : random() * 0.2),
          remark: null,
          createTime: created,
          createDept: company.deptId,
        });
        locks.push({
          lockNo: port === null ? lockNo : `${lockNo}:${port}`,
          online: equState === 4 ? 0 : 1,
          battery,
          signalStrength,
        });
        if (typeKey === 'bed') beds.push(id);
      }
      const [firstMinutes, firstPrice, unitMinutes, unitPrice, dailyCap] = PLANS[typeKey];
      const priceId = nextId();
      // Each device shows the plan it is charged by (价格方案), as one set up through 设置价格方案 would.
      for (const device of equipment.slice(firstOfType)) device.priceId = priceId;
      prices.push({
        id: priceId,
        priceName: `${siteName}${TYPES.find(([key]) => key === typeKey)?.[1]}标准价`,
        siteId,
        typeId: typeIds[typeKey],
        deposit: TYPES.find(([key]) => key === typeKey)?.[3] ?? 0,
        firstMinutes,
        firstPrice,
        unitMinutes,
        unitPrice,
        freeMinutes: 5,
        dailyCap,
        effectiveFrom: created,
        priceState: 1,
        remark: null,
        createTime: created,
        createDept: company.deptId,
      });
    }
    if (kind === 'hospital') hospitals.push({ siteId, deptId: company.deptId, beds });
  }
  await insertAll(db, 'biz_equ', equipment);
  await insertAll(
    db,
    'biz_lock_sim',
    locks.map((lock) => ({ ...lock, unlocked: 0, updateTime: created })),
  );
  await insertAll(db, 'biz_price', prices);

  const rooms: Insertable<Database['biz_room']>[] = [];
  const bedRows: Insertable<Database['biz_bed']>[] = [];
  for (const hospital of hospitals) {
    hospital.beds.forEach((equId, index) => {
      const roomIndex = Math.floor(index / 4);
      if (index % 4 === 0) {
        rooms.push({
          id: nextId(),
          siteId: hospital.siteId,
          ward: roomIndex < 2 ? '儿内科病区' : '儿外科病区',
          floor: 3 + Math.floor(roomIndex / 2),
          roomNo: `${3 + Math.floor(roomIndex / 2)}0${(roomIndex % 2) + 1}`,
          remark: null,
          createTime: created,
          createDept: hospital.deptId,
        });
      }
      bedRows.push({
        id: nextId(),
        roomId: rooms[rooms.length - 1].id,
        siteId: hospital.siteId,
        bedNo: `${rooms[rooms.length - 1].roomNo}-${(index % 4) + 1}`,
        equId,
        bedState: 1,
        remark: null,
        createTime: created,
        createDept: hospital.deptId,
      });
    });
  }
  await insertAll(db, 'biz_room', rooms);
  await insertAll(db, 'biz_bed', bedRows);

  // Field staff, each looking after up to three sites of one company, and this week's rota: the early or the late
  // shift at their first site, so a stuck lock always has someone to call.
  const STAFF = [
    ['王建国', '13916020001'],
    ['李秀英', '13916020002'],
    ['张伟', '13916020003'],
    ['陈静', '13916020004'],
    ['刘洋', '13916020005'],
    ['赵磊', '13916020006'],
  ];
  const siteGroups = [...companySites.values()];
  const staff = STAFF.map(([operName, phone], index) => {
    const group = siteGroups[index % siteGroups.length];
    const siteIds = group.slice((index * 3) % group.length).slice(0, 3);
    return { id: nextId(), operName, phone, siteIds, operState: index === STAFF.length - 1 ? 2 : 1 };
  });
  await insertAll(
    db,
    'biz_oper',
    staff.map(({ siteIds, ...person }) => ({
      ...person,
      siteIds: siteIds.join(','),
      userId: null,
      remark: null,
      createTime: created,
    })),
  );
  const today = new Date();
  const rota: Insertable<Database['biz_schedule']>[] = [];
  for (const [index, person] of staff.entries()) {
    if (person.operState !== 1) continue;
    for (let day = 0; day < 7; day++) {
      const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + day);
      rota.push({
        id: nextId(),
        operId: person.id,
        siteId: person.siteIds[0],
        dutyDate: formatDateTime(date).slice(0, 10).concat(' 00:00:00'),
        shift: (index + day) % 2 === 0 ? 1 : 3,
        remark: null,
        createTime: created,
      });
    }
  }
  await insertAll(db, 'biz_schedule', rota);

  const FAULTS = [
    '扫码后锁没有打开',
    '推车前轮卡住,推不动',
    '电量显示异常,骑一会儿就没电',
    '安全带扣坏了',
    '座椅有污渍',
  ];
  const problems: Insertable<Database['biz_problem']>[] = equipment
    .filter((row) => row.equState === 3)
    .map((row, index) => ({
      id: nextId(),
      equId: row.id,
      siteId: row.siteId,
      faultKind: [1, 3, 4, 3, 5][index % 5],
      description: FAULTS[index % 5],
      pictures: null,
      reporterPhone: `1380013${String(8000 + index).padStart(4, '0')}`,
      problemState: index % 3 === 0 ? 2 : 1,
      handler: index % 3 === 0 ? '张师傅' : null,
      result: null,
      resolvedEquState: null,
      resolveTime: null,
      createTime: time(index * 5 + 1),
      createDept: row.createDept,
    }));
  const resolved = equipment.filter((row) => row.equState === 1).slice(0, 12);
  resolved.forEach((row, index) => {
    problems.push({
      id: nextId(),
      equId: row.id,
      siteId: row.siteId,
      faultKind: 1,
      description: '扫码后锁没有打开',
      pictures: null,
      reporterPhone: `1391234${String(1000 + index).padStart(4, '0')}`,
      problemState: 3,
      handler: '李师傅',
      result: '锁信号弱,现场重启后恢复',
      resolvedEquState: 1,
      resolveTime: time(index * 24 + 2),
      createTime: time(index * 24 + 6),
      createDept: row.createDept,
    });
  });
  await insertAll(db, 'biz_problem', problems);

  const couponId = nextId();
  await insertAll(db, 'biz_coupon', [
    {
      id: couponId,
      couponName: '新人免费骑行30分钟',
      couponKind: 3,
      amount: null,
      discount: null,
      freeMinutes: 30,
      threshold: 0,
      validFrom: time(24 * 30),
      validTo: time(-24 * 335),
      quantity: 10000,
      perUserLimit: 1,
      siteIds: null,
      issuedCount: 0,
      usedCount: 0,
      remark: null,
      createTime: created,
    },
    {
      id: nextId(),
      couponName: '满20减5',
      couponKind: 1,
      amount: 500,
      discount: null,
      freeMinutes: null,
      threshold: 2000,
      validFrom: time(24 * 10),
      validTo: time(-24 * 50),
      quantity: 5000,
      perUserLimit: 3,
      siteIds: null,
      issuedCount: 0,
      usedCount: 0,
      remark: null,
      createTime: created,
    },
    {
      id: nextId(),
      couponName: '陪护床八折券',
      couponKind: 2,
      amount: null,
      discount: 80,
      freeMinutes: null,
      threshold: 3000,
      validFrom: time(24 * 5),
      validTo: time(-24 * 85),
      quantity: 2000,
      perUserLimit: 2,
      siteIds: null,
      issuedCount: 0,
      usedCount: 0,
      remark: null,
      createTime: created,
    },
  ]);
  await insertAll(
    db,
    'biz_goods',
    (
      [
        ['儿童一次性雨衣', 990, 300],
        ['推车专用防蚊罩', 2990, 120],
        ['陪护床一次性床单', 1500, 500],
        ['儿童保温水杯', 4900, 80],
        ['卡通遮阳帽', 3900, 60],
      ] as const
    ).map(([goodsName, price, stock], index) => ({
      id: nextId(),
      goodsName,
      price,
      stock,
      shelfState: index < 4 ? 1 : 2,
      picture: null,
      description: null,
      sort: index + 1,
      createTime: created,
    })),
  );
  await insertAll(db, 'biz_activity', [
    {
      id: nextId(),
      activityName: '充100送20',
      activityKind: 1,
      startTime: time(24 * 7),
      endTime: time(-24 * 23),
      rechargeAmount: 10000,
      bonusAmount: 2000,
      couponId: null,
      rules: '<p>活动期间单笔充值满100元赠送20元余额,赠送余额不可提现。</p>',
      publishState: 1,
      createTime: created,
    },
    {
      id: nextId(),
      activityName: '新用户注册送30分钟',
      activityKind: 2,
      startTime: time(24 * 30),
      endTime: time(-24 * 335),
      rechargeAmount: null,
      bonusAmount: null,
      couponId,
      rules: '<p>首次注册的用户自动获得一张30分钟免费骑行券。</p>',
      publishState: 1,
      createTime: created,
    },
  ]);
  await insertAll(db, 'biz_banner', [
    {
      id: nextId(),
      title: '暑期遛娃季',
      image: '/demo/banner-summer.jpg',
      link: '/pages/activity/index',
      sort: 1,
      validFrom: time(24 * 7),
      validTo: time(-24 * 60),
      publishState: 1,
      createTime: created,
    },
    {
      id: nextId(),
      title: '医院陪护床扫码即用',
      image: '/demo/banner-bed.jpg',
      link: '/pages/bed/index',
      sort: 2,
      validFrom: null,
      validTo: null,
      publishState: 1,
      createTime: created,
    },
  ]);
  await insertAll(db, 'biz_tip', [
    {
      id: nextId(),
      title: '如何租用',
      tipKind: 1,
      content: '<p>打开小程序扫描车身二维码,支付押金或授权免押后自动开锁。</p>',
      sort: 1,
      publishState: 1,
      createTime: created,
    },
    {
      id: nextId(),
      title: '如何归还',
      tipKind: 2,
      content: '<p>将设备推回任一站点,扣好锁扣,听到提示音即归还成功。</p>',
      sort: 2,
      publishState: 1,
      createTime: created,
    },
    {
      id: nextId(),
      title: '计费说明',
      tipKind: 3,
      content: '<p>前5分钟免费;首段价格含首小时,之后按每30分钟计费,每日封顶。</p>',
      sort: 3,
      publishState: 1,
      createTime: created,
    },
  ]);
  await insertAll(db, 'biz_normal', [
    {
      id: nextId(),
      question: '押金什么时候退?',
      answer: '<p>还车后押金原路退回,一般1-3个工作日到账。</p>',
      sort: 1,
      publishState: 1,
      createTime: created,
    },
    {
      id: nextId(),
      question: '扫码后锁没开怎么办?',
      answer: '<p>请确认手机网络正常后重试;仍未开锁请在小程序中提交故障,订单不会计费。</p>',
      sort: 2,
      publishState: 1,
      createTime: created,
    },
  ]);
  const apps = (
    [
      ['乐行租赁微信小程序', 'wx8f3c2a9d7b6e5401', 1, '扫码租车、陪护床和充电的主入口'],
      ['乐行租赁支付宝小程序', '2021004123456789', 2, null],
      ['乐行运维H5', 'h5-lexing-field', 3, '运维人员在现场开锁、巡检和处理故障的网页版'],
    ] as const
  ).map(([appName, appKey, appKind, remark]) => ({
    id: nextId(),
    appName,
    appKey,
    appKind,
    remark,
    createTime: created,
  }));
  await insertAll(db, 'biz_app', apps);
  type MenuSeed = readonly [code: string, menuName: string, menuNameEn: string, path: string, icon: string];
  const customerMenus: MenuSeed[] = [
    ['scan', '扫码租借', 'Scan to rent', '/pages/scan/index', 'scan'],
    ['orders', '我的订单', 'My orders', '/pages/order/list', 'order'],
    ['wallet', '我的钱包', 'My wallet', '/pages/wallet/index', 'wallet'],
    ['coupons', '优惠券', 'Coupons', '/pages/coupon/list', 'coupon'],
  ];
  const fieldMenus: MenuSeed[] = [
    ['unlock', '开锁', 'Unlock', '/field/unlock', 'unlock'],
    ['fault', '故障上报', 'Report a fault', '/field/fault', 'warning'],
    ['inspect', '巡检', 'Inspection', '/field/inspect', 'check'],
  ];
  const menusOf = (appId: number, menus: MenuSeed[]) =>
    menus.map(([code, menuName, menuNameEn, path, icon], index) => ({
      id: nextId(),
      appId,
      menuName,
      menuNameEn,
      code,
      path,
      icon,
      sort: index + 1,
      enabled: 1,
      createTime: created,
    }));
  const [wechat, alipay, field] = apps;
  await insertAll(db, 'biz_app_menu', [
    ...menusOf(wechat.id, customerMenus),
    ...menusOf(alipay.id, customerMenus),
    ...menusOf(field.id, fieldMenus),
  ]);
}
