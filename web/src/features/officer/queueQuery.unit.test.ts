import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  countText,
  pageCount,
  queueCall,
  queueViewParams,
  readQueueView,
  withChange,
} from './queueQuery.ts';

const read = (query: string) => readQueueView(new URLSearchParams(query));

describe('a queue view in the address', () => {
  it('reads every part, and writes back the same address without the defaults', () => {
    const view = read('queue=mine&app=PRD&status=in_review&age=10&sort=dueDate&page=3&find=Tan');
    expect(view).toEqual({
      queue: 'mine',
      appCode: 'PRD',
      status: 'in_review',
      minAgeDays: '10',
      sort: 'dueDate',
      page: 3,
      find: 'Tan',
    });
    expect(readQueueView(new URLSearchParams(queueViewParams(view) as Record<string, string>))).toEqual(view);
    expect(Object.entries(queueViewParams(DEFAULT_VIEW)).filter(([, v]) => v !== undefined)).toEqual([
      ['queue', 'new'],
    ]);
  });

  it('falls back to the default for anything unknown or malformed, never failing', () => {
    expect(read('queue=everyone&app=<script>&status=draft&age=7&sort=name&page=-2&find=%20%20')).toEqual(DEFAULT_VIEW);
    expect(read('page=1.5').page).toBe(1);
    expect(read(`find=${'x'.repeat(500)}`).find).toHaveLength(100);
  });

  it('drops a status the queue can never hold (an old link), rather than showing an empty queue', () => {
    expect(read('queue=mine&status=approved').status).toBe('');
    expect(read('queue=decided&status=approved').status).toBe('approved');
    expect(read('status=in_review').status).toBe('');
  });

  it('starts again on page 1 when the queue, a filter or the search changes', () => {
    const view = { ...DEFAULT_VIEW, page: 4 };
    expect(withChange(view, { queue: 'decided' })).toMatchObject({ queue: 'decided', page: 1 });
    expect(withChange(view, { find: 'PD 000001 2026' }).page).toBe(1);
  });
});

describe('the queue call of a view', () => {
  it('asks oldest first by age, soonest due first by due date, and leaves out what is not set', () => {
    expect(queueCall(DEFAULT_VIEW, 25)).toEqual({
      queue: 'new',
      appCode: undefined,
      status: undefined,
      minAgeDays: undefined,
      sort: 'age',
      order: 'desc',
      page: 1,
      pageSize: 25,
      q: undefined,
    });
    expect(queueCall({ ...DEFAULT_VIEW, sort: 'dueDate', minAgeDays: '5', find: 'Lim' }, 25)).toMatchObject({
      sort: 'dueDate',
      order: 'asc',
      minAgeDays: 5,
      q: 'Lim',
    });
  });

  it('counts pages, one at least', () => {
    expect([pageCount(0, 25), pageCount(25, 25), pageCount(26, 25)]).toEqual([1, 1, 2]);
  });

  it('shows a capped count as that many or more', () => {
    expect([countText(0), countText(999), countText(1000)]).toEqual(['0', '999', '1,000+']);
  });
});
