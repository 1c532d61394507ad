import { AUTH_MESSAGES, DEFAULT_CONTACT_PHONE, NOT_YOU_CALL_HELPDESK, ROUTES, withPhone } from '#contract/index.ts';
import {
  BILL_CHANGED_LABEL,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
} from '#contract/notifications.ts';
import { CERTIFICATE_TEXT, PAYMENT_MESSAGES, formatMoney } from '#contract/payments.ts';
import { formatIsoDate } from '#contract/forms/summary.ts';
import { singaporeOn, singaporeTime } from '#contract/singapore.ts';
import { REGISTER_CHANGE_TEXTS, type RegisterChange } from '#contract/register.ts';

export const PORTAL_NAME = 'PTIB e-Services';

/** What a message is made from: the event's kind, the record it is about and its short facts. */
export interface MessageFacts {
  kind: NotificationKind;
  caseId?: string | null | undefined;
  appCode?: string | null | undefined;
  caseNumber?: string | null | undefined;
  facts?: Record<string, string | number> | null | undefined;
}

export interface RenderedMessage {
  subject: string;
  /** Plain text: the SMS, the inbox entry and the email's text part. */
  text: string;
  /**
   * The sentences alone, without the link and the portal's name below them: the inbox entry. An officer's
   * reason among them may hold blank lines of its own, so they are not found by cutting the text.
   */
  body: string;
  /** The email's HTML part: one heading, paragraphs and a link with a name that says where it goes. */
  html: string;
  /** The hash route the message links to (the record, or the dashboard). */
  route: string;
}

/** The portal route of a record, as the dashboard links it. */
/** Where a message leads: its record, or for a followed register case the watchlist that marks it. */
export function messageRoute(
  kind: string,
  appCode: string | null | undefined,
  caseId: string | null | undefined,
): string {
  return kind === 'watchedCaseChanged' ? `${ROUTES.watchlist}?app=ICAWL` : recordRoute(appCode, caseId);
}

