import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_CODES,
  ERROR_CODE_LABEL,
  ERROR_SCREEN_TITLES,
  FORBIDDEN_CODE,
  HOME_TEXT,
  INVALID_CODE,
  MESSAGES,
  TAKE_ME_HOME,
} from '#contract/index.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { parseHash } from '../../lib/router/location.ts';
import { identity } from '../../lib/session/index.ts';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import { AccessDenied, PageNotFound, SystemError, UnexpectedError } from './ErrorScreen.tsx';

const SCREENS = [
  { Screen: AccessDenied, title: ERROR_SCREEN_TITLES.accessDenied, lines: [MESSAGES.accessDenied], home: false },
  {
    Screen: PageNotFound,
    title: ERROR_SCREEN_TITLES.pageNotFound,
    lines: [MESSAGES.notFound, MESSAGES.notFoundHint],
    home: true,
  },
  { Screen: SystemError, title: ERROR_SCREEN_TITLES.systemError, lines: [MESSAGES.somethingWrong], home: true },
  { Screen: UnexpectedError, title: ERROR_SCREEN_TITLES.unexpectedError, lines: [MESSAGES.unexpected], home: true },
];

describe.each(SCREENS)('$title', ({ Screen, title, lines, home }) => {
  const show = (hash: string) => render(<Screen location={parseHash(hash)} />);

  it('says the specification message under its heading', () => {
    show('#/x?errorCode=PTACC-948');
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    for (const line of lines) expect(screen.getByText(line)).toBeInTheDocument();
  });

  it('shows a listed code as the support reference, not as the heading', () => {
    show('#/x?errorCode=PTACC-951');
    expect(screen.getByText(ERROR_CODE_LABEL.trim(), { exact: false })).toHaveTextContent(
      `${ERROR_CODE_LABEL}PTACC-951`,
    );
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('PTACC-951');
  });

  it.each(['#/x?errorCode=<script>alert(1)</script>', '#/x?errorCode=ptacc-948', '#/x?errorCode=', '#/x'])(
    'shows InvalidCode for %s',
    (hash) => {
      show(hash);
      expect(screen.getByTestId('error-code')).toHaveTextContent(new RegExp(`^${INVALID_CODE}$`));
    },
  );

  it(home ? "links 'Take Me Home' to the site root" : "has no 'Take Me Home' link", () => {
    show('#/x');
    const link = screen.queryByRole('link', { name: TAKE_ME_HOME });
    if (home) expect(link).toHaveAttribute('href', '/');
    else expect(link).toBeNull();
  });
});

describe('every listed code', () => {
  it.each(ERROR_CODES)('%s is shown as given', (code) => {
    render(<SystemError location={parseHash(`#/x?errorCode=${encodeURIComponent(code)}`)} />);
    expect(screen.getByTestId('error-code')).toHaveTextContent(new RegExp(`^${code}$`));
  });
});

describe('access denied for an officer', () => {
  afterEach(() => {
    identity.invalidate();
    sessionStorage.clear();
  });
  const officerRefused = () =>
    fakeApi({
      [API_PATHS.retrieveProfile]: () => ({
        status: 403,
        body: envelope(null, FORBIDDEN_CODE.MISSING_AUTHORITY, OFFICER_MESSAGES.officerOnPtib),
      }),
    });

  it('offers the way back to the back office, whose links the menu does not hold', async () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'token');
    officerRefused();
    render(<AccessDenied location={parseHash('#/forbidden?errorCode=PTACC-951')} />);
    expect(await screen.findByRole('link', { name: HOME_TEXT.backOfficeLink })).toHaveAttribute('href', '#/officer');
  });

  it('asks nothing and offers nothing while signed out', async () => {
    const calls = officerRefused();
    render(<AccessDenied location={parseHash('#/forbidden?errorCode=PTACC-951')} />);
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('link', { name: HOME_TEXT.backOfficeLink })).toBeNull();
  });
});
