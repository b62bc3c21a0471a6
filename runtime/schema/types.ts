// The TypeScript shape of page.schema.json: generated into types.generated.ts (`npm run schema:types`), named here as
// the code knows it, with the few types that are the runtime's own (a form as rjsf draws it, a derived search entry).
import type {
  Action,
  ActionForm,
  ActionThen,
  Api,
  Block,
  ChartBlock,
  ChartSeries,
  Child,
  Column,
  Dict,
  ExcelImport,
  FigureFormat,
  FixedParams,
  Form,
  Format,
  FormField,
  Label,
  LeftTree,
  ListBlock,
  Logic,
  Operations,
  PageDefinition,
  Permission,
  Request,
  Search,
  StatCard,
  StatsBlock,
  Tab,
  TabsBlock,
  Tree,
  View,
  ViewBlock,
  ViewSection,
} from './types.generated';

export type {
  Action,
  ActionForm,
  ActionThen,
  Api,
  Block,
  ChartBlock,
  ChartSeries,
  Column,
  ExcelImport,
  FigureFormat,
  FixedParams,
  FormField,
  Label,
  ListBlock,
  Logic,
  Operations,
  PageDefinition,
  Permission,
  StatCard,
  StatsBlock,
  Tab,
  TabsBlock,
  ViewBlock,
  ViewSection,
};

// The code's names for the schema's definitions.
export type TreeSpec = Tree;
export type LeftTreeSpec = LeftTree;
export type ChildSpec = Child;
export type FormatSpec = Format;
/** A dictionary by its code (`"sex"`), or with its kind and the values meaning "does not apply". */
export type DictSpec = Dict;
/** A column's search entry: `true` (the kind follows from the column), its kind, or the kind with more said. */
export type SearchSpec = Search;
/** A list's add / edit / view form: its fields in the order shown. */
export type FormDefinition = Form;
export type RequestSpec = Request;
export type ViewSpec = View;

// Keys of the schema's definitions that the code names on their own.
export type FieldType = NonNullable<FormField['type']>;
/** Modes a field is hidden or disabled in; `true`: every mode. */
export type InModes = NonNullable<FormField['hidden']>;
export type FormMode = Exclude<InModes, true>[number];
export type ToolbarItem = NonNullable<ListBlock['toolbar']>[number];
/** The order a list starts in. */
export type SortSpec = NonNullable<ListBlock['defaultSort']>;
/** Rows where `when` holds can only be viewed (no edit, no delete) unless the session holds the role `unlessRole`. */
export type LockedRows = NonNullable<ListBlock['lockedRows']>;
/** A row's card on a phone: its summary fields (the first is its title) and the button offered first. */
export type CardSpec = NonNullable<ListBlock['card']>;
/** The field along the x axis (line, bar) or naming the slices (pie). */
export type ChartCategory = ChartBlock['category'];

// The runtime's own types: what it derives from a definition, not what a definition says.

/** A search entry's kind; `lookup` is derived from a column's lookup formatter, never written. */
export type SearchKind = Exclude<Search, true | object> | 'lookup';

/** A search entry as the search panel draws it, derived from a column. */
export interface SearchField {
  field: string;
  label: Label;
  type: SearchKind;
  dict?: string;
  biz?: boolean;
  /** The other resource's list a `lookup` column's choice is made from. */
  lookup?: {
    url: string;
    labelField: string;
    valueField?: string;
    filters?: Record<string, string | number | boolean>;
  };
  /** The parameters it sends instead of the kind's own (`releaseTime_datege`, `releaseTime_datele`). */
  sendAs?: string[];
}

export interface ModeRule {
  hidden?: string[];
  disabled?: string[];
}

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [keyword: string]: unknown;
}

/** A form as rjsf draws it (JSON Schema, uiSchema, texts per rule); derived from a list's form, or written by a
 * custom dialog. */
export interface FormSpec {
  schema: JsonSchemaObject;
  uiSchema?: Record<string, unknown>;
  messages?: Record<string, Record<string, Label>>;
  /** Hints replacing the derived placeholder (请输入参数名称) of a field. */
  placeholders?: Record<string, Label>;
  defaults?: Record<string, unknown>;
  modes?: Partial<Record<FormMode, ModeRule>>;
  /** Fields shown only while their json-logic rule holds over the form's values. */
  conditions?: Record<string, Logic>;
}

/** A list block as drawn: `id` keys what a person chose (column settings), `title` names exports and dialogs. */
export type ListScreen = Omit<ListBlock, 'type' | 'api'> & { api: Api; id: string; title: Label };

export type Row = Record<string, unknown>;
