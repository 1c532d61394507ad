import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HOME_TEXT } from '#contract/index.ts';
import { demoIdentity } from '../../../test/identity.ts';
import { identity } from '../../lib/session/index.ts';
import SignedInHome from './SignedInHome.tsx';

afterEach(() => identity.invalidate());

describe('SignedInHome', () => {
  it('offers the dashboard and the e-services to a user who may use them', async () => {
    await identity.prime(demoIdentity());
    render(<SignedInHome message={null} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HOME_TEXT.signedInHeading('Tan Ah Kow'));
    expect(screen.getByRole('link', { name: HOME_TEXT.dashboardLink })).toHaveAttribute('href', '#/dashboard');
    expect(screen.getByRole('link', { name: HOME_TEXT.eservicesLink })).toHaveAttribute('href', '#/esvc');
  });

  it('without SEMS01 says why there is nothing to open, instead of links that end in access denied', async () => {
    // ptib.noauth: the dashboard and the e-services are access denied, PTACC-951 (spec §6).
    await identity.prime(demoIdentity({ PTIBName: 'Goh Kim Seng', authorizations: [] }));
    render(<SignedInHome message={null} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HOME_TEXT.signedInHeading('Goh Kim Seng'));
    expect(screen.getByText(HOME_TEXT.noEservices)).toBeInTheDocument();
    expect(screen.queryByText(HOME_TEXT.signedInLead)).toBeNull();
    expect(screen.queryByRole('link', { name: HOME_TEXT.dashboardLink })).toBeNull();
    expect(screen.queryByRole('link', { name: HOME_TEXT.eservicesLink })).toBeNull();
  });
});
