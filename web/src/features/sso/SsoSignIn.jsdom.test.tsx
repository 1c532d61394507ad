import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SSO_MESSAGES } from '../../../../contract/index.ts';
import { resetSiteConfig } from '../../components/shell/siteConfig.ts';
import { startSso } from './api.ts';
import { SsoSignIn, leaveForIdentityProvider } from './SsoSignIn.tsx';

vi.mock('./api.ts', () => ({ startSso: vi.fn() }));
const startMock = vi.mocked(startSso);

const config = (ssoEnabled: boolean) => ({ contactPhone: '1800-225-5529', links: {}, ssoEnabled });

beforeEach(() => {
  startMock.mockReset();
});
afterEach(() => {
  resetSiteConfig(null);
  vi.restoreAllMocks();
});

describe('SsoSignIn', () => {
  it('is not offered when the deployment has no single sign-on', () => {
    resetSiteConfig(config(false));
    const { container } = render(<SsoSignIn />);
    expect(container).toBeEmptyDOMElement();
  });

  it('sends the browser to the identity provider the server names', async () => {
    resetSiteConfig(config(true));
    const go = vi.spyOn(leaveForIdentityProvider, 'go').mockImplementation(() => {});
    startMock.mockResolvedValue({ kind: 'redirect', url: 'https://idp.example/sso?SAMLRequest=abc' });
    render(<SsoSignIn />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with single sign-on' }));
    expect(go).toHaveBeenCalledWith('https://idp.example/sso?SAMLRequest=abc');
  });

  it("shows the server's refusal in an alert", async () => {
    resetSiteConfig(config(true));
    startMock.mockResolvedValue({ kind: 'failed', message: SSO_MESSAGES.notConfigured });
    render(<SsoSignIn />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with single sign-on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.notConfigured);
  });
});
