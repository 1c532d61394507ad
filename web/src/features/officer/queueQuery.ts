import {
  OFFICER_QUEUES,
  OFFICER_ROUTES,
  OFFICER_QUEUE_STATUSES,
  QUEUE_COUNT_CAP,
  QUEUE_SORTS,
  type OfficerQueue,
  type QueueQuery as QueueCall,
  type QueueSort,
} from '#contract/officer.ts';
import { buildHref } from '../../lib/router/location.ts';

/**
 * What a queue screen shows, held in its address (#/officer?queue=mine&sort=dueDate&page=2…) so that a
 * reload, the Back button or a bookmark come back to the same list, and every view is a plain link.
 */

/** Age filters, in days since submission: at least this many ('' for any age). */
export const AGE_FILTERS = ['', '5', '10', '20'] as const;

export interface QueueView {
  queue: OfficerQueue;
  /** An e-service code, or '' for all. */
  appCode: string;
  /** A case status, or '' for all. */
  status: string;
  /** At least this many days old, or '' for any age. */
  minAgeDays: string;
  sort: QueueSort;
  /** 1-based. */
  page: number;
  /** A case number or an applicant's name, or ''. */
  find: string;
}

export const DEFAULT_VIEW: QueueView = {
  queue: 'new',
  appCode: '',
  status: '',
  minAgeDays: '',
  sort: 'age',
  page: 1,
  find: '',
};

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads the address's query; anything unknown or malformed falls back to the default, never fails. */
export function readQueueView(query: URLSearchParams): QueueView {
  const page = Number(query.get('page'));
  const appCode = query.get('app') ?? '';
  const status = query.get('status') ?? '';
  const queue = oneOf(OFFICER_QUEUES, query.get('queue'), DEFAULT_VIEW.queue);
  return {
    queue,
    appCode: /^[A-Za-z0-9]{1,10}$/.test(appCode) ? appCode : '',
    // Only a status the queue can hold: another (an old link) would show an empty queue, not a filter.
    status: (OFFICER_QUEUE_STATUSES[queue] as readonly string[]).includes(status) ? status : '',
    minAgeDays: oneOf(AGE_FILTERS, query.get('age'), ''),
    sort: oneOf(QUEUE_SORTS, query.get('sort'), DEFAULT_VIEW.sort),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    find: (query.get('find') ?? '').trim().slice(0, 100),
  };
}

/** The address's query of a view: defaults left out, so the plain address is the plain queue. */
export function queueViewParams(v: QueueView): Record<string, string | undefined> {
  return {
    queue: v.queue,
    app: v.appCode || undefined,
    status: v.status || undefined,
    age: v.minAgeDays || undefined,
    sort: v.sort === DEFAULT_VIEW.sort ? undefined : v.sort,
    page: v.page === 1 ? undefined : String(v.page),
    find: v.find || undefined,
  };
}

/** The address of a queue view. */
export const viewHref = (v: QueueView) => buildHref(OFFICER_ROUTES.home, queueViewParams(v));

/**
 * A case's address, with the queue view it is opened from (`from`, that view's query) so that the case's
 * "Back to the queues" returns to the same queue, filters and page, as the browser's Back does.
 */
export const caseHref = (id: string, from: QueueView) =>
  buildHref(OFFICER_ROUTES.case, {
    id,
    from: new URLSearchParams(
      Object.entries(queueViewParams(from)).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString(),
  });

/** The queues' address a case goes back to: the view it was opened from (read as any address is), else New. */
export const backHref = (caseQuery: URLSearchParams) =>
  viewHref(readQueueView(new URLSearchParams(caseQuery.get('from') ?? '')));

/** Another view: a change of queue, filter, sort or search starts again on page 1. */
export function withChange(v: QueueView, change: Partial<QueueView>): QueueView {
  return { ...v, page: 1, ...change };
}

/**
 * The queue call for a view. Oldest first by age, soonest due first by due date: the cases that most
 * need an officer come first either way.
 */
export function queueCall(v: QueueView, pageSize: number): QueueCall {
  return {
    queue: v.queue,
    appCode: v.appCode || undefined,
    status: (v.status || undefined) as QueueCall['status'],
    minAgeDays: v.minAgeDays ? Number(v.minAgeDays) : undefined,
    sort: v.sort,
    order: v.sort === 'age' ? 'desc' : 'asc',
    page: v.page,
    pageSize,
    q: v.find || undefined,
  };
}

/** How many pages a total makes (at least one, so "page 1 of 1" reads right for an empty queue). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** A count as the server caps it: the cap itself means that many or more ("1,000+"). */
export const countText = (n: number) =>
  n >= QUEUE_COUNT_CAP ? `${QUEUE_COUNT_CAP.toLocaleString('en-SG')}+` : n.toLocaleString('en-SG');
