import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, SSO_MESSAGES, SSO_RESPONSE_CODE } from '#contract/index.ts';
import { resetSiteConfig } from '../../components/shell/siteConfig.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { SsoSignIn, leaveForIdentityProvider } from './SsoSignIn.tsx';

const config = (ssoEnabled: boolean) => ({ contactPhone: '1800-225-5529', links: {}, ssoEnabled });

afterEach(() => {
  resetSiteConfig(null);
  vi.restoreAllMocks();
});

describe('SsoSignIn', () => {
  it('is not offered when the deployment has no single sign-on', () => {
    resetSiteConfig(config(false));
    const calls = fakeApi({});
    const { container } = render(<SsoSignIn />);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toEqual([]);
  });

  it('sends the browser to the identity provider the server names', async () => {
    resetSiteConfig(config(true));
    const go = vi.spyOn(leaveForIdentityProvider, 'go').mockImplementation(() => {});
    const calls = fakeApi({
      [`POST ${API_PATHS.samlInitial}`]: () => ({
        body: envelope({ redirectUrl: 'https://idp.example/sso?SAMLRequest=abc' }),
      }),
    });
    render(<SsoSignIn />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with single sign-on' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://idp.example/sso?SAMLRequest=abc'));
    expect(calls.filter((c) => c.path === API_PATHS.samlInitial)).toHaveLength(1);
  });

  it("shows the server's refusal in an alert", async () => {
    resetSiteConfig(config(true));
    fakeApi({
      [`POST ${API_PATHS.samlInitial}`]: () => ({
        status: 404,
        body: envelope(null, SSO_RESPONSE_CODE.NOT_CONFIGURED, SSO_MESSAGES.notConfigured),
      }),
    });
    render(<SsoSignIn />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with single sign-on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.notConfigured);
  });
});
