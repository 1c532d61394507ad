import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, FORBIDDEN_CODE, HOME_TEXT } from '#contract/index.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { envelope, fakeApi } from '../../../test/fakeApi.ts';
import { demoIdentity } from '../../../test/identity.ts';
import { identity } from '../../lib/session/index.ts';
import { STORAGE_KEYS } from '../../lib/session/keys.ts';
import SignedInHome from './SignedInHome.tsx';

afterEach(() => {
  identity.invalidate();
  sessionStorage.clear();
});

describe('SignedInHome', () => {
  it('offers the dashboard and the e-services to a user who may use them', async () => {
    await identity.prime(demoIdentity());
    render(<SignedInHome />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HOME_TEXT.signedInHeading('Tan Ah Kow'));
    expect(screen.getByRole('link', { name: HOME_TEXT.dashboardLink })).toHaveAttribute('href', '#/dashboard');
    expect(screen.getByRole('link', { name: HOME_TEXT.eservicesLink })).toHaveAttribute('href', '#/esvc');
  });

  it('to an officer offers the back office, not a dashboard and e-services that end in access denied', async () => {
    // The server refuses an officer's account the PTIB identity (PTACC-951, docs/decisions/0049).
    sessionStorage.setItem(STORAGE_KEYS.token, 'token');
    fakeApi({
      [API_PATHS.retrieveProfile]: () => ({
        status: 403,
        body: envelope(null, FORBIDDEN_CODE.MISSING_AUTHORITY, OFFICER_MESSAGES.officerOnPtib),
      }),
    });
    render(<SignedInHome />);
    expect(await screen.findByRole('link', { name: HOME_TEXT.backOfficeLink })).toHaveAttribute('href', '#/officer');
    expect(screen.getByText(HOME_TEXT.backOfficeLead)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: HOME_TEXT.dashboardLink })).toBeNull();
    expect(screen.queryByRole('link', { name: HOME_TEXT.eservicesLink })).toBeNull();
  });

  it('without SEMS01 says why there is nothing to open, instead of links that end in access denied', async () => {
    // ptib.noauth: the dashboard and the e-services are access denied, PTACC-951 (spec §6).
    await identity.prime(demoIdentity({ PTIBName: 'Goh Kim Seng', authorizations: [] }));
    render(<SignedInHome />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HOME_TEXT.signedInHeading('Goh Kim Seng'));
    expect(screen.getByText(HOME_TEXT.noEservices)).toBeInTheDocument();
    expect(screen.queryByText(HOME_TEXT.signedInLead)).toBeNull();
    expect(screen.queryByRole('link', { name: HOME_TEXT.dashboardLink })).toBeNull();
    expect(screen.queryByRole('link', { name: HOME_TEXT.eservicesLink })).toBeNull();
  });
});