export function recordRoute(appCode: string | null | undefined, caseId: string | null | undefined): string {
  if (!appCode || !caseId) return ROUTES.dashboard;
  return `${ROUTES.generic}?app=${encodeURIComponent(appCode)}&case=${encodeURIComponent(caseId)}`;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const fact = (facts: MessageFacts['facts'], name: string): string => {
  const value = facts?.[name];
  return value === undefined || value === null ? '' : String(value);
};

/** An amount in cents as the portal writes it everywhere (S$1,234.50); '' when the fact is not one. */
const money = (cents: string) => {
  const n = Number(cents);
  return cents !== '' && Number.isSafeInteger(n) ? formatMoney(n) : '';
};

/**
 * The sentences of each kind. Only what the message needs: the case number, an outcome or an amount;
 * never a name, an identity number or an answer of the form (docs/decisions/0042).
 */
/** Where a message is read: an email or an SMS outside the portal, the inbox inside it. */
export type MessageChannel = 'email' | 'sms' | 'inbox';

/**
 * Where to do the rest: an email or an SMS is read outside the portal, so it asks the reader to sign in; the
 * inbox is read signed in already, above a link to the record.
 */
const signInTo = (channel: MessageChannel, what: string) =>
  channel === 'inbox' ? `Open the record to ${what}.` : `Please sign in to ${what}.`;

/**
 * What is still owed on a bill and how to pay it: by its due day, or, its QR code expired, by a new one asked for
 * on the record's page (docs/decisions/0086) rather than "pay it" with a code no bank takes.
 */
function stillOwed(
  channel: MessageChannel,
  toPay: string,
  due: string | undefined,
  renew: boolean,
  where = '',
): string {
  if (renew)
    return `${toPay} is still to be paid${where}, and its QR code has expired. ${signInTo(channel, 'get a new one and pay it')}`;
  return `${toPay} is still to be paid${where}.${due ? ` ${PAYMENT_MESSAGES.dueOn(formatIsoDate(due))}` : ''} ${signInTo(channel, 'pay it')}`;
}

/** A certificate's approval or fee says when the certificate can be taken (docs/decisions/0085). */
function certificateNote(facts: MessageFacts['facts']): string[] {
  const when = fact(facts, 'certificate');
  return when === 'ready' ? [CERTIFICATE_TEXT.ready] : when === 'whenPaid' ? [CERTIFICATE_TEXT.readyWhenPaid] : [];
}

/**
 * The files an officer sent with a decision (docs/decisions/0090) are downloaded from the record, never sent
 * by email: an email says so, lest its reader look for an attachment.
 */
function decisionDocumentsNote(count: number, channel: MessageChannel): string[] {
  if (!Number.isSafeInteger(count) || count < 1) return [];
  const one = count === 1;
  return [
    one ? 'The officer sent a document with the decision.' : `The officer sent ${count} documents with the decision.`,
    channel === 'email'
      ? `${one ? 'It is' : 'They are'} not attached to this email: please sign in to download ${one ? 'it' : 'them'} from the record.`
      : channel === 'sms'
        ? `Please sign in to download ${one ? 'it' : 'them'} from the record.`
        : signInTo(channel, `download ${one ? 'it' : 'them'}`),
  ];
}

/**
 * A travel application approved after an amendment was (docs/decisions/0091): the trip permitted is the amended
 * one, so its dates are named, or the traveller would go by those they first gave.
 */
function amendedTrip(facts: MessageFacts['facts']): string[] {
  const request = fact(facts, 'amendedBy');
  if (!request) return [];
  const departure = fact(facts, 'departureDate');
  const back = fact(facts, 'returnDate');
  const dates =
    departure && back ? `: leaving on ${formatIsoDate(departure)} and returning on ${formatIsoDate(back)}` : '';
  return [`The approval is for the trip as amended by request ${request}${dates}.`];
}

/**
 * Where the acknowledgement is: on the record, signed in. It holds every answer (names, an identity number, a bank
 * account), so no email carries it (docs/decisions/0042); an email says so, lest its reader look for it there.
 */
function acknowledgementWhere(channel: MessageChannel): string {
  return channel === 'email'
    ? 'The acknowledgement is not attached to this email, as it holds your answers: please sign in to download it from the record at any time.'
    : 'The acknowledgement can be downloaded from the record at any time.';
}

/**
 * When the event happened ('on 29 Nov 2026 at 11:58', Singapore time), from its `at` fact: a notice retried for
 * hours, or read later, must still say when (docs/decisions/0042). '' for one written before the fact was kept.
 */
function happened(m: MessageFacts): string {
  const at = Date.parse(fact(m.facts, 'at'));
  return Number.isNaN(at) ? '' : singaporeOn(new Date(at));
}

function sentences(m: MessageFacts, channel: MessageChannel): string[] {
  const record = m.caseNumber ? `record ${m.caseNumber}` : 'your record';
  const when = happened(m);
  switch (m.kind) {
    case 'submitted':
      return [
        `We have received ${record}. An officer will review it and you will be told of the outcome.`,
        acknowledgementWhere(channel),
      ];
    case 'resubmitted': {
      // When, in Singapore time as the acknowledgement prints it: a retried or late email still says when.
      const at = Date.parse(fact(m.facts, 'resubmittedAt'));
      return [
        `We have received the changed answers to ${record}${Number.isNaN(at) ? '' : `, resubmitted on ${singaporeTime(new Date(at))}`}. An officer will review them and you will be told of the outcome.`,
        acknowledgementWhere(channel),
      ];
    }
    case 'moreInfoRequested':
      return [
        `${when ? `An officer asked for more information about ${record} ${when}` : `An officer needs more information about ${record}`}. ${signInTo(channel, 'see what is needed')}`,
      ];
    case 'decided': {
      const named = `${record[0]!.toUpperCase()}${record.slice(1)}`;
      /** "Record X was approved on …", or without its time as such notices were written before. */
      const was = (outcome: string) => (when ? `${named} was ${outcome} ${when}` : `${named} has been ${outcome}`);
      // A travel application closed by the applicant's own request, approved (docs/decisions/0091): not an
      // officer's refusal, so neither "rejected" nor a reason.
      if (fact(m.facts, 'outcome') === 'withdrawn') {
        const request = fact(m.facts, 'request');
        return [`${was('withdrawn')}${request ? `, as you asked in request ${request}` : ''}.`];
      }
      const outcome = fact(m.facts, 'outcome') === 'approved' ? 'approved' : 'rejected';
      const reason = fact(m.facts, 'reason');
      // An approval with its bill still waiting for money says so: "approved" alone reads as the end of it.
      const toPay = money(fact(m.facts, 'toPayCents'));
      const due = fact(m.facts, 'dueOn');
      return [
        `${was(outcome)}.`,
        ...amendedTrip(m.facts),
        // An officer's reason may run to 2,000 characters: too long for an SMS, and not for a lock screen.
        ...(reason ? [channel === 'sms' ? 'Please sign in to read the reason.' : `Reason: ${reason}`] : []),
        ...(toPay ? [stillOwed(channel, toPay, due, fact(m.facts, 'renew') === 'yes', ' on its bill')] : []),
        ...certificateNote(m.facts),
        ...decisionDocumentsNote(Number(fact(m.facts, 'documents')), channel),
      ];
    }
    case 'emailChanged': {
      // When, in Singapore time and as the other notices say it: a retried or late email still says when. Not the
      // new address: the notice goes to the one replaced, whose holder may not be the one who replaced it
      // (docs/decisions/0042).
      const at = Date.parse(fact(m.facts, 'changedAt'));
      return [
        `The email address for your ${PORTAL_NAME} account was changed${Number.isNaN(at) ? '' : ` ${singaporeOn(new Date(at))}`}. Messages now go to the new address.`,
        notYouCallHelpdesk(m),
      ];
    }
    case 'watchedCaseChanged': {
      // The fact is a code (import, correction): its words, or nothing for one this version does not know.
      const change = fact(m.facts, 'change');
      const how = Object.hasOwn(REGISTER_CHANGE_TEXTS, change) ? REGISTER_CHANGE_TEXTS[change as RegisterChange] : '';
      return [
        `A case you follow in the insolvency register${m.caseNumber ? `, ${m.caseNumber},` : ''} has changed.`,
        ...(how ? [how] : []),
      ];
    }
    case 'billIssued': {
      const amount = money(fact(m.facts, 'amountCents'));
      // The notice of a charge says when it is due (docs/decisions/0042), as the bill itself does.
      const due = fact(m.facts, 'dueOn');
      const pay = `${due ? ` ${PAYMENT_MESSAGES.dueOn(formatIsoDate(due))}` : ''} ${signInTo(channel, 'pay it')}`;
      // A bill whose amount changed (an answer to an officer's request) is the same bill: said so, or two
      // "bill issued" notices read as two bills to pay.
      const previous = money(fact(m.facts, 'previousCents'));
      if (previous && amount)
        return [
          `The bill for ${record} has changed from ${previous} to ${amount}: it replaces the one we sent before.${pay}`,
        ];
      return [`A bill${amount ? ` of ${amount}` : ''} has been issued for ${record}.${pay}`];
    }
    case 'billSettled': {
      const amount = money(fact(m.facts, 'amountCents'));
      return [
        `We have received your payment${amount ? ` of ${amount}` : ''} for ${record}. The receipt is ready.`,
        ...certificateNote(m.facts),
      ];
    }
    case 'billReopened': {
      // Said like a charge's notice (docs/decisions/0042): what is owed again and by when, when it can be paid.
      const toPay = money(fact(m.facts, 'toPayCents'));
      const due = fact(m.facts, 'dueOn');
      return [
        `A payment we recorded against ${record} was put there by mistake and has been taken off its bill, so its receipt is withdrawn.`,
        toPay ? stillOwed(channel, toPay, due, fact(m.facts, 'renew') === 'yes') : signInTo(channel, 'see the bill'),
      ];
    }
    case 'refundPaid': {
      const amount = money(fact(m.facts, 'amountCents'));
      const day = fact(m.facts, 'paidOn');
      // The finance officer's words (a transfer's reference) may run to 500 characters: not for an SMS.
      const reason = fact(m.facts, 'reason');
      return [
        `The refund${amount ? ` of ${amount}` : ''} for ${record} has been paid to the bank account you gave${day ? ` on ${formatIsoDate(day)}` : ''}.`,
        ...(reason ? [channel === 'sms' ? 'Please sign in to read the details.' : `Details: ${reason}`] : []),
      ];
    }
    case 'accountLocked': {
      const minutes = fact(m.facts, 'minutes');
      return [
        `After repeated failed sign-in attempts, sign-in to your account ${when ? `was locked ${when}` : 'is locked'}${minutes ? ` for ${minutes} minutes` : ''}.`,
        // As for a new browser: only the helpdesk can help someone locked out by another's attempts.
        notYouCallHelpdesk(m),
      ];
    }
    case 'newDevice':
      return [
        `Your account was signed in to from a browser it had not used before${when ? `, ${when}` : ''}.`,
        notYouCallHelpdesk(m),
      ];
  }
}

/** The number of the deployment that sent it; a notice recorded before it carried one has the default. */
const helpdeskPhone = (m: MessageFacts) => fact(m.facts, 'phone') || DEFAULT_CONTACT_PHONE;

const notYouCallHelpdesk = (m: MessageFacts) => withPhone(NOT_YOU_CALL_HELPDESK, helpdeskPhone(m));

/**
 * Renders a message for an email or the inbox; publicUrl (PUBLIC_URL) makes its link absolute, else it
 * names the portal route.
 */
export function renderMessage(
  m: MessageFacts,
  publicUrl: string | undefined,
  channel: 'email' | 'inbox' = 'email',
): RenderedMessage {
  const label =
    m.kind === 'billIssued' && money(fact(m.facts, 'previousCents'))
      ? BILL_CHANGED_LABEL
      : NOTIFICATION_KIND_LABELS[m.kind];
  const subject = `${PORTAL_NAME}: ${label}${m.caseNumber ? ` (${m.caseNumber})` : ''}`;
  const route = messageRoute(m.kind, m.appCode, m.caseId);
  const link = publicUrl ? `${publicUrl}/#${route}` : undefined;
  const body = sentences(m, channel);
  const linkName =
    m.kind === 'watchedCaseChanged'
      ? NOTIFICATION_MESSAGES.openWatchlist
      : m.caseNumber
        ? `Open record ${m.caseNumber}`
        : `Open ${PORTAL_NAME}`;
  const text = [...body, ...(link ? [`${linkName}: ${link}`] : []), '', PORTAL_NAME].join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a">',
    `<h1 style="font-size: 20px">${escapeHtml(label)}</h1>`,
    // An officer's reason keeps its own line breaks, which a paragraph would fold into spaces.
    ...body.map((s) => `<p>${escapeHtml(s).replace(/\r?\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(linkName)}</a></p>`] : []),
    `<p>${PORTAL_NAME}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, body: body.join('\n'), html, route };
}

/** The SMS: the same sentences without the link, prefixed with the portal's name. */
export function renderSms(m: MessageFacts): string {
  // The wording the lock notice always had, when it was sent straight to the gateway.
  if (m.kind === 'accountLocked')
    return AUTH_MESSAGES.lockedSms(Number(fact(m.facts, 'minutes')) || 15, helpdeskPhone(m), happened(m));
  return `${PORTAL_NAME}: ${sentences(m, 'sms').join(' ')}`;
}
