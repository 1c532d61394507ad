import {
  ERROR_CODE_LABEL,
  ERROR_SCREEN_TITLES,
  HOME_TEXT,
  MESSAGES,
  TAKE_ME_HOME,
  displayErrorCode,
} from '#contract/index.ts';
import { OFFICER_HOME } from '../../app/guards.ts';
import type { HashLocation } from '../../lib/router/location.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { useOfficerAccount } from '../../lib/session/useOfficerAccount.ts';

export type ErrorKind = keyof typeof ERROR_SCREEN_TITLES;

/** An error screen's document title: with the code it shows, when the address has one. */
export const titleWithCode = (title: string, { query }: HashLocation): string =>
  query.has('errorCode') ? `${title} (${ERROR_CODE_LABEL}${displayErrorCode(query.get('errorCode'))})` : title;

/** What each error screen says (spec §2, §8): access denied sends no one home, the other three do. */
const SCREENS: Record<ErrorKind, { lines: readonly string[]; home: boolean }> = {
  accessDenied: { lines: [MESSAGES.accessDenied], home: false },
  pageNotFound: { lines: [MESSAGES.notFound, MESSAGES.notFoundHint], home: true },
  systemError: { lines: [MESSAGES.somethingWrong], home: true },
  unexpectedError: { lines: [MESSAGES.unexpected], home: true },
};

/**
 * The four error screens: the specification's message, then the code as a small support reference
 * (only one of the 42 listed codes is shown; anything else, or none, reads InvalidCode, so the address
 * bar cannot put arbitrary text on a government page).
 */
export function ErrorScreen({ kind, location }: ScreenProps & { kind: ErrorKind }) {
  const screen = SCREENS[kind];
  const code = displayErrorCode(location.query.get('errorCode'));
  return (
    <section className="error-screen" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {ERROR_SCREEN_TITLES[kind]}
      </h1>
      {screen.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="support-ref">
        {ERROR_CODE_LABEL}
        <span data-testid="error-code">{code}</span>
      </p>
      {kind === 'accessDenied' && <BackOfficeWay />}
      {screen.home && (
        <p>
          {/* The site root, not a hash route: a fresh start of the app, whatever state led here. */}
          <a className="button" href="/">
            {TAKE_ME_HOME}
          </a>
        </p>
      )}
    </section>
  );
}

/**
 * An officer who opened a PTIB screen: the menu's links are the PTIB ones, so the way back to the queues is
 * offered here (the specification's screen sends no one home; this sends an officer to their own work).
 */
function BackOfficeWay() {
  if (!useOfficerAccount()) return null;
  return (
    <p>
      <a className="button" href={`#${OFFICER_HOME}`}>
        {HOME_TEXT.backOfficeLink}
      </a>
    </p>
  );
}

export const AccessDenied = (props: ScreenProps) => <ErrorScreen kind="accessDenied" {...props} />;
export const PageNotFound = (props: ScreenProps) => <ErrorScreen kind="pageNotFound" {...props} />;
export const SystemError = (props: ScreenProps) => <ErrorScreen kind="systemError" {...props} />;
export const UnexpectedError = (props: ScreenProps) => <ErrorScreen kind="unexpectedError" {...props} />;
