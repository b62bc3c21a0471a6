// A site's place: province, city and district codes from the region tree, each under the one before, and
// coordinates within range.
import type { AnyDb } from '../../platform/engine/types.js';
import { badRequest } from '../../platform/http/envelope.js';

interface Place {
  provinceCode: unknown;
  cityCode: unknown;
  districtCode: unknown;
}

async function regionOf(db: AnyDb, code: string): Promise<{ parentCode: string; regionLevel: number } | undefined> {
  const row = await db
    .selectFrom('blade_region')
    .select(['parentCode', 'regionLevel'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? { parentCode: String(row.parentCode), regionLevel: Number(row.regionLevel) } : undefined;
}

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';

export async function checkPlace(db: AnyDb, place: Place): Promise<void> {
  if (!given(place.provinceCode)) throw badRequest('请选择省份');
  if (!given(place.cityCode)) throw badRequest('请选择城市');
  const province = await regionOf(db, place.provinceCode);
  if (province?.regionLevel !== 1) throw badRequest('省份不存在');
  const city = await regionOf(db, place.cityCode);
  if (city?.regionLevel !== 2 || city.parentCode !== place.provinceCode) throw badRequest('所选城市不属于该省份');
  if (!given(place.districtCode)) return;
  const district = await regionOf(db, place.districtCode);
  if (district?.regionLevel !== 3 || district.parentCode !== place.cityCode) {
    throw badRequest('所选区县不属于该城市');
  }
}

const DECIMAL = /^-?\d{1,3}(\.\d{1,8})?$/;

/** Longitude and latitude as decimal degrees (GCJ-02, as Chinese map pickers give them); both or neither. */
export function checkCoordinates(longitude: unknown, latitude: unknown): void {
  const lng = given(longitude) ? longitude : null;
  const lat = given(latitude) ? latitude : null;
  if (lng === null && lat === null) return;
  if (lng === null || !DECIMAL.test(lng) || Math.abs(Number(lng)) > 180) {
    throw badRequest('经度应为 -180 到 180 之间的数字');
  }
  if (lat === null || !DECIMAL.test(lat) || Math.abs(Number(lat)) > 90) {
    throw badRequest('纬度应为 -90 到 90 之间的数字');
  }
}
