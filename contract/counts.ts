/**
 * A list that shows only part of what there is says how many there are in all, counted up to this many: the
 * cap itself means "this many or more", so the count costs the same on a table of millions (the officer
 * queues' QUEUE_COUNT_CAP works the same way; docs/decisions/0073-a-list-that-stops-says-so.md).
 */
export const LIST_COUNT_CAP = 1000;

/** A count as the server caps it: LIST_COUNT_CAP itself reads "1,000 or more". */
export const cappedCount = (n: number) =>
  n >= LIST_COUNT_CAP ? `${LIST_COUNT_CAP.toLocaleString('en-SG')} or more` : n.toLocaleString('en-SG');
