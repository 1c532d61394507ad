const DAY = new Intl.DateTimeFormat('en-SG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) as the portal writes dates: '29 Jan 2030'. */
export const formatDay = (isoDay: string) => DAY.format(new Date(`${isoDay}T00:00:00Z`));
