import type { MatchFilter } from '@/data/generated/graphql';

/** Every filter of the API's `matches` query, as the search page's address and form hold them. */
export const FILTER_ENUMS = {
  family: ['CLASSIC', 'PERUDO', 'REVOLVER'],
  status: ['LOBBY', 'PLAYING', 'FINISHED', 'CLOSED'],
  kind: ['REGULAR', 'PRACTICE', 'TUTORIAL'],
} as const;
export const FILTER_FLAGS = ['ranked', 'disputed'] as const;
export const FILTER_CHECKS = ['mine', 'open'] as const;

/** The search as text fields (the form's and the address's): an empty string is "any". */
export interface SearchFields {
  family: string;
  status: string;
  kind: string;
  ranked: string;
  disputed: string;
  player: string;
  mine: string;
  open: string;
  /** `YYYY-MM-DD`, the reader's calendar day. */
  openedFrom: string;
  openedTo: string;
}

export const NO_SEARCH: SearchFields = {
  family: '',
  status: '',
  kind: '',
  ranked: '',
  disputed: '',
  player: '',
  mine: '',
  open: '',
  openedFrom: '',
  openedTo: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The fields from an address's query, each kept only when it is a value the API takes (else "any"). */
export function fieldsFrom(params: Readonly<Record<string, string | string[] | undefined>>): SearchFields {
  const one = (key: string) => {
    const value = params[key];
    return typeof value === 'string' ? value : '';
  };
  const fields = { ...NO_SEARCH };
  for (const [key, values] of Object.entries(FILTER_ENUMS))
    fields[key as keyof typeof FILTER_ENUMS] = (values as readonly string[]).includes(one(key))
      ? one(key)
      : '';
  for (const key of FILTER_FLAGS) fields[key] = ['true', 'false'].includes(one(key)) ? one(key) : '';
  for (const key of FILTER_CHECKS) fields[key] = one(key) === 'true' ? 'true' : '';
  fields.player = ACCOUNT_ID.test(one('player')) ? one('player') : '';
  for (const key of ['openedFrom', 'openedTo'] as const)
    fields[key] = DAY.test(one(key)) && !Number.isNaN(Date.parse(one(key))) ? one(key) : '';
  return fields;
}

/** The address's query for the fields: only those set, in a fixed order (a saved search reads the same). */
export function queryOf(fields: SearchFields): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value) params.set(key, value);
  return params.toString();
}

/** A calendar day's first instant on the reader's clock, as the API's ISO-8601. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/** The API's `MatchFilter` for the fields (`mine` only for a signed-in reader: the API refuses it otherwise). */
export function filterOf(fields: SearchFields, signedIn: boolean): MatchFilter {
  const filter: MatchFilter = {};
  if (fields.family) filter.family = fields.family as MatchFilter['family'];
  if (fields.status) filter.status = fields.status as MatchFilter['status'];
  if (fields.kind) filter.kind = fields.kind as MatchFilter['kind'];
  for (const key of FILTER_FLAGS) if (fields[key]) filter[key] = fields[key] === 'true';
  if (fields.player) filter.player = fields.player;
  if (fields.mine && signedIn) filter.mine = true;
  if (fields.open) filter.open = true;
  if (fields.openedFrom) filter.openedFrom = startOfDay(fields.openedFrom);
  // "Opened up to" a day includes that day: the API's bound is exclusive, so it is the next day's start.
  if (fields.openedTo)
    filter.openedTo = new Date(Date.parse(startOfDay(fields.openedTo)) + 86_400_000).toISOString();
  return filter;
}
