import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_CODE_LABEL,
  ERROR_SCREEN_TITLES,
  INVALID_CODE,
  MESSAGES,
  TAKE_ME_HOME,
} from '#contract/index.ts';
import { parseHash } from '../../lib/router/location.ts';
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
