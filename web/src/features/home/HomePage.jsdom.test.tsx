import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_STEP_MESSAGES, HOME_TEXT } from '#contract/index.ts';
import { demoIdentity } from '../../../test/identity.ts';
import { parseHash } from '../../lib/router/location.ts';
import { identity, session } from '../../lib/session/index.ts';
import { resetSiteConfig } from '../../components/shell/siteConfig.ts';
import HomePage from './HomePage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  identity.invalidate();
  resetSiteConfig();
});

describe('HomePage', () => {
  it('says a signed-out step to a visitor', () => {
    render(<HomePage location={parseHash('#/home?step=logout')} />);
    expect(screen.getByTestId('home-step-message')).toHaveTextContent(HOME_STEP_MESSAGES.loggedOut);
  });

  it('sends someone whose session was interrupted to the helpdesk, not to a password change the portal lacks', () => {
    resetSiteConfig({ contactPhone: '1800-555-0199', links: {} });
    render(<HomePage location={parseHash('#/home?step=interrupted')} />);
    const message = screen.getByTestId('home-step-message');
    expect(message).toHaveTextContent('If this was not you, please call the PTIB helpdesk on 1800-555-0199.');
    expect(message.textContent).not.toMatch(/password/i);
  });

  it.each(['step=logout', 'step=logout&wrongToken=Y', 'step=interrupted'])(
    'does not tell a signed-in user they were logged out (%s, reached by Back after signing in again)',
    async (query) => {
      vi.spyOn(session, 'getState').mockReturnValue({ ...session.getState(), signedIn: true, startedAt: 1 });
      await identity.prime(demoIdentity());
      render(<HomePage location={parseHash(`#/home?${query}`)} />);
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
        HOME_TEXT.signedInHeading('Tan Ah Kow'),
      );
      expect(screen.queryByTestId('home-step-message')).toBeNull();
    },
  );
});
