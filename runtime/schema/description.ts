// What the server says about itself, as the checks and the studio read it: its calls with the record each answers and
// the filters each list accepts, the dictionaries it seeds and each menu's buttons. Built on the server from the
// OpenAPI document and the database (server/platform/docs/page-description.ts), answered by
// GET /api/blade-system/page-check/description.

/** One field of a record: its JSON type and its name in both languages. */
export interface DescribedField {
  type: string;
  zh: string;
  en: string;
  /** A nested record's own fields (`today` of home/data): a field `today.revenue` is checked against them. */
  fields?: Record<string, DescribedField>;
}

export interface DescribedOperation {
  method: string;
  /** Under /api, a key in the path written `:name` (`/api/mp/wxaccount/qr/:id`). */
  path: string;
  /** What one row of the answer holds (a list's or page's records, a detail's data), when the call declares it. */
  record?: Record<string, DescribedField>;
  /** The fields a list call filters on (each also with a suffix: `status_equal`, `createTime_datege` …). */
  filters?: string[];
}

export interface DescribedMenu {
  code: string;
  /** The screen's address, e.g. `/business/order` for the page `business/order`. */
  path: string;
  buttons: string[];
}

export interface ApiDescription {
  operations: DescribedOperation[];
  /** Codes of the seeded dictionaries: system (`dict`) and business (`dict: { biz: true }`). */
  dictionaries: { system: string[]; business: string[] };
  menus: DescribedMenu[];
}

const FILTER_SUFFIXES = new Set(
  'equal notequal like likeleft likeright notlike ge le gt lt datege dategt dateequal datelt datele null notnull ignore'.split(
    ' ',
  ),
);

/** The field a filter key names: `createTime_datege` → `createTime`. */
export function filteredField(key: string): string {
  const cut = key.lastIndexOf('_');
  return cut > 0 && FILTER_SUFFIXES.has(key.slice(cut + 1).toLowerCase()) ? key.slice(0, cut) : key;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** The call a URL of a definition makes (`{{row.id}}` stands for any key), if the server has it. */
export function operationOf(description: ApiDescription, url: string, method?: string): DescribedOperation | undefined {
  const wanted = segments(url.split('?')[0]);
  const fits = (operation: DescribedOperation) => {
    const own = segments(operation.path);
    return (
      own.length === wanted.length &&
      own.every((part, i) => part === wanted[i] || part.startsWith(':') || /^\{\{.*\}\}$/.test(wanted[i]))
    );
  };
  const matching = description.operations.filter(fits);
  return matching.find((operation) => !method || operation.method === method) ?? matching[0];
}
