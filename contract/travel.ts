/**
 * A travel application (PAR) and the requests to amend or withdraw it (TRA), which name it by its case number
 * (docs/decisions/0034). An approved request acts on the application it names
 * (docs/decisions/0091-an-approved-travel-amendment-acts-on-the-trip.md): a withdrawal closes it, an amendment's
 * new trip is shown beside its answers. Zod-free, so both the applicant's and the back office's screens read it.
 */
export const TRAVEL_ESERVICE = 'PAR';
export const TRAVEL_REQUEST_ESERVICE = 'TRA';

/** The request's questions that the server reads (TRA's form, every version). */
export const TRAVEL_REQUEST_FIELDS = {
  caseNumber: 'travelCaseNumber',
  action: 'action',
  departureDate: 'newDepartureDate',
  returnDate: 'newReturnDate',
  countries: 'countries',
} as const;

/** The questions of an amendment's new trip, in the form's order: what is shown of it beside the application. */
export const NEW_TRIP_FIELDS: readonly string[] = [
  TRAVEL_REQUEST_FIELDS.departureDate,
  TRAVEL_REQUEST_FIELDS.returnDate,
  TRAVEL_REQUEST_FIELDS.countries,
];

/** The travel application's dates of the trip (PAR's form, every version). */
export const TRAVEL_APPLICATION_FIELDS = { departureDate: 'departureDate', returnDate: 'returnDate' } as const;

/** The return notification's questions that the server reads (TRT's form, every version). */
export const TRAVEL_RETURN_ESERVICE = 'TRT';
export const TRAVEL_RETURN_FIELDS = {
  caseNumber: 'travelCaseNumber',
  returnedOn: 'returnedOn',
  asApproved: 'asApproved',
} as const;

/**
 * A return told of the trip it names (docs/decisions/0114), by the trip's dates as they stand: the approved
 * amendment's, else the application's. `day` is the trip's date as the forms write dates.
 */
export const TRAVEL_RETURN_MESSAGES = {
  beforeDeparture: (label: string, caseNumber: string, day: string) =>
    `${label} must be on or after ${day}, the day the trip of ${caseNumber} leaves`,
  lateAsApproved: (label: string, day: string) =>
    `${label}: you returned after the approved return date of ${day}, so the trip did not go as approved – choose No and say what was different`,
} as const;

export const TRAVEL_REQUEST_ACTIONS = ['amend', 'withdraw'] as const;
export type TravelRequestAction = (typeof TRAVEL_REQUEST_ACTIONS)[number];

/** The screens' words of the requests about a travel application. */
export const TRAVEL_TEXT = {
  actionLabels: { amend: 'Amend', withdraw: 'Withdraw' } satisfies Record<TravelRequestAction, string>,
  /** The officer's case view of a travel application: the requests that name it. */
  requestsHeading: 'Requests to amend or withdraw this application',
  requestColumns: { caseNumber: 'Request', action: 'Asks to', status: 'Status' },
  /**
   * Above the actions while a request waits: the application is not approved until the request is decided
   * (docs/decisions/0114), so the approval is not offered meanwhile.
   */
  withdrawalPending: (caseNumber: string) =>
    `The applicant asked to withdraw this application by request ${caseNumber}, which waits for a decision. Decide that request first: this application cannot be approved until then.`,
  amendmentPending: (caseNumber: string) =>
    `The applicant asked to amend this application by request ${caseNumber}, which waits for a decision. Decide that request first: this application cannot be approved until then.`,
  openRequest: (caseNumber: string) => `Open request ${caseNumber}`,
  /** The trip as an approved amendment left it (the officer's and the applicant's views). */
  amendedHeading: 'The trip as amended',
  amendedBy: (caseNumber: string, day: string) =>
    `An officer approved request ${caseNumber} on ${day}. These new dates and countries replace those of the application; its other answers stand as submitted.`,
  noNewTrip: 'The request gave no new dates or countries.',
  /** The officer's case view of a request: the travel application it names. */
  applicationHeading: 'The travel application this request names',
  applicationStatus: (caseNumber: string, status: string) => `${caseNumber}: ${status}`,
  applicationNotFound: 'No submitted travel application of this applicant has that case number.',
} as const;
