import { ERROR_CODE_LABEL, MESSAGES, TAKE_ME_HOME, displayErrorCode } from '../../../../contract/index.ts';
import type { ScreenProps } from '../../lib/router/router.ts';

export type ErrorKind = 'access-denied' | 'page-not-found' | 'system-error' | 'unexpected-error';

const SCREENS: Record<ErrorKind, { heading: string; lines: readonly string[]; home: boolean }> = {
  'access-denied': { heading: 'Access denied', lines: [MESSAGES.accessDenied], home: false },
  'page-not-found': { heading: 'Page not Found', lines: [MESSAGES.notFound, MESSAGES.notFoundHint], home: true },
  'system-error': { heading: 'System Error', lines: [MESSAGES.somethingWrong], home: true },
  'unexpected-error': { heading: 'Unexpected System Error', lines: [MESSAGES.unexpected], home: true },
};

/** The four error screens: the specification's message, the code as a small support reference. */
export function ErrorScreen({ kind, location }: ScreenProps & { kind: ErrorKind }) {
  const screen = SCREENS[kind];
  const code = displayErrorCode(location.query.get('errorCode'));
  return (
    <section className="error-screen" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {screen.heading}
      </h1>
      {screen.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="support-ref">
        {ERROR_CODE_LABEL}
        <span data-testid="error-code">{code}</span>
      </p>
      {screen.home && (
        <p>
          <a className="button" href="/">
            {TAKE_ME_HOME}
          </a>
        </p>
      )}
    </section>
  );
}

export const AccessDenied = (props: ScreenProps) => <ErrorScreen kind="access-denied" {...props} />;
export const PageNotFound = (props: ScreenProps) => <ErrorScreen kind="page-not-found" {...props} />;
export const SystemError = (props: ScreenProps) => <ErrorScreen kind="system-error" {...props} />;
export const UnexpectedError = (props: ScreenProps) => <ErrorScreen kind="unexpected-error" {...props} />;
